#!/usr/bin/env python3
"""Large inputs without a reduction: one chart of 2 million minute readings (a random walk from a
fixed seed) through ingest, trend and describe with no downsample, against ingest alone on the same
file, in one run of the same release binary. Peak memory (maximum resident set size, from wait4's
rusage of the child) and wall time of each run.

Targets (issue 12): at most 150 MiB peak, and at most 3 times the time of ingest alone.

The two runs alternate for BENCH_ROUNDS rounds (default 3) and the medians are compared, so that one
slow write to the disk does not decide the ratio; memory is the largest of the rounds.

Env: CHARTPIPE_BIN (a release chartpipe), DATA_DIR, RESULTS_DIR; BENCH_SMALL=1 for 200,000 rows;
BENCH_ROUNDS.
Prints: ratio large CASE ours peer ratio limit PASS|FAIL (time in s; memory in MiB against the limit)
"""
import datetime
import os
import random
import shutil
import statistics
import subprocess
import time

LIMIT_RATIO = 3.0
LIMIT_MIB = 150.0


def write_data(path, rows):
    random.seed(7)
    start = datetime.datetime(2020, 1, 1)
    value = 50.0
    with open(path, "w") as f:
        f.write("time,value\n")
        for i in range(rows):
            value += random.gauss(0, 1)
            f.write(f"{(start + datetime.timedelta(minutes=i)).strftime('%Y-%m-%dT%H:%M:%SZ')},{value:.3f}\n")


def pipeline(stages):
    return ('{"version": 1, "name": "large", "locales": ["en"], "stages": ['
            + ", ".join(f'{{"use": "{s}"}}' for s in stages)
            + '], "charts": [{"id": "large", "title": "Large", "source": {"path": "large.csv"}, '
              '"x": {"field": "time", "type": "time"}, "y": {"field": "value"}}]}')


def run(binary, folder, name):
    out = os.path.join(folder, "out-" + name)
    shutil.rmtree(out, ignore_errors=True)
    began = time.perf_counter()
    child = subprocess.Popen([binary, "run", name + ".pipeline", "--out", out, "--no-progress", "--quiet"], cwd=folder)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{name}: chartpipe failed ({status})")
    written = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
    return seconds, usage.ru_maxrss / 1024, written


def main():
    binary = os.environ["CHARTPIPE_BIN"]
    folder = os.path.join(os.environ.get("DATA_DIR", "/tmp"), "large")
    rows = 200_000 if os.environ.get("BENCH_SMALL") == "1" else 2_000_000
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "large.csv")
    marker = data + f".{rows}"
    if not os.path.exists(marker):
        write_data(data, rows)
        open(marker, "w").close()
    for name, stages in (("ingest", ["ingest"]), ("full", ["ingest", "trend", "describe"])):
        with open(os.path.join(folder, name + ".pipeline"), "w") as f:
            f.write(pipeline(stages))
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    results = {"ingest": [], "full": []}
    for r in range(rounds):
        for name in results:
            results[name].append(run(binary, folder, name))
        print(f"# round {r + 1}: ingest {results['ingest'][-1][0]:.3f} s, full {results['full'][-1][0]:.3f} s")
    ingest_s = statistics.median(s for s, _, _ in results["ingest"])
    full_s = statistics.median(s for s, _, _ in results["full"])
    ingest_mib = max(m for _, m, _ in results["ingest"])
    full_mib = max(m for _, m, _ in results["full"])
    ingest_bytes, full_bytes = results["ingest"][-1][2], results["full"][-1][2]
    ratio = full_s / ingest_s
    print(f"ratio large time-{rows}-rows {full_s:.3f} {ingest_s:.3f} {ratio:.3f} {LIMIT_RATIO} "
          f"{'PASS' if ratio <= LIMIT_RATIO else 'FAIL'}")
    print(f"ratio large memory-{rows}-rows {full_mib:.1f} {ingest_mib:.1f} {full_mib / ingest_mib:.3f} {LIMIT_MIB} "
          f"{'PASS' if full_mib <= LIMIT_MIB else 'FAIL'}")
    print(f"# written: full {full_bytes / 2**20:.1f} MiB, ingest {ingest_bytes / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
