#!/usr/bin/env python3
"""The Python peer of `dosecal expand FILE --from FROM --to TO --count`: parse with icalendar,
expand with recurring-ical-events over [FROM, TO) (instances that overlap the window), print the
count. usage: python_expand.py FILE FROM TO"""
import sys
from datetime import date

import icalendar
import recurring_ical_events

calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
print(len(list(recurring_ical_events.of(calendar).between(date.fromisoformat(sys.argv[2]), date.fromisoformat(sys.argv[3])))))
