"""Measures the text of SVG charts as headless chromium lays it out (selenium, Debian's chromium).

Usage: measure_svg_text.py OUT_DIR WIDTH FILE.svg...

Each FILE is opened in a window WIDTH CSS pixels wide (the SVG at its own size; one wider than the
window is scaled down to fit it, as a page would with max-width: 100%), in the light and the dark
scheme. It writes OUT_DIR/<name>.<WIDTH>.<scheme>.png for people to look at and prints one JSON
object: per file, the smallest rendered font size of any text (font-size times the SVG's scale on
screen) and of the tick labels (font-size 12 in the SVG), the number of text boxes, and every pair
of text boxes that overlap by more than 1 px in both directions (with their texts), the texts that
reach past the SVG's left or right edge (cut off), and the fonts chromium drew the tick labels with
in a Chinese, Japanese or Korean SVG (CSS.getPlatformFontsForNode: the font files' family names,
so a CJK label measured in a font without its glyphs shows). A text's box is
its layout box less a fifth of its height at the top and at the bottom: the font's ascent and descent
hold space above capitals and below the baseline that no glyph of the line reaches.
"""
import json
import os
import sys

from chromium import open_chromium

MEASURE = """
var svg = document.querySelector('svg');
var ctm = svg.getScreenCTM();
var scale = ctm ? ctm.a : 1;
var out = [];
svg.querySelectorAll('text').forEach(function (t) {
  var r = t.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) { return; }
  var size = parseFloat(getComputedStyle(t).fontSize) * scale;
  out.push({text: t.textContent, size: size, tick: t.getAttribute('font-size') === '12',
            box: [r.left, r.top, r.right, r.bottom]});
});
var edge = svg.getBoundingClientRect();
var outside = out.filter(function (t) { return t.box[0] < edge.left - 1 || t.box[2] > edge.right + 1; }).map(function (t) { return t.text; });
return {texts: out, width: edge.width, outside: outside};
"""


def page(path, width):
    """A page holding the SVG as a page would: at most as wide as the window."""
    with open(path, encoding="utf-8") as f:
        svg = f.read()
    svg = svg[svg.index("<svg"):]
    html = ("<!doctype html><meta charset=utf-8><style>body{margin:0}svg{display:block;max-width:100%%;height:auto}</style>%s" % svg)
    out = path + ".%d.html" % width
    with open(out, "w", encoding="utf-8") as f:
        f.write(html)
    return out


def tick_fonts(driver):
    """The family names of the fonts that drew the tick labels (font-size 12)."""
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = driver.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": "text[font-size='12']"})["nodeIds"]
    families = set()
    for node in nodes:
        for font in driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]:
            families.add(font["familyName"])
    return sorted(families)


def cjk(driver):
    """Whether the SVG is in Chinese, Japanese or Korean (its fonts are asked only then: it is slow)."""
    return driver.execute_script("return document.querySelector('svg').getAttribute('lang')").split("-")[0] in ("zh", "ja", "ko")


def main():
    out_dir, width, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    driver = open_chromium()
    report = {}
    try:
        for path in files:
            html = page(path, width)
            entry = {}
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get("file://" + os.path.abspath(html))
                height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": max(200, height), "deviceScaleFactor": 1, "mobile": False})
                name = os.path.splitext(os.path.basename(path))[0]
                with open(os.path.join(out_dir, "%s.%d.%s.png" % (name, width, scheme)), "wb") as f:
                    f.write(driver.get_screenshot_as_png())
                if scheme == "light":
                    measured = driver.execute_script(MEASURE)
                    texts = measured["texts"]
                    overlaps = []
                    for i, a in enumerate(texts):
                        for b in texts[i + 1:]:
                            dx = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
                            def inset(box):
                                h = (box[3] - box[1]) * 0.2
                                return box[1] + h, box[3] - h
                            (at, ab), (bt, bb) = inset(a["box"]), inset(b["box"])
                            dy = min(ab, bb) - max(at, bt)
                            if dx > 1 and dy > 1:
                                overlaps.append([a["text"], b["text"]])
                    entry = {"texts": len(texts), "minSize": min((t["size"] for t in texts), default=0),
                             "minTickSize": min((t["size"] for t in texts if t["tick"]), default=0),
                             "ticks": sum(1 for t in texts if t["tick"]), "overlaps": overlaps,
                             "drawnWidth": measured["width"], "outside": measured["outside"], "tickFonts": tick_fonts(driver) if cjk(driver) else None}
            os.remove(html)
            report[path] = entry
    finally:
        driver.quit()
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
