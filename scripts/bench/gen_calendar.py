#!/usr/bin/env python3
"""A deterministic synthetic calendar for timing the expander.

usage: gen_calendar.py EVENTS RECURRING SEED > calendar.ics

EVENTS VEVENTs between 2024 and 2027, RECURRING of them recurring (daily, weekly BYDAY,
monthly BYMONTHDAY/BYSETPOS, yearly; COUNT, UNTIL or open), in a dozen IANA zones, UTC,
floating and all-day, with EXDATEs and an override every 10th series. Standard library only.
"""

import random
import sys

ZONES = ["America/New_York", "Europe/Berlin", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe",
         "America/Santiago", "Asia/Kolkata", "Pacific/Chatham", "America/Chicago", "Asia/Tokyo"]
RULES = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
         "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY",
         "FREQ=DAILY;INTERVAL=3"]


def main() -> None:
    events, recurring, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dosecal//bench//EN"]
    for i in range(events):
        y, m, d = rng.choice([2024, 2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
        hh, mm = rng.randint(0, 23), rng.choice([0, 15, 30, 45])
        local = f"{y:04d}{m:02d}{d:02d}T{hh:02d}{mm:02d}00"
        kind = rng.random()
        if kind < 0.7:
            zone = rng.choice(ZONES)
            start = f"DTSTART;TZID={zone}:{local}"
        elif kind < 0.85:
            zone, start = None, f"DTSTART:{local}Z"
        elif kind < 0.95:
            zone, start = None, f"DTSTART:{local}"
        else:
            zone, start = None, f"DTSTART;VALUE=DATE:{y:04d}{m:02d}{d:02d}"
        uid = f"bench-{i}@dosecal"
        out += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", start, f"SUMMARY:Event {i}"]
        if i < recurring:
            rule = rng.choice(RULES)
            end = rng.random()
            if end < 0.3:
                rule += f";COUNT={rng.randint(5, 400)}"
            elif end < 0.6:
                rule += f";UNTIL={y + rng.randint(1, 3):04d}1231T235959Z"
            out.append(f"RRULE:{rule}")
            if zone and rng.random() < 0.3:
                out.append(f"EXDATE;TZID={zone}:{y:04d}{m:02d}{d:02d}T{hh:02d}{mm:02d}00")
        out.append("END:VEVENT")
        if i < recurring and i % 10 == 0 and zone:
            out += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z",
                    f"RECURRENCE-ID;TZID={zone}:{local}", f"DTSTART;TZID={zone}:{y:04d}{m:02d}{d:02d}T{(hh + 1) % 24:02d}{mm:02d}00",
                    "SUMMARY:Moved", "END:VEVENT"]
    out.append("END:VCALENDAR")
    sys.stdout.write("\r\n".join(out) + "\r\n")


if __name__ == "__main__":
    main()
