#!/usr/bin/env python3
"""The whole pipeline against Python doing the same job, and incremental reruns against full runs.

Workload: CHARTS generated charts of ROWS hourly rows (gen_charts.py, default 1,000 × 5,000), every
stage (ingest, aggregate, downsample, trend, describe, sonify, chart, table, report) in three locales
(en, zh-Hans, ko). Each program runs once, as a separate process, on a warm page cache (the data is
read once before), into a new empty output folder (earlier outputs are moved aside and removed after
the last timing); wall-clock seconds and peak resident memory come from wait4.

  - chartpipe --jobs 1 against peer_pipeline.py (pandas, tsdownsample, pymannkendall with Sen's
    slope, numpy + soundfile, csv, string templates) and its lighter form (scipy kendalltau, no
    Sen's slope): both peers are one process on one core, like --jobs 1;
  - --jobs 2 against --jobs 1;
  - --incremental with 5 charts' data changed against a full run (both --jobs 2).

BENCH_ROUNDS (default 1) repeats every run that many times, alternating the programs within each
round (chartpipe --jobs 1, --jobs 2, the peer, the light peer); after the last round come as many
incremental runs, each over 5 charts changed again and over the output of the run before it (only
the first follows a full run), and it compares medians: on a shared machine one run of the same
command varies by a third and more, so a single round decides little.

Env: CHARTPIPE_BIN, PY (the venv's python), DATA_DIR; BENCH_PIPELINE_CHARTS and BENCH_PIPELINE_ROWS
change the size; BENCH_SMALL=1 is 20 × 5,000; BENCH_PIPELINE_PEERS=0 leaves the Python peers out
(for the incremental case at a size the peers would take hours for), and BENCH_PIPELINE_ONLY=incremental
runs only the full --jobs 2 run and the incremental one; BENCH_ROUNDS.
Prints lines: ratio pipeline CASE ours_s peer_s ratio limit PASS|FAIL (medians), and peak memory.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


CPU = {}


def timed(cmd, cwd):
    """Seconds and peak RSS (MiB) of one run of `cmd`, which must succeed; its standard error. The
    CPU seconds (user + system) are kept in CPU under the command's text, for the summary lines."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed ({status}): {err[-2000:]}")
    CPU[" ".join(cmd)] = usage.ru_utime + usage.ru_stime
    CPU["last"] = usage.ru_utime + usage.ru_stime
    print(f"# {seconds:.2f} s wall, {usage.ru_utime + usage.ru_stime:.2f} s CPU, {usage.ru_maxrss / 1024:.1f} MiB peak: "
          f"{' '.join(os.path.basename(c) if c.startswith('/') else c for c in cmd)}", flush=True)
    return seconds, usage.ru_maxrss / 1024, err


def line(case, ours, peer, limit, at_most=True, cpu=None):
    """One wall-time ratio line; with `cpu` (our and the other side's CPU seconds), a CPU line too,
    which decides on a shared machine."""
    ratio = ours / peer
    verdict = "PASS" if (ratio <= limit if at_most else ratio >= limit) else "FAIL"
    print(f"ratio pipeline {case} {ours:.2f} {peer:.2f} {ratio:.3f} {limit} {verdict}", flush=True)
    if cpu:
        ratio = cpu[0] / cpu[1]
        verdict = "PASS" if (ratio <= limit if at_most else ratio >= limit) else "FAIL"
        print(f"ratio pipeline {case}-cpu {cpu[0]:.2f} {cpu[1]:.2f} {ratio:.3f} {limit} {verdict}", flush=True)


def main():
    small = os.environ.get("BENCH_SMALL") == "1"
    charts = int(os.environ.get("BENCH_PIPELINE_CHARTS", "20" if small else "1000"))
    rows = int(os.environ.get("BENCH_PIPELINE_ROWS", "5000"))
    folder = os.path.join(os.environ["DATA_DIR"], f"pipeline-{charts}x{rows}")
    py, chartpipe = os.environ["PY"], os.environ["CHARTPIPE_BIN"]
    subprocess.run([py, os.path.join(HERE, "gen_charts.py"), str(charts), str(rows), folder], check=True)
    for name in os.listdir(os.path.join(folder, "data")):  # warm the page cache
        with open(os.path.join(folder, "data", name), "rb") as f:
            f.read()

    # Every program writes into a new, empty folder. Earlier outputs are moved aside, not removed,
    # and removed after the last timing: on ext4 without a journal (this machine's file system),
    # each file created within minutes of a mass removal scans the freed inodes near it
    # (`recently_deleted`), which put up to a quarter of a run's samples in the kernel and would
    # charge whoever runs next for the removal of the run before. Moved aside, chartpipe and the
    # peers each make their files on the same terms; a journaled file system does no such scan.
    # The outputs of every round are kept until then: about 2.7 GB for each chartpipe run of 1,000
    # charts and 1.1 GB for each peer's (BENCH_ROUNDS × 4 of them with the peers). A failed run
    # exits through `finally`, which removes them too, and any a killed benchmark left.
    trash = os.path.join(folder, f".trash-{os.getpid()}")
    try:
        measure(folder, charts, rows, py, chartpipe, trash)
    finally:
        for name in os.listdir(folder):
            if name.startswith(".trash-"):
                shutil.rmtree(os.path.join(folder, name), ignore_errors=True)


def measure(folder, charts, rows, py, chartpipe, trash):
    def run(*extra):
        return timed([chartpipe, "run", "whole.pipeline", "--no-progress", *extra], folder)

    moved = [0]

    def aside(name):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            os.makedirs(trash, exist_ok=True)
            moved[0] += 1
            os.rename(path, os.path.join(trash, f"{moved[0]}-{name}"))

    def fresh(*extra):
        aside("out")
        return run(*extra)

    def peer(*extra):
        aside("peer-light-out" if "--light" in extra else "peer-out")
        wall = timed(env_peer + [*extra, folder], HERE)[0]
        cpu["light" if "--light" in extra else "peer"].append(CPU["last"])
        return wall

    rounds = max(1, int(os.environ.get("BENCH_ROUNDS", "1")))
    print(f"# {charts} charts x {rows} rows, 3 locales, {rounds} round(s)", flush=True)
    only_incremental = os.environ.get("BENCH_PIPELINE_ONLY") == "incremental"
    peers = not only_incremental and os.environ.get("BENCH_PIPELINE_PEERS", "1") != "0"
    env_peer = [py, os.path.join(HERE, "peer_pipeline.py")]
    seconds = {"one": [], "two": [], "peer": [], "light": []}
    cpu = {"one": [], "two": [], "peer": [], "light": []}
    mib = 0.0
    for r in range(rounds):
        if not only_incremental:
            one, one_mib, _ = fresh("--jobs", "1", "--no-compare")
            seconds["one"].append(one)
            cpu["one"].append(CPU["last"])
            mib = max(mib, one_mib)
        two, two_mib, _ = fresh("--jobs", "2", "--no-compare", "--incremental")
        seconds["two"].append(two)
        cpu["two"].append(CPU["last"])
        mib = max(mib, two_mib)
        if peers:
            seconds["peer"].append(peer())
            seconds["light"].append(peer("--light"))
        if rounds > 1:
            print("# round " + str(r + 1) + ": " + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in seconds.items() if v), flush=True)
    median = {k: statistics.median(v) for k, v in seconds.items() if v}
    median_cpu = {k: statistics.median(v) for k, v in cpu.items() if v}
    if peers:
        line("jobs1-vs-peer", median["one"], median["peer"], 0.05, cpu=(median_cpu["one"], median_cpu["peer"]))
        line("jobs1-vs-light-peer", median["one"], median["light"], 1 / 3, cpu=(median_cpu["one"], median_cpu["light"]))
    if not only_incremental:
        # Wall time only: --jobs 2 spends more CPU than --jobs 1 to finish sooner.
        line("jobs1-over-jobs2", median["one"], median["two"], 1.7, at_most=False)
    print(f"memory pipeline peak-rss {mib:.1f} MiB limit 500 {'PASS' if mib < 500 else 'FAIL'}", flush=True)

    # 5 charts' data changed (one value each), then an incremental run against the last full run
    # above; in each later round the same 5 change again, against the run before.
    changed = [os.path.join(folder, "data", f"c{i * (charts // 5):04d}.csv") for i in range(5)]
    again_s, again_cpu = [], []
    try:
        for r in range(rounds):
            for path in changed:
                with open(path) as f:
                    lines = f.readlines()
                t, v = lines[1].rstrip("\n").split(",")
                lines[1] = f"{t},{float(v) + 1:.3f}\n"
                with open(path, "w") as f:
                    f.writelines(lines)
            again, again_mib, err = run("--jobs", "2", "--incremental")
            kept = f"({charts - 5} unchanged, kept)"
            if kept not in err:
                sys.exit(f"the incremental run did not keep {charts - 5} charts: {err[-500:]}")
            print(f"# incremental: {again:.2f} s, peak {again_mib:.1f} MiB, {kept}", flush=True)
            again_s.append(again)
            again_cpu.append(CPU["last"])
        line("incremental-5-changed-vs-full", statistics.median(again_s), median["two"], 1 / 50,
             cpu=(statistics.median(again_cpu), median_cpu["two"]))
        # Then nothing changed: every chart kept, against the same full runs.
        same_s, same_cpu = [], []
        for r in range(rounds):
            same, _, err = run("--jobs", "2", "--incremental")
            if f"({charts} unchanged, kept)" not in err:
                sys.exit(f"the incremental run did not keep every chart: {err[-500:]}")
            same_s.append(same)
            same_cpu.append(CPU["last"])
        line("incremental-nothing-changed-vs-full", statistics.median(same_s), median["two"], 1 / 100,
             cpu=(statistics.median(same_cpu), median_cpu["two"]))
    finally:
        for path in changed:  # the data as generated, for the next run, whatever happened
            os.remove(path)
        subprocess.run([py, os.path.join(HERE, "gen_charts.py"), str(charts), str(rows), folder], check=True)


if __name__ == "__main__":
    main()
