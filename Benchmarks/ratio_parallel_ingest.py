#!/usr/bin/env python3
"""One large CSV on two cores (issue 17): chartpipe's ingest reading the 10M-row gen_data.py CSV in
chunks with 2 readers against 1 reader, and against DuckDB's `read_csv` on one thread, same file,
same run (duckdb_read_csv.py). The three sides take turns, INGEST_ROUNDS times, each a process with
one warm-up and INGEST_REPEATS counted runs, so that load from other work falls on all three alike.
Wall time is the median of all counted runs (the minimum is printed too); CPU seconds (all threads)
are printed beside it, with the load average before and after, since the machine is shared.

Limits: 1 reader / 2 readers >= 1.7; ours with 2 readers / DuckDB on 1 thread < 1.
The check values (rows, sums, empty pressures, first and last time) of all three must agree.
Env: BENCH_BIN, DATA_DIR, PY (a Python with duckdb, numpy, scipy); BENCH_SMALL=1 for 1M rows;
INGEST_REPEATS (default 3), INGEST_ROUNDS (default 3).
Prints: ratio ingest CASE ours_s peer_s ratio limit PASS|FAIL, then "# ..." lines of context.
"""
import json
import os
import statistics
import subprocess
import sys

SMALL = os.environ.get("BENCH_SMALL") == "1"
ROWS = 1_000_000 if SMALL else 10_000_000
REPEATS = int(os.environ.get("INGEST_REPEATS", "3"))
ROUNDS = int(os.environ.get("INGEST_ROUNDS", "3"))
HERE = os.path.dirname(os.path.abspath(__file__))


def run(argv):
    out = subprocess.run(argv, check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads([ln for ln in out.splitlines() if ln.startswith("{")][-1])


def check_values(result):
    c = result["check"]
    return (result["rows"], round(float(c["sum_temperature"]), 3), int(c["nan_pressure"]), int(c["sum_count"]),
            int(c["ts_first"]), int(c["ts_last"]))


def main():
    bench, data_dir = os.environ["BENCH_BIN"], os.environ["DATA_DIR"]
    python = os.environ.get("PY", sys.executable)
    subprocess.run([python, os.path.join(HERE, "gen_data.py"), "--out-dir", data_dir, "--csv-rows", str(ROWS)], check=True)
    path = os.path.join(data_dir, f"ts_{ROWS}.csv")
    load_before = os.getloadavg()
    sides = {"one": [bench, "csv", path, str(REPEATS), "1", "1"], "two": [bench, "csv", path, str(REPEATS), "1", "2"],
             "duck": [python, os.path.join(HERE, "duckdb_read_csv.py"), path, str(REPEATS), "1"]}
    results = {name: None for name in sides}
    for _ in range(ROUNDS):
        for name, argv in sides.items():
            r = run(argv)
            if results[name] is None:
                results[name] = r
            else:
                results[name]["runs_s"] += r["runs_s"]
                results[name]["cpu_s"] += r["cpu_s"]
    one, two, duck = results["one"], results["two"], results["duck"]
    load_after = os.getloadavg()
    ok = True
    checks = {name: check_values(r) for name, r in (("1 reader", one), ("2 readers", two), ("duckdb", duck))}
    if len(set(checks.values())) != 1:
        print(f"check parallel-ingest differ: {checks}", file=sys.stderr)
        ok = False
    wall = {name: statistics.median(r["runs_s"]) for name, r in (("one", one), ("two", two), ("duck", duck))}
    cpu = {name: statistics.median(r["cpu_s"]) for name, r in (("one", one), ("two", two), ("duck", duck))}
    speedup = wall["one"] / wall["two"]
    verdict = "PASS" if speedup >= 1.7 else "FAIL"
    # Printed as ours (2 readers) against the peer (1 reader), so the ratio is the time kept: <= 1/1.7.
    print(f"ratio ingest csv-{ROWS}-2-readers-vs-1 {wall['two']:.4f} {wall['one']:.4f} {wall['two'] / wall['one']:.3f} "
          f"{1 / 1.7:.3f} {verdict}", flush=True)
    ok &= verdict == "PASS"
    ratio = wall["two"] / wall["duck"]
    verdict = "PASS" if ratio < 1 else "FAIL"
    print(f"ratio ingest csv-{ROWS}-2-readers-vs-duckdb-1-thread {wall['two']:.4f} {wall['duck']:.4f} {ratio:.3f} 1 {verdict}",
          flush=True)
    ok &= verdict == "PASS"
    fastest = {name: min(r["runs_s"]) for name, r in (("one", one), ("two", two), ("duck", duck))}
    print(f"# speed-up of 2 readers over 1: {speedup:.2f}x (fastest runs: {fastest['one'] / fastest['two']:.2f}x); "
          f"median CPU s: 1 reader {cpu['one']:.2f}, 2 readers {cpu['two']:.2f}, duckdb {cpu['duck']:.2f}; "
          f"fastest wall s: 1 reader {fastest['one']:.3f}, 2 readers {fastest['two']:.3f}, duckdb {fastest['duck']:.3f}")
    print(f"# runs s: 1 reader {[round(t, 3) for t in one['runs_s']]}, 2 readers {[round(t, 3) for t in two['runs_s']]}, "
          f"duckdb {[round(t, 3) for t in duck['runs_s']]}; work: {two.get('chunks')} chunks, "
          f"{two.get('chunks_read_on')} read on, read again: {two.get('read_again')}")
    print(f"# load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}; {duck['tool']}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
