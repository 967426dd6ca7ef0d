#!/usr/bin/env python3
"""Pipelines of many small charts, to see whether a run's cost grows faster than its charts.

Writes DIR/data/cNNNNN.csv (40 daily rows each, seeded) and DIR/many-N.pipeline for each N given:
N charts through ingest, trend, describe, a CSV table and the report, in en and ko, written on one
line as json.dump writes it (no indent), which is how a generated pipeline usually looks.

Usage: gen_many.py DIR N [N ...]     (BENCHMARKS.md, "Runs of many small charts grow linearly again")
"""
import json
import math
import os
import random
import sys


def main():
    folder, sizes = sys.argv[1], [int(n) for n in sys.argv[2:]]
    random.seed(5)
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    for i in range(max(sizes)):
        rows = ["date,value"] + [f"2026-{5 + d // 30:02d}-{d % 30 + 1:02d},{100 + math.sin((d + i) / 3) * 8 + random.random():.3f}"
                                 for d in range(40)]
        with open(os.path.join(folder, "data", f"c{i:05d}.csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
    for n in sizes:
        charts = [{"id": f"c{i:05d}", "title": f"Series {i}", "source": {"path": f"data/c{i:05d}.csv"},
                   "x": {"field": "date", "type": "time"}, "y": {"field": "value", "unit": "USD"}} for i in range(n)]
        spec = {"version": 1, "name": "many", "output": f"out-{n}", "locales": ["en", "ko"],
                "stages": [{"use": "ingest"}, {"use": "trend"}, {"use": "describe"}, {"use": "table", "formats": ["csv"]},
                           {"use": "report"}], "charts": charts}
        with open(os.path.join(folder, f"many-{n}.pipeline"), "w") as f:
            json.dump(spec, f)


if __name__ == "__main__":
    main()
