#!/usr/bin/env python3
"""The Python counterpart of `dosecal reconcile`'s parse-and-compare work: parse the base and the
returned calendar with icalendar, expand every event with recurring-ical-events over the same
window, and diff the occurrences by (UID root, original start). No schedule meaning, no split
recovery: a lower bound for the same job in Python."""
import sys
from datetime import datetime, timezone
import icalendar, recurring_ical_events

def occurrences(path):
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    out = {}
    for e in recurring_ical_events.of(cal).between(datetime(2025, 11, 10, tzinfo=timezone.utc), datetime(2028, 1, 20, tzinfo=timezone.utc)):
        uid = str(e["UID"]).split("_R")[0].split("@")[0]
        rid = e.get("RECURRENCE-ID")
        key = (uid, (rid.dt if rid else e["DTSTART"].dt).isoformat())
        out[key] = e["DTSTART"].dt.timestamp()
    return out

base, theirs = occurrences(sys.argv[1]), occurrences(sys.argv[2])
changed = sum(1 for k, v in base.items() if theirs.get(k) != v)
print(f"  python: {len(base)} base occurrences, {len(theirs)} returned, {changed} differ", file=sys.stderr)
