#!/usr/bin/env python3
"""Makes the demo data of pipelines/weekly.pipeline, deterministically (fixed seed, standard library only).

    python3 pipelines/data/generate.py                  # rewrites the files beside this script
    python3 pipelines/data/generate.py --day-before DIR # the same data a day shorter, into DIR

The same script always writes the same bytes; the files are committed (under 2 MB in all).
`--day-before` writes each file without its last day (the last date of sales and visits, the
last 24 hours of latency and battery): the run of the day before, which `make demo` runs first so
that the second run has something to compare with.
"""
import json
import math
import os
import random
import sys
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20260601)
# Where the files go, and whether a day is taken off each (--day-before DIR).
OUT = HERE
DAY_BEFORE = False


def write(name, text):
    if DAY_BEFORE:
        text = day_before(name, text)
    with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="") as f:
        f.write(text)


def day_before(name, text):
    """`text` of file `name` without its last day, so that the full file is a day more of the same data."""
    if name == "visits.json":
        doc = json.loads(text)
        doc["data"] = doc["data"][:-1]
        return json.dumps(doc, indent=1) + "\n"
    lines = text.splitlines(keepends=True)
    header, rows = lines[0], lines[1:]
    if name == "sales.csv":
        last = rows[-1].split(",")[0]
        return header + "".join(r for r in rows if not r.startswith(last + ","))
    per_day = {"latency.csv": 24, "battery.tsv": 48}[name]
    return header + "".join(rows[:-per_day])


def sales():
    """Daily revenue in USD by region (long CSV), June to August 2026, with a summer rise."""
    regions = [("North", 1200.0, 9.0), ("South", 950.0, 4.0), ("East", 1500.0, -2.5), ("West", 800.0, 6.0)]
    rows = ["date,region,revenue\r\n"]
    start = date(2026, 6, 1)
    for d in range(92):
        day = start + timedelta(days=d)
        weekend = day.weekday() >= 5
        for name, base, slope in regions:
            value = base + slope * d + rng.gauss(0, 60) - (180 if weekend else 0)
            if name == "East" and d == 47:
                value += 900  # a promotion day: an outlier worth finding
            rows.append(f"{day.isoformat()},{name},{value:.2f}\r\n")
    write("sales.csv", "".join(rows))


def visits():
    """Daily site visits (JSON records under /data), a year with a weekly cycle and growth."""
    records = []
    start = date(2025, 12, 1)
    for d in range(365):
        day = start + timedelta(days=d)
        weekly = 1.0 - 0.25 * (day.weekday() >= 5)
        v = (4000 + 9 * d + 600 * math.sin(d / 58.0)) * weekly + rng.gauss(0, 150)
        records.append({"day": day.isoformat(), "visits": int(round(v)), "source": "web"})
    doc = {"site": "example.org", "data": records}
    write("visits.json", json.dumps(doc, indent=1) + "\n")


def latency():
    """Request latency in minutes, hourly for 30 days (custom date format 'yyyy/MM/dd HH:mm')."""
    rows = ["time,p95_minutes\n"]
    start = datetime(2026, 10, 1, 0, 0)
    for h in range(30 * 24):
        t = start + timedelta(hours=h)
        busy = 1.0 + 0.6 * math.sin((t.hour - 8) / 24 * 2 * math.pi)
        drift = 0.02 * (h / 24)
        v = max(0.2, 1.5 * busy + drift + rng.gauss(0, 0.25))
        if 400 <= h < 406:
            v += 6  # an incident
        rows.append(f"{t.strftime('%Y/%m/%d %H:%M')},{v:.2f}\n")
    write("latency.csv", "".join(rows))


def battery():
    """Battery level in percent every 30 minutes over three days: discharge and charge cycles."""
    rows = ["timestamp\tlevel\n"]
    start = datetime(2026, 11, 20, 6, 0)
    level = 100.0
    for i in range(3 * 48):
        t = start + timedelta(minutes=30 * i)
        charging = 44 <= (i % 48) < 48
        level = min(100.0, level + 22.0) if charging else max(3.0, level - 2.1 - rng.random() * 0.6)
        stamp = t.strftime("%Y-%m-%dT%H:%M:%S") + "+09:00"
        rows.append(f"{stamp}\t{'' if i == 70 else f'{level:.1f}'}\n")  # one missing reading: a gap
    write("battery.tsv", "".join(rows))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--day-before"] and len(sys.argv) == 3:
        OUT, DAY_BEFORE = sys.argv[2], True
        os.makedirs(OUT, exist_ok=True)
    elif sys.argv[1:]:
        sys.exit("usage: generate.py [--day-before DIR]")
    sales()
    visits()
    latency()
    battery()
