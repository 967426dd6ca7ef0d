#!/usr/bin/env python3
"""Generates the downsampling fixtures: series (binary, little-endian float64: n x values then n y
values) and the indices that tsdownsample picks for them (expected.json).

usage: python generate.py   (needs numpy and tsdownsample as pinned in Benchmarks/requirements.txt)
The seed is fixed, so a rerun writes identical files.
"""
import json
import os
from importlib import metadata

import numpy as np
import tsdownsample as tsd

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20131101
BASE_MS = 1577836800000  # 2020-01-01T00:00:00Z


def make(rng, shape, n, spacing):
    if shape == "walk":
        y = np.cumsum(rng.normal(size=n))
    elif shape == "spikes":
        y = rng.normal(size=n) * 0.1
        k = rng.integers(0, n, size=max(1, n // 40))
        y[k] += rng.normal(size=len(k)) * 25
    elif shape == "plateaus":
        y = np.repeat(rng.integers(0, 6, size=n // 7 + 1).astype(np.float64), 7)[:n]
    else:
        raise ValueError(shape)
    if spacing == "hourly":
        x = BASE_MS + 3_600_000 * np.arange(n, dtype=np.int64)
    else:
        x = BASE_MS + np.cumsum(rng.integers(1, 60_000, size=n)).astype(np.int64)
    return x, y


def main():
    rng = np.random.default_rng(SEED)
    plan = [
        ("walk", 20, "hourly"), ("walk", 100, "irregular"), ("spikes", 250, "hourly"),
        ("plateaus", 400, "hourly"), ("walk", 1000, "hourly"), ("spikes", 3000, "irregular"),
        ("plateaus", 5000, "irregular"), ("walk", 12000, "irregular"), ("spikes", 30000, "hourly"),
        ("walk", 100000, "hourly"), ("plateaus", 60000, "hourly"), ("walk", 50000, "irregular"),
    ]
    series = []
    for i, (shape, n, spacing) in enumerate(plan):
        x, y = make(rng, shape, n, spacing)
        name = f"s{i:02d}-{shape}-{spacing}-{n}"
        with open(os.path.join(HERE, name + ".bin"), "wb") as f:
            f.write(x.astype("<f8").tobytes())
            f.write(y.astype("<f8").tobytes())
        cases = []
        for points in (20, 60, 100, 1000):
            if points >= n:
                continue
            cases.append({"method": "lttb", "points": points,
                          "indices": tsd.LTTBDownsampler().downsample(x, y, n_out=points).tolist()})
            for ratio in (2, 4):
                got = tsd.MinMaxLTTBDownsampler().downsample(x, y, n_out=points, minmax_ratio=ratio)
                cases.append({"method": "minmax-lttb", "points": points, "ratio": ratio, "indices": got.tolist()})
            m4_out = points - points % 4
            cases.append({"method": "m4", "points": m4_out,
                          "indices": sorted(set(tsd.M4Downsampler().downsample(x, y, n_out=m4_out).tolist()))})
            mm_out = points - points % 2
            cases.append({"method": "minmax", "points": mm_out,
                          "indices": sorted(set(tsd.MinMaxDownsampler().downsample(x, y, n_out=mm_out).tolist()))})
        series.append({"name": name, "count": int(n), "cases": cases})
    doc = {"generator": "generate.py", "seed": SEED, "tsdownsample": metadata.version("tsdownsample"),
           "numpy": np.__version__, "series": series}
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
