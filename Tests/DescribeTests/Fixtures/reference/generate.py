"""Reference Mann-Kendall results on pandas-aggregated means of a committed file.

Run once, outside the package (swift test never needs Python):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pandas pymannkendall
    /tmp/venv/bin/python Tests/DescribeTests/Fixtures/reference/generate.py
It reads files of ../data and writes aggregated-mk.json beside this file: for daily wind speeds and
daily highs (airquality, 1973) and for equal-weekly-means.csv (twelve weeks of one-decimal values,
four of whose weeks have the mean 51.1), the ISO-week (Monday) and calendar-month means pandas
computes and pymannkendall.original_test (and hamed_rao_modification_test) on them.

Ties are decided as chartpipe's Trend decides them: means are rounded to 14 significant digits
before the test, because pandas' own sums leave one of the four 51.1 weeks at 51.10000000000001,
which would break a tie that is there. The unrounded result is kept as "raw" to show the difference.
"""
import json
import os

import pandas as pd
import pymannkendall as mk


def tie_key(v):
    """v rounded to 14 significant digits (Trend's MannKendall.tieKey)."""
    return float(f"{v:.14g}")

here = os.path.dirname(os.path.abspath(__file__))
data = pd.read_csv(os.path.join(here, "..", "data", "airquality-1973.csv"), parse_dates=["date"]).set_index("date")
wind = pd.read_csv(os.path.join(here, "..", "data", "airquality-wind-1973.csv"), parse_dates=["date"]).set_index("date")
ties = pd.read_csv(os.path.join(here, "..", "data", "equal-weekly-means.csv"), parse_dates=["date"]).set_index("date")
out = {}
for name, column, frame in [("wind", "wind_mph", wind), ("temp", "temp_f", data), ("ties", "value", ties)]:
    for every, rule in [("week", "W-SUN"), ("month", "MS")]:
        # W-SUN with closed/label left: weeks that start on Monday, labelled by their Monday.
        grouped = frame[column].resample(rule, closed="left", label="left") if every == "month" else \
            frame[column].resample("W-MON", closed="left", label="left")
        means = grouped.mean().dropna()
        result = mk.original_test([tie_key(v) for v in means.values])
        raw = mk.original_test(means.values)
        out[f"{name}-{every}"] = {
            "raw": {"s": float(raw.s), "p": float(raw.p)},
            "starts": [d.strftime("%Y-%m-%d") for d in means.index],
            "means": [float(v) for v in means.values],
            "s": float(result.s), "varS": float(result.var_s), "z": float(result.z), "p": float(result.p),
            "tau": float(result.Tau), "trend": result.trend,
        }
        corrected = mk.hamed_rao_modification_test([tie_key(v) for v in means.values])
        out[f"{name}-{every}"]["hamedRao"] = {"varS": float(corrected.var_s), "z": float(corrected.z), "p": float(corrected.p)}
with open(os.path.join(here, "aggregated-mk.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
