#!/usr/bin/env python3
"""Ingest ratio benchmark: chartpipe's ingest stage against the bare C peers in peers/ (libcsv,
jansson), on the same files from gen_data.py, in the same run.

CSV  (10M rows):   ChartpipeBench csv (timestamp + temperature, pressure, count parsed)
                   vs peers/ingest_csv FILE R     limit: ours <= 1.25 x peer (median wall time)
JSON (1M records): ChartpipeBench json vs peers/ingest_json FILE R
                                                      limit: ours <= 1.1 x peer; our peak RSS <= 150 MiB
Both sides time themselves in-process (warm page cache, one warm-up run); peak memory is each
process's ru_maxrss from wait4. The check values (rows, sums, gaps, first/last time) must agree.
Environment: BENCH_BIN, DATA_DIR, C_BIN (the built peers); BENCH_SMALL=1 for small inputs;
INGEST_REPEATS (default 3).
"""
import json
import os
import statistics
import subprocess
import sys

SMALL = os.environ.get("BENCH_SMALL") == "1"
CSV_ROWS = 200_000 if SMALL else 10_000_000
JSON_ROWS = 50_000 if SMALL else 1_000_000
REPEATS = int(os.environ.get("INGEST_REPEATS", "3"))


def run_with_rss(argv):
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{argv[0]} failed ({proc.returncode}): {out.strip()}")
    line = [ln for ln in out.splitlines() if ln.startswith("{")][-1]
    return json.loads(line), usage.ru_maxrss


def ensure_data(data_dir):
    """The CSV and JSON files, made by gen_data.py in a child process: importing numpy here would raise
    the peak memory that Linux reports for every child this process starts (it counts the parent's
    pages a vfork-ed child shared before exec)."""
    generator = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_data.py")
    subprocess.run([sys.executable, generator, "--out-dir", data_dir, "--csv-rows", str(CSV_ROWS),
                    "--json-rows", str(JSON_ROWS)], check=True)
    return os.path.join(data_dir, f"ts_{CSV_ROWS}.csv"), os.path.join(data_dir, f"ts_{JSON_ROWS}.json")


def same_check(ours, peer, keys):
    bad = []
    for k in keys:
        a, b = ours["check"].get(k), peer["check"].get(k)
        if a is None or b is None or abs(float(a) - float(b)) > 1e-6 * max(1.0, abs(float(b))):
            bad.append(f"{k}: ours {a} peer {b}")
    if ours["rows"] != peer["rows"]:
        bad.append(f"rows: ours {ours['rows']} peer {peer['rows']}")
    return bad


def report(case, ours_s, peer_s, limit):
    ratio = ours_s / peer_s
    verdict = "PASS" if ratio <= limit else "FAIL"
    print(f"ratio ingest {case} {ours_s:.4f} {peer_s:.4f} {ratio:.3f} {limit} {verdict}", flush=True)
    return verdict == "PASS"


def main():
    bench, c_bin = os.environ["BENCH_BIN"], os.environ["C_BIN"]
    data_dir = os.environ["DATA_DIR"]
    csv_path, json_path = ensure_data(data_dir)
    ok = True
    keys = ["sum_temperature", "nan_pressure", "sum_count", "ts_first", "ts_last"]

    peer, _ = run_with_rss([os.path.join(c_bin, "ingest_csv"), csv_path, str(REPEATS)])
    ours, _ = run_with_rss([bench, "csv", csv_path, str(REPEATS)])
    for problem in same_check(ours, peer, keys):
        print(f"check csv {problem}", file=sys.stderr)
        ok = False
    ok &= report(f"csv-{CSV_ROWS}", statistics.median(ours["runs_s"]), statistics.median(peer["runs_s"]), 1.25)

    peer, peer_rss = run_with_rss([os.path.join(c_bin, "ingest_json"), json_path, str(REPEATS)])
    ours, ours_rss = run_with_rss([bench, "json", json_path, str(REPEATS)])
    for problem in same_check(ours, peer, keys):
        print(f"check json {problem}", file=sys.stderr)
        ok = False
    ok &= report(f"json-{JSON_ROWS}", statistics.median(ours["runs_s"]), statistics.median(peer["runs_s"]), 1.1)
    mib = 1024.0
    verdict = "PASS" if ours_rss / mib <= 150 else "FAIL"
    print(f"memory ingest json-{JSON_ROWS} ours_peak_mib {ours_rss / mib:.1f} peer_peak_mib {peer_rss / mib:.1f} "
          f"limit 150 {verdict}", flush=True)
    ok &= verdict == "PASS"
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
