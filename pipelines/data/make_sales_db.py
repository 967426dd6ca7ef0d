"""Builds sales.db beside this script from sales.csv: the demo's daily sales as a SQLite table, for
pipelines/sales-db.pipeline (a chart read straight from a database). Run: python3 make_sales_db.py
after generate.py; the standard library only. `write_database` is also what the database source
tests' fixture (Tests/EndToEndTests/Fixtures/database/make_sqlite.py) is made with.
"""
import csv
import os
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))


def write_database(path, tables):
    """A new SQLite file at `path` with one table per (name, columns, data file, delimiter): columns
    are (name, "TEXT" or "REAL") in the file's header order, TEXT not null, REAL empty as NULL."""
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    for name, columns, source, delimiter in tables:
        declared = ", ".join("%s %s" % (column, "TEXT NOT NULL" if kind == "TEXT" else kind) for column, kind in columns)
        db.execute("CREATE TABLE %s (%s)" % (name, declared))
        with open(source, newline="") as f:
            rows = [tuple(r[column] if kind == "TEXT" else (float(r[column]) if r[column] else None) for column, kind in columns)
                    for r in csv.DictReader(f, delimiter=delimiter)]
        db.executemany("INSERT INTO %s VALUES (%s)" % (name, ", ".join("?" * len(columns))), rows)
    db.commit()
    db.execute("VACUUM")
    db.close()


SALES = [("date", "TEXT"), ("region", "TEXT"), ("revenue", "REAL")]

if __name__ == "__main__":
    write_database(os.path.join(HERE, "sales.db"), [("sales", SALES, os.path.join(HERE, "sales.csv"), ",")])
