#!/usr/bin/env python3
"""`dosecal expand --json` against recurring-ical-events, instant by instant, on one calendar.

usage: compare_expand.py DOSECAL CALENDAR [FROM TO]

Both expand every VEVENT of CALENDAR over [FROM, TO) (dates, midnight UTC; default
2026-01-01..2027-01-01) with recurring-ical-events' overlap rule (start < TO and end >
FROM), floating and DATE values read in UTC (`--zone UTC`); X-WR-TIMEZONE is not applied
(RFC 5545 alone: recurring_ical_events.CalendarQuery). The (UID, start, end) multisets are
compared as RFC 3339 UTC instants. Prints both counts and the first differences; exit 1
when they differ.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

icalendar = common.require("icalendar", "icalendar")
recurring_ical_events = common.require("recurring_ical_events", "recurring-ical-events")
UTC = timezone.utc


def utc(value) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return datetime(value.year, value.month, value.day, tzinfo=UTC)


def text(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def theirs(path: Path, t0: datetime, t1: datetime) -> Counter:
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    found = Counter()
    for ev in recurring_ical_events.CalendarQuery(cal).between(t0, t1):
        start = ev["DTSTART"].dt
        if "DTEND" in ev:
            end = utc(ev["DTEND"].dt)
        elif "DURATION" in ev:
            end = utc(start) + ev["DURATION"].dt
        else:
            end = utc(start) + (timedelta(days=1) if not isinstance(start, datetime) else timedelta(0))
        found[(str(ev.get("UID", "")), text(utc(start)), text(end))] += 1
    return found


def ours(binary: Path, path: Path, first: date, last: date) -> Counter:
    run = subprocess.run([str(binary), "expand", str(path), "--from", first.isoformat(), "--to", last.isoformat(),
                          "--zone", "UTC", "--json"], capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        common.die(f"dosecal expand exited {run.returncode}: {run.stderr.strip()[:500]}", 1)
    return Counter((i["uid"], i["start"], i["end"]) for i in json.loads(run.stdout)["instances"])


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 5):
        common.die("usage: compare_expand.py DOSECAL CALENDAR [FROM TO]", 64)
    binary, path = Path(argv[1]).resolve(), Path(argv[2])
    first, last = (date.fromisoformat(argv[3]), date.fromisoformat(argv[4])) if len(argv) == 5 else (
        date(2026, 1, 1), date(2027, 1, 1))
    t0 = datetime(first.year, first.month, first.day, tzinfo=UTC)
    t1 = datetime(last.year, last.month, last.day, tzinfo=UTC)
    mine, expected = ours(binary, path, first, last), theirs(path, t0, t1)
    only_ours, only_theirs = sorted((mine - expected).elements()), sorted((expected - mine).elements())
    print(f"{path}: dosecal expand {sum(mine.values())} instances, recurring-ical-events {sum(expected.values())}; "
          f"only ours {len(only_ours)}, only theirs {len(only_theirs)}")
    for item in only_ours[:10]:
        print(f"  only ours   {' '.join(item)}")
    for item in only_theirs[:10]:
        print(f"  only theirs {' '.join(item)}")
    return 1 if only_ours or only_theirs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
