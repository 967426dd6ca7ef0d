"""Builds sources.db beside this script from sales.csv and battery.tsv (copies of the demo's data in
pipelines/data, made by pipelines/data/generate.py), for the database source tests: one table per
file, each column with the storage type SQLite gives it (REAL numbers, TEXT dates and times).

Run: python3 make_sqlite.py (the standard library only). The .db is committed, so tests need no Python.
"""
import csv
import os
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    path = os.path.join(HERE, "sources.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE sales (date TEXT NOT NULL, region TEXT NOT NULL, revenue REAL)")
    with open(os.path.join(HERE, "sales.csv"), newline="") as f:
        rows = [(r["date"], r["region"], float(r["revenue"]) if r["revenue"] else None) for r in csv.DictReader(f)]
    db.executemany("INSERT INTO sales VALUES (?, ?, ?)", rows)
    db.execute("CREATE TABLE battery (timestamp TEXT NOT NULL, level REAL)")
    with open(os.path.join(HERE, "battery.tsv"), newline="") as f:
        rows = [(r["timestamp"], float(r["level"]) if r["level"] else None) for r in csv.DictReader(f, delimiter="\t")]
    db.executemany("INSERT INTO battery VALUES (?, ?)", rows)
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
