#!/usr/bin/env python3
"""Deterministic benchmark data: the same seed and row count always give the same bytes.

  ts_N.csv     a header and N rows of timestamp,temperature,pressure,count. Timestamps are ISO 8601
               UTC with milliseconds, about one second apart and strictly increasing; temperature
               (4 decimals) follows a daily cycle plus a mean-reverting wander; pressure (3 decimals)
               wanders about 1013.25; count is an integer below 100,000. About 2% of timestamps and
               5% of temperatures are double-quoted, and about 0.1% of pressures are empty.
  ts_N.json    the same N records as a JSON array, one object per line; an empty pressure is null.
  series_N.npz x (int64 epoch ms) and y (float64): the timestamps and temperatures of the same rows.

Usage: gen_data.py [--out-dir DIR] [--seed S] [--csv-rows N]… [--json-rows N]… [--npz-rows N]…
Existing files are kept. The ratio benchmarks call ensure() for what they need.
"""
import argparse
import os
import sys

import numpy as np
from scipy.signal import lfilter

START_MS = 1_577_836_800_000  # 2020-01-01T00:00:00Z
DAY_MS = 86_400_000
CHUNK = 250_000
SEED = 2026


def chunks(rows, seed):
    """The rows in blocks of CHUNK, as dicts of arrays; the wanders carry their state across blocks."""
    rng = np.random.default_rng(seed)
    # AR(1) wanders (x[t] = keep * x[t-1] + noise): bounded, unlike a plain random walk, and streamable.
    temperature_keep, pressure_keep = 0.9995, 0.9999
    temperature_state, pressure_state = np.zeros(1), np.zeros(1)
    for first in range(0, rows, CHUNK):
        size = min(CHUNK, rows - first)
        index = np.arange(first, first + size, dtype=np.int64)
        time = START_MS + index * 1000 + rng.integers(0, 1000, size)
        wander, temperature_state = lfilter([1.0], [1.0, -temperature_keep], rng.normal(0.0, 0.05, size),
                                            zi=temperature_state)
        drift, pressure_state = lfilter([1.0], [1.0, -pressure_keep], rng.normal(0.0, 0.01, size),
                                        zi=pressure_state)
        days = (time - START_MS) / DAY_MS
        yield {
            "time": time,
            "temperature": 15.0 + 8.0 * np.sin(2.0 * np.pi * days) + wander + 0.002 * days,
            "pressure": 1013.25 + drift,
            "count": rng.integers(0, 100_000, size),
            "quote_time": rng.random(size) < 0.02,
            "quote_temperature": rng.random(size) < 0.05,
            "no_pressure": rng.random(size) < 0.001,
        }


def iso(time):
    return np.datetime_as_string(time.astype("datetime64[ms]"), unit="ms", timezone="UTC").tolist()


def write_csv(out, rows, seed):
    out.write('"timestamp","temperature","pressure","count"\n')
    for block in chunks(rows, seed):
        lines = []
        for stamp, temperature, pressure, count, quote_time, quote_temperature, no_pressure in zip(
                iso(block["time"]), block["temperature"].tolist(), block["pressure"].tolist(),
                block["count"].tolist(), block["quote_time"].tolist(), block["quote_temperature"].tolist(),
                block["no_pressure"].tolist()):
            stamp_text = f'"{stamp}"' if quote_time else stamp
            temperature_text = f'"{temperature:.4f}"' if quote_temperature else f"{temperature:.4f}"
            pressure_text = "" if no_pressure else f"{pressure:.3f}"
            lines.append(f"{stamp_text},{temperature_text},{pressure_text},{count}\n")
        out.write("".join(lines))


def write_json(out, rows, seed):
    out.write("[\n")
    written = 0
    for block in chunks(rows, seed):
        lines = []
        for stamp, temperature, pressure, count, no_pressure in zip(
                iso(block["time"]), block["temperature"].tolist(), block["pressure"].tolist(),
                block["count"].tolist(), block["no_pressure"].tolist()):
            written += 1
            pressure_text = "null" if no_pressure else f"{pressure:.3f}"
            separator = ",\n" if written < rows else "\n"
            lines.append(f'{{"timestamp":"{stamp}","temperature":{temperature:.4f},'
                         f'"pressure":{pressure_text},"count":{count}}}{separator}')
        out.write("".join(lines))
    out.write("]\n")


def write_npz(out, rows, seed):
    blocks = list(chunks(rows, seed))
    np.savez(out, x=np.concatenate([b["time"] for b in blocks]), y=np.concatenate([b["temperature"] for b in blocks]))


KINDS = {
    "csv": ("ts_{}.csv", write_csv, "w"),
    "json": ("ts_{}.json", write_json, "w"),
    "npz": ("series_{}.npz", write_npz, "wb"),
}


def ensure(out_dir, kind, rows, seed=SEED):
    """The path of the `kind` file with `rows` rows in `out_dir`, written first when it is missing."""
    pattern, write, mode = KINDS[kind]
    path = os.path.join(out_dir, pattern.format(rows))
    if os.path.exists(path):
        return path
    os.makedirs(out_dir, exist_ok=True)
    partial = path + ".partial"
    # Written under another name and renamed, so an interrupted run never leaves a short file behind.
    with open(partial, mode, **({"newline": ""} if mode == "w" else {})) as out:
        write(out, rows, seed)
    os.replace(partial, path)
    print(f"wrote {path} ({os.path.getsize(path) / 1e6:.1f} MB)", file=sys.stderr)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out-dir", default=os.environ.get("DATA_DIR", "data"))
    parser.add_argument("--seed", type=int, default=SEED)
    for kind in KINDS:
        parser.add_argument(f"--{kind}-rows", type=int, action="append", default=[], metavar="N")
    args = parser.parse_args()
    for kind in KINDS:
        for rows in getattr(args, f"{kind}_rows"):
            ensure(args.out_dir, kind, rows, args.seed)


if __name__ == "__main__":
    main()
