#!/usr/bin/env python3
"""Ratio benchmark of the trend stage's statistics against scipy / pymannkendall, in one run.

Cases (ours / peer, both timed in-process on the same data; limit from the issue):
  mk   MannKendall.test (S + tie-corrected variance, O(n log n))  vs scipy.stats.kendalltau   limit 1.0
  ls   LeastSquares.fit                                           vs scipy.stats.linregress   limit 2.0
  sen  SenSlope.estimate (10,000 points)                          vs pymannkendall.sens_slope limit 1.0
Data: the series of gen_data.py (series_N.npz: x epoch ms, y temperature), x as seconds since the
first point. Env: BENCH_BIN, DATA_DIR; BENCH_SMALL=1 uses 100,000 points instead of 1,000,000.
"""
import json
import os
import statistics
import subprocess

import numpy as np

import gen_data
from timing import measure

BIN = os.environ["BENCH_BIN"]
DATA_DIR = os.environ.get("DATA_DIR", "data")
SMALL = os.environ.get("BENCH_SMALL") == "1"
N = 100_000 if SMALL else 1_000_000
SEN_N = 2_000 if SMALL else 10_000
REPEATS = 3 if SMALL else 5


def series(n):
    z = np.load(gen_data.ensure(DATA_DIR, "npz", n))
    x = (z["x"] - z["x"][0]).astype(np.float64) / 1000.0
    return np.ascontiguousarray(x), np.ascontiguousarray(z["y"], dtype=np.float64)


def files(x, y, tag):
    px, py = os.path.join(DATA_DIR, f"trend_{tag}_x.f64"), os.path.join(DATA_DIR, f"trend_{tag}_y.f64")
    x.astype("<f8").tofile(px)
    y.astype("<f8").tofile(py)
    return px, py


def ours(case, px, py):
    out = subprocess.run([BIN, "trend", case, px, py, str(REPEATS)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(case, ours_s, peer_s, limit, agree):
    ratio = ours_s / peer_s
    verdict = "PASS" if ratio <= limit and agree else "FAIL"
    print(f"ratio trend {case} {ours_s:.6f} {peer_s:.6f} {ratio:.3f} {limit} {verdict}", flush=True)


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def main():
    import pymannkendall as mk
    from scipy import stats

    x, y = series(N)
    px, py = files(x, y, N)

    walls, r = measure(lambda: stats.kendalltau(x, y), REPEATS)
    o = ours("mk", px, py)
    # x is strictly increasing, so kendalltau's tau-b equals S / sqrt(n0 (n0 - n2)) with n2 the y ties.
    _, counts = np.unique(y, return_counts=True)
    n0 = N * (N - 1) / 2
    tau_b = o["check"]["s"] / np.sqrt(n0 * (n0 - float(np.sum(counts * (counts - 1) / 2))))
    report(f"mk-{N}", o["median_s"], statistics.median(walls), 1.0, close(tau_b, float(r.statistic), 1e-9))

    walls, r = measure(lambda: stats.linregress(x, y), REPEATS)
    o = ours("ls", px, py)
    c = o["check"]
    agree = close(c["slope"], r.slope) and close(c["intercept"], r.intercept) and close(c["r2"], r.rvalue ** 2)
    report(f"ls-{N}", o["median_s"], statistics.median(walls), 2.0, agree)

    xs, ys = np.arange(SEN_N, dtype=np.float64), y[:SEN_N].copy()
    pxs, pys = files(xs, ys, f"sen{SEN_N}")
    walls, r = measure(lambda: mk.sens_slope(ys), 3)
    o = ours("sen", pxs, pys)
    agree = close(o["check"]["slope"], float(r.slope)) and close(o["check"]["intercept"], float(r.intercept))
    report(f"sen-{SEN_N}", o["median_s"], statistics.median(walls), 1.0, agree)


if __name__ == "__main__":
    main()
