#!/usr/bin/env python3
"""Peak memory of one chart of many series (issue 29, "Crossovers bounded"), stage by stage.

One CSV of SERIES series × POINTS points (t,v,s; random normal values, seeded), and pipelines that
run its stages cumulatively: ingest; + trend; + describe; + sonify (wav); + chart; + table (csv);
+ report (locale en, no downsample: describe labels and sonify plays every point). Each pipeline
runs as its own process into a new folder; the peak resident set size and the CPU seconds
(user + system) come from wait4, as `/usr/bin/time -v` reports them.

Env: CHARTPIPE_BIN (default .build/release/chartpipe), DATA_DIR (default /tmp/chartpipe-memory),
BENCH_SERIES (1000), BENCH_POINTS (200), BENCH_ROUNDS (1: the median of that many runs per line).
Prints: memory STAGES peak_MiB cpu_s wall_s.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("CHARTPIPE_BIN", os.path.join(HERE, "..", ".build", "release", "chartpipe"))
DATA = os.environ.get("DATA_DIR", "/tmp/chartpipe-memory")
SERIES = int(os.environ.get("BENCH_SERIES", "1000"))
POINTS = int(os.environ.get("BENCH_POINTS", "200"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "1"))

STAGES = [
    {"use": "ingest", "maxSeries": 5000},
    {"use": "trend"},
    {"use": "describe"},
    {"use": "sonify", "formats": ["wav"]},
    {"use": "chart"},
    {"use": "table", "formats": ["csv"]},
    {"use": "report"},
]


def data_file():
    path = os.path.join(DATA, f"series{SERIES}x{POINTS}.csv")
    if not os.path.exists(path):
        rng = random.Random(29)
        with open(path, "w") as f:
            f.write("t,v,s\n")
            for s in range(SERIES):
                for t in range(POINTS):
                    f.write(f"{t},{rng.gauss(0, 1):.6f},s{s:04d}\n")
    return path


def pipeline(count):
    stages = STAGES[:count]
    name = f"memory{count}"
    spec = {
        "version": 1, "name": name, "output": f"out-{name}", "locales": ["en"],
        "stages": stages,
        "charts": [{
            "id": "many", "title": "Many series", "mark": "line",
            "source": {"path": os.path.basename(data_file())},
            "x": {"field": "t", "type": "number", "title": "t"},
            "y": {"field": "v", "title": "v"},
            "series": {"field": "s"},
        }],
    }
    path = os.path.join(DATA, name + ".pipeline")
    with open(path, "w") as f:
        json.dump(spec, f, indent=2)
    return path, os.path.join(DATA, spec["output"])


def measure(path, out):
    subprocess.run(["rm", "-rf", out], check=True)
    start = time.perf_counter()
    p = subprocess.Popen([BIN, "run", path, "--no-progress", "--jobs", "1"], cwd=DATA,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{path} failed ({status}): {err[-2000:]}")
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall


def main():
    os.makedirs(DATA, exist_ok=True)
    data_file()
    counts = [int(c) for c in os.environ.get("BENCH_STAGES", " ".join(str(i) for i in range(1, len(STAGES) + 1))).split()]
    for count in counts:
        path, out = pipeline(count)
        runs = [measure(path, out) for _ in range(ROUNDS)]
        peak, cpu, wall = (statistics.median(r[i] for r in runs) for i in range(3))
        names = "+".join(s["use"] for s in STAGES[:count])
        print(f"memory {names} {peak:.1f} {cpu:.2f} {wall:.2f}", flush=True)


if __name__ == "__main__":
    main()
