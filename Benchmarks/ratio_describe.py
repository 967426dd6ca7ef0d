#!/usr/bin/env python3
"""Cost benchmark for `describe`: the time per chart per locale of writing every description layer,
against `trend` on the same charts in the same run (the reference), both in ChartpipeBench.

Workload (the issue's): 200 charts of 5,000 hourly points, downsampled to 60, described in three
locales (en, zh-Hans, ko), with `points` all and none. describe has no peer; its limit is absolute,
2 ms per chart per locale, and the trend time of the same run shows how loaded the machine was.

Env: BENCH_BIN (ChartpipeBench); BENCH_SMALL=1 for 20 charts and one repeat.
Prints: ratio describe CASE ours_ms_per_chart_per_locale trend_ms_per_chart ratio limit_ms PASS|FAIL
"""
import json
import os
import subprocess

LIMIT_MS = 2.0


def main():
    small = os.environ.get("BENCH_SMALL") == "1"
    charts = "20" if small else "200"
    repeats = "1" if small else "3"
    for selection in ["all", "none"]:
        out = subprocess.run([os.environ["BENCH_BIN"], "describe", charts, "5000", selection, repeats],
                             check=True, capture_output=True, text=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        ours = r["per_chart_per_locale_ms"]
        reference = r["trend_per_chart_ms"]
        verdict = "PASS" if ours <= LIMIT_MS else "FAIL"
        print(f"ratio describe points-{selection} {ours:.3f} {reference:.3f} {ours / reference:.3f} {LIMIT_MS} {verdict}")


if __name__ == "__main__":
    main()
