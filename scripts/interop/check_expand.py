#!/usr/bin/env python3
"""`dosecal expand` against recurring-ical-events, instance by instance, on a generated calendar.

usage: check_expand.py DOSECAL [EVENTS] [SEED]

Generates a calendar with scripts/bench/gen_calendar.py (EVENTS VEVENTs, default 2,000, 15%
recurring: daily, weekly, monthly with BYMONTHDAY and BYSETPOS, yearly, COUNT, UNTIL, open, in ten
zones with DST in both hemispheres, UTC, floating and all-day, EXDATEs, overrides), expands 2026
with both (compare_expand.py: `dosecal expand --json --zone UTC` and recurring-ical-events'
overlap rule) and compares the (UID, start, end) multisets.

The one reading in which RFC 5545 and recurring-ical-events differ (docs/expansion-differences.md)
is accepted and counted: a COUNT series whose DTSTART the rule does not match has one instance
fewer for us (RFC 5545 §3.8.5.3 counts DTSTART toward COUNT; recurring-ical-events adds it on
top), and that instance is the series' last one of theirs. Any other difference fails (exit 1).
Prints the number of instances compared.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from datetime import date, datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402
import compare_expand  # noqa: E402

icalendar = common.require("icalendar", "icalendar")
dateutil_rrule = common.require("dateutil.rrule", "python-dateutil")
GENERATOR = Path(__file__).resolve().parents[1] / "bench" / "gen_calendar.py"
FIRST, LAST = date(2026, 1, 1), date(2027, 1, 1)


def count_series_off_rule(path: Path) -> set[str]:
    """UIDs of COUNT series whose DTSTART the rule does not match (dateutil's first instance
    is not DTSTART)."""
    found = set()
    for event in icalendar.Calendar.from_ical(path.read_bytes()).walk("VEVENT"):
        rule = event.get("RRULE")
        if rule is None or "COUNT" not in rule or "RECURRENCE-ID" in event:
            continue
        start = event["DTSTART"].dt
        naive = start.replace(tzinfo=None) if isinstance(start, datetime) else datetime(start.year, start.month, start.day)
        text = rule.to_ical().decode()
        first = next(iter(dateutil_rrule.rrulestr(text, dtstart=naive)), None)
        if first != naive:
            found.add(str(event["UID"]))
    return found


def explained(only_theirs: list[tuple], mine: Counter, off_rule: set[str]) -> bool:
    """Whether every instance only recurring-ical-events has is the extra last one of a COUNT
    series whose DTSTART the rule does not match (one per series)."""
    last_ours = defaultdict(str)
    for (uid, start, _), _n in mine.items():
        last_ours[uid] = max(last_ours[uid], start)
    per_uid = Counter(uid for uid, _, _ in only_theirs)
    return all(uid in off_rule and per_uid[uid] == 1 and start > last_ours[uid] for uid, start, _ in only_theirs)


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3, 4):
        common.die("usage: check_expand.py DOSECAL [EVENTS] [SEED]", 64)
    binary = Path(argv[1]).resolve()
    events = int(argv[2]) if len(argv) > 2 else 2000
    seed = argv[3] if len(argv) > 3 else "1"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"generated-{events}.ics"
        with path.open("w") as out:
            subprocess.run([sys.executable, str(GENERATOR), str(events), str(events * 3 // 20), seed], stdout=out,
                           check=True)
        t0 = datetime(FIRST.year, FIRST.month, FIRST.day, tzinfo=timezone.utc)
        t1 = datetime(LAST.year, LAST.month, LAST.day, tzinfo=timezone.utc)
        mine, expected = compare_expand.ours(binary, path, FIRST, LAST), compare_expand.theirs(path, t0, t1)
        only_ours, only_theirs = sorted((mine - expected).elements()), sorted((expected - mine).elements())
        off_rule = count_series_off_rule(path) if only_theirs else set()
    agreed = sum((mine & expected).values())
    print(f"check_expand: {events} generated events (seed {seed}), 2026: {agreed} instances agree in UID, start "
          f"and end; dosecal {sum(mine.values())}, recurring-ical-events {sum(expected.values())}")
    if only_theirs and not only_ours and explained(only_theirs, mine, off_rule):
        print(f"  {len(only_theirs)} only theirs, each the extra last instance of a COUNT series whose DTSTART "
              f"the rule does not match (RFC 5545 counts DTSTART toward COUNT)")
        only_theirs = []
    for item in only_ours[:10]:
        print(f"  only ours   {' '.join(item)}")
    for item in only_theirs[:10]:
        print(f"  only theirs {' '.join(item)}")
    ok = not only_ours and not only_theirs
    print("1 passed, 0 failed" if ok else "0 passed, 1 failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
