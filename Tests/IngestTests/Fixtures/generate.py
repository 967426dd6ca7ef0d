#!/usr/bin/env python3
"""Writes the ingest fixtures: the same long data as CSV, JSON and JSON Lines, and the expected
observations computed independently with Python's datetime/zoneinfo (times in America/New_York,
across both 2024 DST changes, with ISO 8601 dates, date-times, offsets and UTC), plus quoted
numbers, exponents and gaps. Fixed seed: rerunning gives identical bytes.
usage: python3 generate.py   (writes next to this file; stdlib only)
"""
import json
import os
import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
ZONE = ZoneInfo("America/New_York")


def main():
    rng = random.Random(20241103)
    start = datetime(2024, 3, 9, 22, 0)
    rows = []
    for i in range(240):
        local = start + timedelta(minutes=37 * i)
        style = rng.choice(["local", "local_space", "utc", "offset", "date"])
        aware = local.replace(tzinfo=ZONE)
        # A wall-clock time the spring change skips does not exist: chartpipe reports it, so the
        # fixture writes such instants in UTC instead.
        if style in ("local", "local_space") and aware.astimezone(timezone.utc).astimezone(ZONE).replace(tzinfo=None) != local:
            style = "utc"
        if style == "local":
            text = local.strftime("%Y-%m-%dT%H:%M:%S")
        elif style == "local_space":
            text = local.strftime("%Y-%m-%d %H:%M")
            aware = local.replace(second=0, tzinfo=ZONE)
        elif style == "utc":
            aware = aware.astimezone(timezone.utc)
            text = aware.strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randrange(1000):03d}Z"
            aware = aware.replace(microsecond=int(text[20:23]) * 1000)
        elif style == "offset":
            off = timedelta(hours=rng.choice([-8, -5, 0, 1, 9]), minutes=rng.choice([0, 30]))
            aware = aware.astimezone(timezone(off))
            sign = "+" if off >= timedelta(0) else "-"
            total = abs(int(off.total_seconds())) // 60
            text = aware.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign}{total // 60:02d}:{total % 60:02d}"
        else:
            day = local.date()
            text = day.isoformat()
            aware = datetime(day.year, day.month, day.day, tzinfo=ZONE)
        ms = int(aware.timestamp() * 1000)
        region = rng.choice(["north", "south", "east"])
        kind = rng.random()
        if kind < 0.08:
            value, cell, js = None, rng.choice(["", "NA", "null", "NaN"]), None
        else:
            value = round(rng.uniform(-500, 500), rng.choice([0, 2, 4]))
            if kind < 0.15:
                cell = f"{value:.3e}"
                value = float(cell)
            else:
                cell = repr(value)
            js = value
        quoted = rng.random() < 0.2
        rows.append((text, region, cell, quoted, js, ms, value))

    with open(os.path.join(HERE, "long.csv"), "w", newline="") as f:
        f.write("when,region,value\r\n")
        for text, region, cell, quoted, *_ in rows:
            f.write(f'{text},{region},{chr(34) + cell + chr(34) if quoted else cell}\r\n')
    records = [{"when": t, "region": r, "value": js} for t, r, _, _, js, _, _ in rows]
    with open(os.path.join(HERE, "long.json"), "w") as f:
        f.write('{"meta": {"source": "generate.py", "note": [1, {"a": "]"}]},\n "data": {"items": [\n')
        f.write(",\n".join("  " + json.dumps(r) for r in records))
        f.write("\n]}, \"tail\": [true, null]}\n")
    with open(os.path.join(HERE, "long.jsonl"), "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    expected = {"zone": "America/New_York",
                "observations": [{"record": i, "x": ms, "series": region, "y": value}
                                 for i, (_, region, _, _, _, ms, value) in enumerate(rows)]}
    with open(os.path.join(HERE, "long.expected.json"), "w") as f:
        json.dump(expected, f, indent=0)
        f.write("\n")


if __name__ == "__main__":
    main()
