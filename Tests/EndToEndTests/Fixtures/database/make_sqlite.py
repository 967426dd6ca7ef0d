"""Builds sources.db beside this script from sales.csv and battery.tsv (copies of the demo's data in
pipelines/data, made by pipelines/data/generate.py), for the database source tests: one table per
file, each column with the storage type SQLite gives it (REAL numbers, TEXT dates and times), written
by the demo's own database script (pipelines/data/make_sales_db.py).

Run: python3 make_sqlite.py (the standard library only). The .db is committed, so tests need no Python.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "pipelines", "data"))

from make_sales_db import SALES, write_database  # noqa: E402

if __name__ == "__main__":
    write_database(os.path.join(HERE, "sources.db"), [
        ("sales", SALES, os.path.join(HERE, "sales.csv"), ","),
        ("battery", [("timestamp", "TEXT"), ("level", "REAL")], os.path.join(HERE, "battery.tsv"), "\t"),
    ])
