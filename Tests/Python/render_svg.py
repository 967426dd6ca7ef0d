"""Renders SVG files to PNG with Debian's headless chromium (through selenium and chromedriver, both
from Debian, so nothing is downloaded), and checks that CJK text is drawn with glyphs.

Usage: render_svg.py OUT_DIR [--schemes light,dark,forced] [--cjk-check] [--without-cjk-fonts] FILE.svg...

For every FILE it writes OUT_DIR/<name>.<scheme>.png (light: the default; dark: prefers-color-scheme
dark; forced: forced-colors active) and prints one JSON object: per file, each PNG's path and size,
whether the SVG parsed as XML, and with --cjk-check how many pixels differ between the render and a
render of the same SVG whose CJK characters are replaced by U+10FFFD, a code point no font has. Where
a font draws the CJK text, the two differ; where none does, both show the same missing-glyph boxes
("tofu") and do not differ. --without-cjk-fonts renders with a fontconfig setup that holds only DejaVu,
which lacks CJK glyphs: the control that shows the check can fail.
"""
import json
import os
import re
import struct
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zlib

from chromium import open_chromium

CJK = re.compile("[\u1100-\u11ff\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]")
MISSING = "\U0010fffd"


def decode_png(data):
    """Pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what chromium writes) as rows of bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 4
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def differing_pixels(png_a, png_b):
    wa, ha, ca, rows_a = decode_png(png_a)
    wb, hb, cb, rows_b = decode_png(png_b)
    if (wa, ha, ca) != (wb, hb, cb):
        return wa * ha
    count = 0
    for ra, rb in zip(rows_a, rows_b):
        if ra != rb:
            count += sum(1 for x in range(0, len(ra), ca) if ra[x:x + ca] != rb[x:x + ca])
    return count


def svg_size(text):
    root = ElementTree.fromstring(text.encode("utf-8"))
    return int(float(root.get("width", "720"))), int(float(root.get("height", "420")))


def screenshot(driver, path, width, height, scheme):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    features = []
    if scheme == "dark":
        features.append({"name": "prefers-color-scheme", "value": "dark"})
    else:
        features.append({"name": "prefers-color-scheme", "value": "light"})
    if scheme == "forced":
        features.append({"name": "forced-colors", "value": "active"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": features})
    driver.get("file://" + os.path.abspath(path))
    return driver.get_screenshot_as_png()


def main():
    arguments = sys.argv[1:]
    out_dir = arguments.pop(0)
    schemes, cjk_check, without_cjk = ["light"], False, False
    files = []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--schemes":
            schemes = arguments.pop(0).split(",")
        elif argument == "--cjk-check":
            cjk_check = True
        elif argument == "--without-cjk-fonts":
            without_cjk = True
        else:
            files.append(argument)
    os.makedirs(out_dir, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="chartpipe-render-")
    env = dict(os.environ)
    if without_cjk:
        config = os.path.join(scratch, "fonts.conf")
        with open(config, "w") as f:
            f.write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    '<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>%s</cachedir></fontconfig>'
                    % os.path.join(scratch, "cache"))
        env["FONTCONFIG_FILE"] = config
    driver = open_chromium(["--window-size=1200,1000"], env=env)
    report = {}
    try:
        for path in files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            entry = {"parsed": True, "renders": {}}
            try:
                width, height = svg_size(text)
            except ElementTree.ParseError as error:
                report[path] = {"parsed": False, "error": str(error)}
                continue
            name = os.path.splitext(os.path.basename(path))[0]
            prefix = os.path.basename(os.path.dirname(path))
            stem = (prefix + "." if prefix else "") + name + (".without-cjk-fonts" if without_cjk else "")
            light_png = None
            for scheme in schemes:
                png = screenshot(driver, path, width, height, scheme)
                out = os.path.join(out_dir, "%s.%s.png" % (stem, scheme))
                with open(out, "wb") as f:
                    f.write(png)
                entry["renders"][scheme] = {"png": out, "bytes": len(png)}
                if scheme == "light":
                    light_png = png
            if cjk_check:
                glyphs = CJK.findall(text)
                missing = os.path.join(scratch, name + ".missing.svg")
                with open(missing, "w", encoding="utf-8") as f:
                    f.write(CJK.sub(MISSING, text))
                reference = screenshot(driver, missing, width, height, "light")
                png = light_png or screenshot(driver, path, width, height, "light")
                entry["cjk"] = len(glyphs)
                entry["differing"] = differing_pixels(png, reference)
            report[path] = entry
    finally:
        driver.quit()
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
