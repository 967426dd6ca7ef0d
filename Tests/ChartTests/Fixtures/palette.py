"""Chooses the chart palette (SeriesStyle.palette) and writes palette.json, the reference the
ChartTests palette test checks against, so that `swift test` needs no Python.

Run: PYTHONPATH=<dir with colorspacious==1.1.2 (needs numpy)> python3 palette.py > palette.json

- Colour vision deficiency: Machado, Oliveira & Fernandes (2009), "A physiologically-based model for
  simulation of color vision deficiency", severity 1.0 matrices applied to linear sRGB. The
  reference simulation is colorspacious's (an independent implementation of the same paper).
- Colour difference: CIEDE2000 (Sharma, Wu & Dalal 2005), checked here against three pairs of
  their published test data.
- Contrast: WCAG 2.1 relative luminance; every light colour >= 3.2:1 on white, every dark colour
  >= 3.2:1 on #12161c (3:1 is WCAG 1.4.11's floor; the margin survives rounding to #rrggbb).
- Choice: greedy max-min over a grid of CIELAB hues/chromas, a light and a dark lightness per pair,
  the first colour fixed (a blue); the score is the smallest CIEDE2000 between any two colours of
  the light palette or of the dark palette, under normal vision and each of the three simulations.
"""
import json
import math
import sys

import colorspacious

COUNT = 12
WHITE, DARK = "#ffffff", "#12161c"
MATRICES = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def to_linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(c):
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def hex_rgb(h):
    return [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]


def rgb_hex(rgb):
    return "#" + "".join("%02x" % round(max(0, min(1, c)) * 255) for c in rgb)


def luminance(rgb):
    r, g, b = (to_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def simulate(rgb, kind):
    if kind == "normal":
        return list(rgb)
    lin = [to_linear(c) for c in rgb]
    m = MATRICES[kind]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return [from_linear(max(0.0, min(1.0, c))) for c in out]


def lab(rgb):
    x, y, z = colorspacious.cspace_convert(rgb, "sRGB1", "XYZ100")
    return list(colorspacious.cspace_convert([x, y, z], "XYZ100", {"name": "CIELab", "XYZ100_w": "D65"}))


def ciede2000(a, b):
    L1, a1, b1 = a
    L2, a2, b2 = b
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if C1p else 0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if C2p else 0
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lpm, Cpm = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    else:
        hpm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hpm - 30)) + 0.24 * math.cos(math.radians(2 * hpm))
         + 0.32 * math.cos(math.radians(3 * hpm + 6)) - 0.20 * math.cos(math.radians(4 * hpm - 63)))
    dtheta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / math.sqrt(20 + (Lpm - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cpm, 1 + 0.015 * Cpm * T
    Rt = -math.sin(math.radians(2 * dtheta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


# Sharma, Wu & Dalal (2005), table 1, pairs 1-3.
SHARMA = [([50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425), ([50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615),
          ([50, 2.8361, -74.0200], [50, 0, -82.7485], 3.4412)]
for p, q, want in SHARMA:
    assert abs(ciede2000(p, q) - want) < 1e-4, (p, q, ciede2000(p, q))

KINDS = ["normal", "protanopia", "deuteranopia", "tritanopia"]


def candidate(L, C, h):
    rgb = list(colorspacious.cspace_convert([L, C * math.cos(math.radians(h)), C * math.sin(math.radians(h))],
                                            {"name": "CIELab", "XYZ100_w": "D65"}, "sRGB1"))
    if any(c < 0 or c > 1 for c in rgb):
        return None
    rgb = hex_rgb(rgb_hex(rgb))
    return rgb, [lab(simulate(rgb, k)) for k in KINDS]


def main():
    pairs = []
    for h in range(0, 360, 15):
        for C in (30, 42, 54, 66, 78):
            lights = [c for c in (candidate(L, C, h) for L in (30, 36, 42, 48, 54)) if c and contrast(c[0], hex_rgb(WHITE)) >= 3.2]
            darks = [c for c in (candidate(L, C, h) for L in (62, 68, 74, 80, 86)) if c and contrast(c[0], hex_rgb(DARK)) >= 3.2]
            pairs += [(a, b) for a in lights for b in darks]
    first = (candidate(42, 54, 285), candidate(68, 48, 270))
    chosen = [first]

    def score(pair):
        return min(min(ciede2000(pair[s][1][k], c[s][1][k]) for k in range(4) for s in (0, 1)) for c in chosen)

    while len(chosen) < COUNT:
        chosen.append(max(pairs, key=score))
    palette = [{"light": rgb_hex(a[0]), "dark": rgb_hex(b[0])} for a, b in chosen]
    reference = {}
    for c in palette:
        for scheme in ("light", "dark"):
            rgb = hex_rgb(c[scheme])
            reference[c[scheme]] = {k: list(colorspacious.cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": k.replace("opia", "omaly"), "severity": 100}, "sRGB1"))
                                    for k in KINDS[1:]}
            reference[c[scheme]]["lab"] = lab(rgb)
    minimum = min(ciede2000(lab(simulate(hex_rgb(a[s]), k)), lab(simulate(hex_rgb(b[s]), k)))
                  for i, a in enumerate(palette) for b in palette[i + 1:] for s in ("light", "dark") for k in KINDS)
    json.dump({"palette": palette, "minimumCIEDE2000": round(minimum, 3), "simulated": reference,
               "sharma": [{"a": p, "b": q, "deltaE": d} for p, q, d in SHARMA]}, sys.stdout, indent=1)
    print()


main()
