#!/usr/bin/env python3
"""Reference values for TrendTests from independent implementations (fixed seed, deterministic).

Writes reference.json (scipy.stats.linregress, pymannkendall.original_test, hamed_rao_modification_test / sens_slope, numpy mean,
median and sample standard deviation) and sen_large.json (scipy.stats.theilslopes on series longer
than SenSlope.pairLimit, for the slope-selection path).
Run: /tmp/venv-trend/bin/python Tests/TrendTests/Fixtures/generate.py  (numpy, scipy, pymannkendall
as pinned in Benchmarks/requirements.txt)
"""
import json
import os

import numpy as np
import pymannkendall as mk
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261129)


def series():
    yield "random-10", None, rng.normal(0, 1, 10)
    yield "random-50", None, rng.normal(5, 2, 50)
    yield "random-100", None, rng.normal(-3, 10, 100)
    yield "random-500", None, rng.normal(0, 1, 500)
    yield "rising-200", None, np.arange(200) * 0.05 + rng.normal(0, 1, 200)
    yield "falling-300", None, 100 - np.arange(300) * 0.2 + rng.normal(0, 5, 300)
    yield "ties-30", None, rng.integers(0, 5, 30).astype(float)
    yield "ties-200", None, rng.integers(0, 10, 200).astype(float)
    yield "ties-1000", None, rng.integers(0, 20, 1000).astype(float) + np.arange(1000) // 100
    yield "ties-everywhere-60", None, np.repeat([1.0, 2.0, 1.0, 3.0, 2.0, 2.0], 10)
    yield "constant-10", None, np.full(10, 7.5)
    yield "two-points", None, np.array([3.0, 5.0])
    yield "two-points-falling", None, np.array([5.0, -1.0])
    yield "three-points", None, np.array([1.0, 3.0, 2.0])
    yield "four-points", None, np.array([4.0, 4.0, 1.0, 9.0])
    yield "walk-2000", None, np.cumsum(rng.normal(0, 1, 2000))
    yield "ties-2000", None, np.round(np.cumsum(rng.normal(0, 1, 2000)))
    yield "large-values-2000", None, 1e6 + np.cumsum(rng.normal(0, 0.01, 2000))
    yield "sine-400", None, np.sin(np.arange(400) / 20.0) + rng.normal(0, 0.1, 400)
    yield "uneven-x-100", np.cumsum(rng.uniform(0.5, 3, 100)), rng.normal(0, 1, 100) + np.arange(100) * 0.01
    yield "days-x-150", 20000 + np.cumsum(rng.integers(1, 4, 150)).astype(float), np.cumsum(rng.normal(0.1, 1, 150))
    yield "uneven-ties-80", np.cumsum(rng.integers(1, 3, 80)).astype(float), rng.integers(0, 4, 80).astype(float)


def main():
    cases = []
    for name, x, y in series():
        y = np.asarray(y, dtype=float)
        n = len(y)
        xs = np.arange(n, dtype=float) if x is None else np.asarray(x, dtype=float)
        case = {"name": name, "x": None if x is None else xs.tolist(), "y": y.tolist(),
                "mean": float(np.mean(y)), "median": float(np.median(y)),
                "stdev": float(np.std(y, ddof=1)) if n > 1 else None}
        if n >= 2:
            lr = stats.linregress(xs, y)
            # scipy's r is NaN for a constant y; JSON has no NaN, so it is written as null
            # (chartpipe reports r2 = 0 there: the line explains none of a variation that is absent).
            r2 = float(lr.rvalue) ** 2
            case["leastSquares"] = {"slope": float(lr.slope), "intercept": float(lr.intercept),
                                    "r2": None if np.isnan(r2) else r2}
            r = mk.original_test(y)
            trend = {"no trend": "none"}.get(r.trend, r.trend)
            case["mannKendall"] = {"s": int(r.s), "varS": float(r.var_s), "z": float(r.z), "p": float(r.p),
                                   "pTail": float(2 * stats.norm.sf(abs(r.z))), "tau": float(r.Tau), "trend": trend}
            # Hamed-Rao needs three values and ranks that vary (a constant series has no autocorrelation).
            h = mk.hamed_rao_modification_test(y) if len(y) >= 3 and np.ptp(y) > 0 else None
            if h is not None: case["mannKendall"]["hamedRao"] = {"varS": float(h.var_s), "z": float(h.z), "p": float(h.p),
                                               "pTail": float(2 * stats.norm.sf(abs(h.z))),
                                               "trend": {"no trend": "none"}.get(h.trend, h.trend)}
            if x is None:
                s = mk.sens_slope(y)
                case["sen"] = {"slope": float(s.slope), "intercept": float(s.intercept)}
            else:
                t = stats.theilslopes(y, xs)
                case["sen"] = {"slope": float(t.slope), "intercept": float(t.intercept)}
        cases.append(case)
    with open(os.path.join(HERE, "reference.json"), "w") as f:
        json.dump({"generator": "generate.py", "seed": 20261129, "cases": cases}, f, indent=0)
        f.write("\n")

    large = []
    for name, x, y in [
        ("walk-5000", np.cumsum(rng.uniform(0.5, 2, 5000)), np.cumsum(rng.normal(0, 1, 5000))),
        ("ties-4001", np.arange(4001, dtype=float), rng.integers(0, 3, 4001).astype(float)),
        ("noise-4500", np.arange(4500, dtype=float), rng.normal(0, 1, 4500) + np.arange(4500) * 1e-4),
    ]:
        t = stats.theilslopes(y, x)
        large.append({"name": name, "x": x.tolist(), "y": y.tolist(),
                      "sen": {"slope": float(t.slope), "intercept": float(t.intercept)}})
    with open(os.path.join(HERE, "sen_large.json"), "w") as f:
        json.dump({"generator": "generate.py", "cases": large}, f)
        f.write("\n")


if __name__ == "__main__":
    main()
