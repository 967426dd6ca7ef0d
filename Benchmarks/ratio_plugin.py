#!/usr/bin/env python3
"""Ratio benchmark for plugins: 1,000 small charts through the Python example plugin
(pipelines/plugins/chartpipe-stage-weekday), persistent mode against one process per chart, in one
run of the same release binary on the same pipeline and data.

Env: CHARTPIPE_BIN (a release chartpipe), DATA_DIR, RESULTS_DIR; BENCH_SMALL=1 for 100 charts.
Both runs must write byte-identical chart folders and find the weekly cycle: the check value.
Prints: ratio plugin CASE persistent_s per_chart_s ratio limit PASS|FAIL
"""
import hashlib
import json
import math
import os
import shutil
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIMIT = 0.1  # persistent mode at least 10 times faster


def write_inputs(folder, charts):
    """One 28-day CSV per chart with a weekly cycle, and a pipeline whose plugin runs in `mode`."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "data"))
    os.symlink(os.path.join(ROOT, "pipelines", "plugins"), os.path.join(folder, "plugins"))
    items = []
    for c in range(charts):
        rows = ["date,value\n"]
        for d in range(28):
            weekly = 40 * math.sin(2 * math.pi * (d % 7) / 7)
            rows.append(f"2026-06-{d + 1:02d},{1000 + 3 * c + weekly + (d * 7919 + c) % 11:.2f}\n")
        with open(os.path.join(folder, "data", f"c{c}.csv"), "w") as f:
            f.write("".join(rows))
        items.append(f'{{"id": "c{c}", "title": "Chart {c}", "source": {{"path": "data/c{c}.csv"}}, '
                     f'"x": {{"field": "date", "type": "time"}}, "y": {{"field": "value", "unit": "USD"}}}}')
    for mode in ("per-chart", "persistent"):
        text = ('{"version": 1, "name": "plugin-bench", "locales": ["en", "ko"], '
                f'"stages": [{{"use": "ingest"}}, {{"use": "weekday", "mode": "{mode}"}}], '
                f'"charts": [{", ".join(items)}]}}')
        with open(os.path.join(folder, f"{mode}.pipeline"), "w") as f:
            f.write(text)


def run(binary, folder, mode):
    out = os.path.join(folder, f"out-{mode}")
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1780272000")
    start = time.perf_counter()
    subprocess.run([binary, "run", os.path.join(folder, f"{mode}.pipeline"), "--out", out, "--quiet"], check=True, env=env)
    return time.perf_counter() - start, out


def digest(folder):
    """Of every chart's files (the manifests differ only in naming their pipeline file)."""
    folder = os.path.join(folder, "charts")
    h = hashlib.sha256()
    for base, _, files in sorted(os.walk(folder)):
        for name in sorted(files):
            path = os.path.join(base, name)
            h.update(os.path.relpath(path, folder).encode())
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def main():
    charts = 100 if os.environ.get("BENCH_SMALL") == "1" else 1000
    binary = os.environ["CHARTPIPE_BIN"]
    folder = os.path.join(os.environ.get("DATA_DIR", "/tmp"), "plugin-bench")
    write_inputs(folder, charts)
    per_chart, out_a = run(binary, folder, "per-chart")
    persistent, out_b = run(binary, folder, "persistent")
    # The plugin did its work: it found the weekly cycle of the first chart.
    with open(os.path.join(out_b, "charts", "c0", "plugin.weekday.json")) as f:
        said = bool(json.load(f)["sentences"].get("en"))
    agree = said and digest(out_a) == digest(out_b)
    ratio = persistent / per_chart
    verdict = "PASS" if ratio <= LIMIT and agree else "FAIL"
    print(f"ratio plugin weekday-{charts}-charts {persistent:.3f} {per_chart:.3f} {ratio:.3f} {LIMIT} {verdict}", flush=True)
    if not agree:
        print("the plugin said nothing, or the two modes wrote different output", flush=True)


if __name__ == "__main__":
    main()
