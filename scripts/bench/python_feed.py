#!/usr/bin/env python3
"""The same feed shape built with Python icalendar, for comparison: one recurring VEVENT with a
VALARM per slot, a VTIMEZONE, serialised to bytes. Recurrences are written as RRULEs directly
(no supply computation), so this is a lower bound for Python."""
import json, sys, hashlib
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from icalendar import Calendar, Event, Alarm, Timezone

schedule = json.load(open(sys.argv[1]))
zone = ZoneInfo(schedule["homeZone"])
cal = Calendar()
cal.add("prodid", "-//bench//python icalendar//EN")
cal.add("version", "2.0")
cal.add_component(Timezone.from_tzinfo(zone, first_date=datetime(2026, 1, 1).date(), last_date=datetime(2027, 12, 31).date()))
for m in schedule["medications"]:
    for slot in m["times"]:
        h, mi = map(int, slot["time"].split(":"))
        e = Event()
        e.add("uid", hashlib.sha256(f'{m["id"]}/{slot["id"]}'.encode()).hexdigest()[:24] + "@bench")
        e.add("dtstamp", datetime(2026, 11, 30, 12))
        e.add("dtstart", datetime(2026, 1, 5, h, mi, tzinfo=zone))
        e.add("duration", timedelta(minutes=15))
        r = m["recurrence"]
        if r["kind"] == "daily":
            e.add("rrule", {"freq": "daily"})
        elif r["kind"] == "weekly":
            e.add("rrule", {"freq": "weekly", "byday": r["weekdays"]})
        elif r["kind"] == "everyNDays":
            e.add("rrule", {"freq": "daily", "interval": r["days"]})
        else:
            e.add("rrule", {"freq": "weekly", "interval": 4})
        e.add("summary", f'{m["name"]} {m["strength"]}')
        e.add("description", f'Take {m["name"]} at {slot["time"]}.')
        a = Alarm()
        a.add("action", "DISPLAY")
        a.add("description", f'Time to take {m["name"]}')
        a.add("trigger", timedelta(minutes=-5))
        e.add_component(a)
        cal.add_component(e)
open(sys.argv[2], "wb").write(cal.to_ical())
