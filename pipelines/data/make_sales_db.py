"""Builds sales.db beside this script from sales.csv: the demo's daily sales as a SQLite table, for
pipelines/sales-db.pipeline (a chart read straight from a database). Run: python3 make_sales_db.py
after generate.py; the standard library only.
"""
import csv
import os
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))

path = os.path.join(HERE, "sales.db")
if os.path.exists(path):
    os.remove(path)
db = sqlite3.connect(path)
db.execute("CREATE TABLE sales (date TEXT NOT NULL, region TEXT NOT NULL, revenue REAL)")
with open(os.path.join(HERE, "sales.csv"), newline="") as f:
    db.executemany("INSERT INTO sales VALUES (?, ?, ?)",
                   [(r["date"], r["region"], float(r["revenue"]) if r["revenue"] else None) for r in csv.DictReader(f)])
db.commit()
db.execute("VACUUM")
db.close()
