#!/usr/bin/env python3
"""Ratio benchmark for `downsample`: chartpipe's LTTB, MinMaxLTTB, M4 and MinMax against
tsdownsample's single-threaded downsamplers (parallel=False), 10 million points to 1,000, with
int64 epoch-millisecond x and float64 y from gen_data.py (series_N.npz), in one run.

Env: BENCH_BIN (ChartpipeBench), DATA_DIR, RESULTS_DIR; BENCH_SMALL=1 for a
smoke run (200,000 points). Prints: ratio downsample CASE ours_s peer_s ratio limit PASS|FAIL
"""
import json
import os
import statistics
import subprocess
import sys

import numpy as np
import tsdownsample as tsd

import gen_data
from timing import measure

# (our method, tsdownsample class, limit on ours / peer)
CASES = [
    ("lttb", "LTTBDownsampler", 1.5),
    ("minmax-lttb", "MinMaxLTTBDownsampler", 1.5),
    ("m4", "M4Downsampler", 2.0),
    ("minmax", "MinMaxDownsampler", 2.0),
]


def main():
    small = os.environ.get("BENCH_SMALL") == "1"
    rows = 200_000 if small else 10_000_000
    n_out = 1000
    repeats = 3 if small else 7
    data_dir = os.environ.get("DATA_DIR", "/tmp")
    z = np.load(gen_data.ensure(data_dir, "npz", rows))
    x, y = np.ascontiguousarray(z["x"]), np.ascontiguousarray(z["y"])
    # The same arrays for our side, written raw once, outside any timing.
    xfile, yfile = os.path.join(data_dir, f"series_{rows}.x.i64"), os.path.join(data_dir, f"series_{rows}.y.f64")
    x.astype("<i8").tofile(xfile)
    y.astype("<f8").tofile(yfile)
    records = []
    for method, cls, limit in CASES:
        ds = getattr(tsd, cls)()
        walls, ref = measure(lambda: ds.downsample(x, y, n_out=n_out, parallel=False), repeats)
        peer = statistics.median(walls)
        out = subprocess.run([os.environ["BENCH_BIN"], "downsample", method, xfile, yfile, str(n_out), str(repeats)],
                             check=True, capture_output=True, text=True).stdout
        line = json.loads(out.strip().splitlines()[-1])
        if "error" in line:
            sys.exit(f"ChartpipeBench downsample: {line['error']}")
        ours = line["median_s"]
        ratio = ours / peer
        verdict = "PASS" if ratio <= limit else "FAIL"
        print(f"ratio downsample {method}-{rows}-to-{n_out}-int64x {ours:.6f} {peer:.6f} {ratio:.3f} {limit} {verdict}",
              flush=True)
        records.append({"method": method, "peer": f"tsdownsample {cls}", "ours_s": ours, "peer_s": peer,
                        "ratio": ratio, "limit": limit, "ours_selected": line["n_selected"],
                        "peer_selected": int(len(np.unique(ref))), "first_indices_ours": line["first_indices"],
                        "first_indices_peer": [int(v) for v in np.asarray(ref)[:5]]})
    results = os.environ.get("RESULTS_DIR")
    if results:
        os.makedirs(results, exist_ok=True)
        with open(os.path.join(results, "downsample.jsonl"), "a") as f:
            for r in records:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
