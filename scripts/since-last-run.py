#!/usr/bin/env python3
"""Prints the "Since the last run" section of a chartpipe report as plain text (standard library only).

    python3 scripts/since-last-run.py out/weekly/report.en.html

`make demo` runs it after its second run. Headings become lines of their own, list items lines
that start with '- '; a report without the section (a first run) prints nothing.
"""
import sys
from html.parser import HTMLParser


class Section(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0  # sections open inside the "Since the last run" one, itself included
        self.lines = []
        self.line = None

    def handle_starttag(self, tag, attrs):
        if tag == "section" and (self.depth or ("class", "cp-changes") in attrs):
            self.depth += 1
        if self.depth and tag in ("h2", "h3", "p", "li"):
            self.line = "- " if tag == "li" else ""
            if tag == "h3" and self.lines:
                self.lines.append("")

    def handle_endtag(self, tag):
        if self.depth and tag in ("h2", "h3", "p", "li") and self.line is not None:
            self.lines.append(self.line)
            self.line = None
        if tag == "section" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and self.line is not None:
            self.line += data


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: since-last-run.py REPORT.html")
    parser = Section()
    with open(sys.argv[1], encoding="utf-8") as f:
        parser.feed(f.read())
    print("\n".join(parser.lines))
