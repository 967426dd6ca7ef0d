#!/usr/bin/env python3
"""Writes before.csv and after.csv of the cases falling, reversal, cooling, myriad and subscribers
(README.md says what each shows). The values are written out here, not drawn: run it again and
it writes the same files."""
import datetime
import os

HERE = os.path.dirname(os.path.abspath(__file__))
JUNE1 = datetime.date(2026, 6, 1)


def write(case, header, rows):
    os.makedirs(os.path.join(HERE, case), exist_ok=True)
    for name, part in rows.items():
        with open(os.path.join(HERE, case, name + ".csv"), "w") as f:
            f.write(header + "\n")
            for day, value in enumerate(part):
                f.write("%s,%s\n" % (JUNE1 + datetime.timedelta(days=day), value))


# A phone's battery level in percent, under way down to the "low" line at 20%: two more days,
# the last one below the line, a new low.
battery = ["%.1f" % (80 - 2 * d - (1.5 if d % 2 else 0)) for d in range(20)]
write("falling", "date,battery", {"before": battery, "after": battery + ["30.5", "18.5"]})

# Daily sign-ups (a count) rising for 14 days, then falling for 14: the increasing trend the
# first run found is no longer significant over the 28 days.
rise = [100 + 10 * d + (3 if d % 3 == 0 else -2 if d % 3 == 1 else 0) for d in range(14)]
fall = [round(rise[-1] - 5 - 8.5 * d) for d in range(14)]
write("reversal", "date,signups", {"before": rise, "after": rise + fall})

# A water temperature in degrees Celsius, flat for 14 days, then 10 cooling days: a significant
# decreasing trend starts, and a new low.
flat = ["18.2", "18.6", "17.9", "18.4", "18.1", "18.7", "18.0", "18.3", "18.5", "17.8", "18.4", "18.2", "18.6", "18.1"]
cool = ["17.6", "17.1", "16.5", "15.8", "15.2", "14.6", "13.9", "13.3", "12.8", "12.1"]
write("cooling", "date,celsius", {"before": flat, "after": flat + cool})

# Daily ad impressions (a count) in the billions (억, 億, 亿): one more day, a new high, and the
# value of June 10 taken out (now empty).
views = [3_634_568_000 + 41_230_000 * ((d * 7) % 11) - 9_500_000 * d for d in range(20)]
emptied = [("" if d == 9 else v) for d, v in enumerate(views)]
write("myriad", "date,impressions", {"before": views, "after": emptied + [4_125_000_000]})

# Subscribers, in the millions (a count): the first run lacked June 5 and June 9; the second has
# them, and one more day.
subs = [9_631_000 + 12_417 * d + (6_130 if d % 2 else 0) for d in range(21)]
gaps = [("" if d in (4, 8) else v) for d, v in enumerate(subs[:20])]
write("subscribers", "date,subscribers", {"before": gaps, "after": subs})
