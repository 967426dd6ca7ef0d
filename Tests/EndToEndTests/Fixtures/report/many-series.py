"""Writes many-series.csv: 16 series of 60 days, each a zigzag (29 peaks, 29 valleys a series) on
its own level, so that the description's lists (at most 100 entries a chart) end in the fourth
series and the report's per-series lists must carry "next peak" into the 16th."""
import csv
import datetime

with open("many-series.csv", "w", newline="") as f:
    out = csv.writer(f)
    out.writerow(["day", "station", "v"])
    for s in range(16):
        for d in range(60):
            day = datetime.date(2026, 1, 1) + datetime.timedelta(days=d)
            out.writerow([day.isoformat(), "Station %02d" % (s + 1), 100 * s + (10 if d % 2 else 0) + d % 7])
