"""Checks chartpipe's HTML reports in Debian's headless chromium (selenium and chromedriver, both from
Debian, so nothing is downloaded), and prints what it found as one JSON object.

Usage:
  check_report.py axe REPORT...                    axe-core (the axe.min.js that axe-playwright-python
                                                   ships) on each report in the light and dark schemes,
                                                   as loaded and with every <details> open
  check_report.py keys REPORT CHART KEY...         focuses the chart whose element has data-chart=CHART,
                                                   presses the keys (Right, Left, Up, Down, Home, End,
                                                   PageDown, PageUp, Space, Escape, a letter, or
                                                   Shift+<key>; Wait waits half a second, Reload loads
                                                   the page again and focuses the chart) and records
                                                   the chart's live regions after each, the tones
                                                   the page asked for since the press before (its
                                                   window.__chartpipeTones hook) and the braille
                                                   field (its text, caret, whether it has focus)
  check_report.py marker REPORT CHART WIDTH KEY...  the same keys in a window WIDTH CSS pixels wide; after
                                                   each, which of the chart's SVGs is shown (0: wide,
                                                   1: narrow) and which holds the visible focus ring,
                                                   the ring's centre, and the centres of the first and
                                                   last point of the first series as that SVG draws
                                                   them (its first tooltip targets)
  check_report.py tree REPORT CHART KEY...         focuses the first item of the chart's tree, presses
                                                   the keys (Right, Left, Up, Down, Enter), records the
                                                   focused item's name and level after each, then the
                                                   tree's nodes in Chromium's accessibility tree (CDP
                                                   Accessibility.getFullAXTree): role, name, level,
                                                   expanded, focused
  check_report.py nojs REPORT...                   with JavaScript off: each chart's title, summary and
                                                   table, and whether the table shows once its
                                                   disclosure is opened
  check_report.py shots OUT_DIR REPORT...          full-page screenshots in the light and dark schemes
                                                   and in forced colours, and how many pixels of the
                                                   page's top differ from a copy whose CJK characters
                                                   are replaced by U+10FFFD, a code point no font has
                                                   (glyphs differ from missing-glyph boxes, boxes do not)
  check_report.py hostile REPORT                   listens for alert(), confirm(), prompt() and Content
                                                   Security Policy violations while the page loads and
                                                   a chart is explored; lists the page's scripts and
                                                   event-handler attributes
"""
import importlib.util
import json
import os
import re
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from chromium import open_chromium
from render_svg import CJK, MISSING, differing_pixels

KEYS = {"Right": Keys.ARROW_RIGHT, "Left": Keys.ARROW_LEFT, "Up": Keys.ARROW_UP, "Down": Keys.ARROW_DOWN,
        "Home": Keys.HOME, "End": Keys.END, "PageDown": Keys.PAGE_DOWN, "PageUp": Keys.PAGE_UP, "Space": " ",
        "Escape": Keys.ESCAPE}


def browser(javascript=True, width=1100, height=1000):
    return open_chromium(["--window-size=%d,%d" % (width, height), "--mute-audio"], javascript=javascript)


def scheme(driver, name):
    features = [{"name": "prefers-color-scheme", "value": "dark" if name == "dark" else "light"},
                {"name": "forced-colors", "value": "active" if name == "forced" else "none"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})


def url(path):
    return "file://" + os.path.abspath(path)


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8") as f:
        return f.read()


def run_axe(driver, source):
    driver.execute_script(source)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document).then(function (r) { done({violations: r.violations.map(function (v) {"
        "  return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {"
        "    return {target: n.target, summary: n.failureSummary}; })}; }), passes: r.passes.length}); },"
        " function (e) { done({error: String(e)}); });")
    return result


def axe(reports):
    source = axe_source()
    driver = browser()
    driver.set_script_timeout(120)
    out = {}
    try:
        for report in reports:
            entry = {}
            for name in ["light", "dark"]:
                scheme(driver, name)
                driver.get(url(report))
                entry[name] = run_axe(driver, source)
                driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
                entry[name + "-open"] = run_axe(driver, source)
            out[report] = entry
    finally:
        driver.quit()
    return out


def keys(report, chart, presses):
    driver = browser()
    out = {"presses": []}
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "window.__chartpipeTones = [];"})
        driver.get(url(report))

        def find():
            plot = driver.find_element(By.CSS_SELECTOR, '[data-chart="%s"]' % chart)
            section = plot.find_element(By.XPATH, "ancestor::section")
            driver.execute_script("arguments[0].focus();", plot)
            return (plot, section, section.find_element(By.CSS_SELECTOR, "[data-live=point]"),
                    section.find_element(By.CSS_SELECTOR, "[data-live=series]"))
        plot, section, point, series = find()
        out["focused"] = driver.switch_to.active_element == plot
        out["role"] = plot.get_attribute("role")
        out["label"] = plot.get_attribute("aria-label")
        out["politeRegions"] = [e.get_attribute("data-live") for e in section.find_elements(By.CSS_SELECTOR, "[aria-live=polite]")]
        heard = 0
        for press in presses:
            actions = ActionChains(driver)
            if press == "Wait":
                time.sleep(0.5)
            elif press == "Reload":
                driver.refresh()
                plot, section, point, series = find()
                heard = 0
            elif press.startswith("Shift+"):
                name = press[len("Shift+"):]
                actions.key_down(Keys.SHIFT).send_keys(KEYS.get(name, name.lower())).key_up(Keys.SHIFT)
            else:
                actions.send_keys(KEYS.get(press, press))
            if press not in ("Wait", "Reload"):
                actions.perform()
            time.sleep(0.2)
            tones = driver.execute_script("return window.__chartpipeTones.slice(arguments[0]);", heard)
            heard += len(tones)
            marker = driver.execute_script(
                "var r = arguments[0].querySelector('.cp-ring');"
                "if (!r || !arguments[0].classList.contains('cp-active')) { return null; }"
                "var b = r.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2];", plot)
            braille = driver.execute_script(
                "var f = arguments[0].querySelector('.cp-braille-field');"
                "return f ? {value: f.value, caret: f.selectionStart, focused: document.activeElement === f} : null;", section)
            out["presses"].append({"key": press, "point": point.text, "series": series.text, "marker": marker, "tones": tones,
                                   "braille": braille})
    finally:
        driver.quit()
    return out


def tree(report, chart, presses):
    driver = browser()
    out = {"presses": []}
    try:
        driver.get(url(report))
        section = driver.find_element(By.CSS_SELECTOR, '[data-chart="%s"]' % chart).find_element(By.XPATH, "ancestor::section")
        first = section.find_element(By.CSS_SELECTOR, "ul.cp-tree [role=treeitem]")
        driver.execute_script("arguments[0].focus();", first)
        keys = {"Enter": Keys.ENTER}
        for press in presses:
            ActionChains(driver).send_keys(keys.get(press, KEYS.get(press, press))).perform()
            time.sleep(0.1)
            out["presses"].append({"key": press, "focused": driver.execute_script(
                "var e = document.activeElement; return e && e.getAttribute('role') === 'treeitem'"
                " ? {name: e.getAttribute('aria-label'), level: Number(e.getAttribute('aria-level'))} : null;")})
        driver.execute_cdp_cmd("Accessibility.enable", {})
        nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        found = []
        for node in nodes:
            role = (node.get("role") or {}).get("value")
            if role not in ("tree", "treeitem", "group") or node.get("ignored"):
                continue
            properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            found.append({"role": role, "name": (node.get("name") or {}).get("value"), "level": properties.get("level"),
                          "expanded": properties.get("expanded"), "focused": properties.get("focused", False)})
        out["ax"] = found
    finally:
        driver.quit()
    return out


MARKER = """
var plot = arguments[0], svgs = Array.prototype.slice.call(plot.querySelectorAll(':scope > svg'));
var centre = function (e) { var b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
var shown = svgs.findIndex(function (s) { return s.getClientRects().length > 0; });
var ring = svgs.map(function (s) { return s.querySelector('.cp-ring'); })
  .findIndex(function (r) { return r && r.getClientRects().length > 0 && r.getBoundingClientRect().width > 0; });
var targets = shown < 0 ? [] : svgs[shown].querySelectorAll('g[fill=transparent]')[0].querySelectorAll('circle');
return {shown: shown, ring: ring, active: plot.classList.contains('cp-active'),
        marker: ring < 0 ? null : centre(svgs[ring].querySelector('.cp-ring')),
        first: targets.length ? centre(targets[0]) : null, last: targets.length ? centre(targets[targets.length - 1]) : null};
"""


def marker(report, chart, width, presses):
    driver = browser(width=width)
    out = []
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
        driver.get(url(report))
        plot = driver.find_element(By.CSS_SELECTOR, '[data-chart="%s"]' % chart)
        driver.execute_script("arguments[0].scrollIntoView(); arguments[0].focus();", plot)
        for press in presses:
            ActionChains(driver).send_keys(KEYS.get(press, press)).perform()
            time.sleep(0.3)
            entry = driver.execute_script(MARKER, plot)
            entry["key"] = press
            out.append(entry)
    finally:
        driver.quit()
    return out


def nojs(reports):
    driver = browser(javascript=False)
    out = {}
    try:
        for report in reports:
            driver.get(url(report))
            out[report] = {"charts": []}
            for section in driver.find_elements(By.CSS_SELECTOR, "main section.cp-chart"):
                # The chart's heading: h2 on a single page, h1 on the chart's own page.
                entry = {"id": section.get_attribute("id"), "title": section.find_element(By.CSS_SELECTOR, "h1, h2").text}
                summary = section.find_elements(By.CSS_SELECTOR, ".cp-summary")
                entry["summary"] = summary[0].text if summary else None
                tables = section.find_elements(By.CSS_SELECTOR, "details.cp-table")
                if tables:
                    details = tables[0]
                    details.find_element(By.TAG_NAME, "summary").click()
                    table = details.find_element(By.TAG_NAME, "table")
                    entry["table"] = {"shown": table.is_displayed(), "rows": len(table.find_elements(By.CSS_SELECTOR, "tbody tr")),
                                      "caption": table.find_element(By.TAG_NAME, "caption").text}
                entry["error"] = [e.text for e in section.find_elements(By.CSS_SELECTOR, ".cp-error p")]
                entry["hint"] = [e.is_displayed() for e in section.find_elements(By.CSS_SELECTOR, ".cp-hint")]
                entry["focusable"] = [e.get_attribute("tabindex") for e in section.find_elements(By.CSS_SELECTOR, ".cp-plot")]
                out[report]["charts"].append(entry)
    finally:
        driver.quit()
    return out


def full_page(driver, path, name, out_png):
    scheme(driver, name)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
    driver.get(url(path))
    height = min(driver.execute_script("return document.documentElement.scrollHeight"), 16000)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": height, "deviceScaleFactor": 1, "mobile": False})
    png = driver.get_screenshot_as_png()
    if out_png:
        with open(out_png, "wb") as f:
            f.write(png)
    return png


def top(driver, path):
    scheme(driver, "light")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 1400, "deviceScaleFactor": 1, "mobile": False})
    driver.get(url(path))
    return driver.get_screenshot_as_png()


def shots(out_dir, reports):
    os.makedirs(out_dir, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="chartpipe-report-")
    driver = browser()
    out = {}
    try:
        for report in reports:
            name = os.path.splitext(os.path.basename(report))[0]
            entry = {"renders": {}}
            for kind in ["light", "dark", "forced"]:
                target = os.path.join(out_dir, "%s.%s.png" % (name, kind))
                png = full_page(driver, report, kind, target)
                entry["renders"][kind] = {"png": target, "bytes": len(png)}
            with open(report, encoding="utf-8") as f:
                text = f.read()
            missing = os.path.join(scratch, name + ".missing.html")
            with open(missing, "w", encoding="utf-8") as f:
                f.write(CJK.sub(MISSING, text))
            entry["cjk"] = len(CJK.findall(text))
            entry["differing"] = differing_pixels(top(driver, report), top(driver, missing))
            out[report] = entry
    finally:
        driver.quit()
    return out


def hostile(report):
    driver = browser()
    out = {}
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
            "window.__dialogs = []; window.__violations = [];"
            "['alert', 'confirm', 'prompt'].forEach(function (name) {"
            "  window[name] = function (message) { window.__dialogs.push(name + ': ' + message); }; });"
            "document.addEventListener('securitypolicyviolation', function (e) {"
            "  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')); });")})
        driver.get(url(report))
        for plot in driver.find_elements(By.CSS_SELECTOR, "[data-chart]"):
            driver.execute_script("arguments[0].focus();", plot)
            for press in [Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.END, "p", "c"]:
                ActionChains(driver).send_keys(press).perform()
        driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
        time.sleep(0.3)
        out["dialogs"] = driver.execute_script("return window.__dialogs")
        out["violations"] = driver.execute_script("return window.__violations")
        out["scripts"] = driver.execute_script(
            "return Array.prototype.map.call(document.scripts, function (s) { return s.type || 'classic'; })")
        out["handlers"] = driver.execute_script(
            "var found = []; document.querySelectorAll('*').forEach(function (e) {"
            "  Array.prototype.forEach.call(e.attributes, function (a) {"
            "    if (/^on/i.test(a.name)) { found.push(e.tagName + ' ' + a.name); } }); }); return found;")
        out["images"] = len(driver.find_elements(By.TAG_NAME, "img"))
        out["texts"] = driver.execute_script("return document.body.innerText")
        out["live"] = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[data-live=point]")]
    finally:
        driver.quit()
    return out


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "axe":
        result = axe(arguments)
    elif command == "keys":
        result = keys(arguments[0], arguments[1], arguments[2:])
    elif command == "marker":
        result = marker(arguments[0], arguments[1], int(arguments[2]), arguments[3:])
    elif command == "tree":
        result = tree(arguments[0], arguments[1], arguments[2:])
    elif command == "nojs":
        result = nojs(arguments)
    elif command == "shots":
        result = shots(arguments[0], arguments[1:])
    elif command == "hostile":
        result = hostile(arguments[0])
    else:
        raise SystemExit("unknown command " + command)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
