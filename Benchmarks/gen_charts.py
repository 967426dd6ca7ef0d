#!/usr/bin/env python3
"""Data and pipeline file for the whole-pipeline benchmark (ratio_pipeline.py): CHARTS charts of ROWS
hourly rows each (a trend, a daily wave and noise, one seeded generator per chart), and
`whole.pipeline` running every stage in three locales over them.

Usage: gen_charts.py CHARTS ROWS DIR   (writes DIR/data/cNNNN.csv and DIR/whole.pipeline)
"""
import json
import os
import sys

import numpy as np

SONIFY_SECONDS = 2
LOCALES = ["en", "zh-Hans", "ko"]


def write_chart(path, index, rows):
    rng = np.random.default_rng(1000 + index)
    hours = np.arange(rows)
    start = np.datetime64("2026-01-01T00:00")
    times = (start + hours.astype("timedelta64[h]")).astype(str)
    slope = rng.uniform(-0.02, 0.02)
    values = 100 + slope * hours + 10 * np.sin(2 * np.pi * hours / 24) + rng.normal(0, 3, rows)
    with open(path, "w") as f:
        f.write("time,value\n")
        f.writelines(f"{t},{v:.3f}\n" for t, v in zip(times, values))


def pipeline(charts):
    return {
        "version": 1, "name": "whole", "output": "out", "locales": LOCALES,
        "stages": [
            {"use": "ingest"},
            {"use": "aggregate", "every": "hour", "op": "mean"},
            {"use": "downsample", "method": "lttb", "points": 60},
            {"use": "trend"},
            {"use": "describe"},
            {"use": "sonify", "duration": SONIFY_SECONDS, "formats": ["wav"]},
            {"use": "chart"},
            {"use": "table", "formats": ["csv", "html"]},
            {"use": "report"},
        ],
        "charts": [{"id": f"c{i:04d}", "title": f"Sensor {i}", "mark": "line",
                    "source": {"path": f"data/c{i:04d}.csv"},
                    "x": {"field": "time", "type": "time", "title": "Time"},
                    "y": {"field": "value", "title": "Reading", "unit": "temperature-celsius"}} for i in range(charts)],
    }


def main():
    charts, rows, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    for i in range(charts):
        path = os.path.join(folder, "data", f"c{i:04d}.csv")
        if not os.path.exists(path):
            write_chart(path, i, rows)
    with open(os.path.join(folder, "whole.pipeline"), "w") as f:
        json.dump(pipeline(charts), f, indent=1)


if __name__ == "__main__":
    main()
