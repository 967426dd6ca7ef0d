#!/usr/bin/env python3
"""The DuckDB peer of the parallel-ingest benchmark: `read_csv` of a gen_data.py CSV on one thread,
with the column types given (so no sniffing), every column read, into the check values that
ChartpipeBench prints (rows, sum of temperature, empty pressures, sum of count, first and last time).
Times itself the way ChartpipeBench does: one warm-up run, then REPEATS runs, wall and CPU seconds.

Usage: duckdb_read_csv.py FILE [REPEATS=3] [THREADS=1]; prints one JSON line.
"""
import json
import resource
import sys
import time

import duckdb

QUERY = """
SELECT count(*), sum(temperature), count(*) FILTER (WHERE pressure IS NULL), sum("count"),
       epoch_ms(min("timestamp")), epoch_ms(max("timestamp"))
FROM read_csv(?, header = true, delim = ',', quote = '"',
              columns = {'timestamp': 'TIMESTAMPTZ', 'temperature': 'DOUBLE', 'pressure': 'DOUBLE', 'count': 'BIGINT'})
"""


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main():
    path = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    con = duckdb.connect(config={"threads": threads})
    runs, cpu, row = [], [], None
    for i in range(1 + repeats):
        c0, t0 = cpu_seconds(), time.perf_counter()
        row = con.execute(QUERY, [path]).fetchone()
        t1, c1 = time.perf_counter(), cpu_seconds()
        if i > 0:
            runs.append(t1 - t0)
            cpu.append(c1 - c0)
    rows, sum_t, nan_p, sum_c, first, last = row
    print(json.dumps({"stage": "csv", "tool": f"duckdb {duckdb.__version__} read_csv, {threads} thread(s)", "rows": rows,
                      "check": {"sum_temperature": sum_t, "nan_pressure": nan_p, "sum_count": int(sum_c),
                                "ts_first": int(first), "ts_last": int(last)},
                      "runs_s": runs, "cpu_s": cpu}))


if __name__ == "__main__":
    main()
