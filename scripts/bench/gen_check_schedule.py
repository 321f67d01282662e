#!/usr/bin/env python3
"""The check benchmark's schedule: 10 medications x 5 slots (50), mixed recurrences, New York."""
import json
import sys

kinds = [{"kind": "daily"}, {"kind": "weekly", "weekdays": ["MO", "WE", "FR"]}, {"kind": "everyNDays", "days": 2},
         {"kind": "cycle", "daysOn": 21, "daysOff": 7}, {"kind": "daily"}]
meds = []
for i in range(10):
    times = [f"{(h * 3 + i) % 24:02d}:{(15 * i) % 60:02d}" for h in range(5)]
    meds.append({"id": f"m{i}", "name": f"Medication {i}", "times": times, "recurrence": kinds[i % 5],
                 "start": "2026-01-01"})
json.dump({"version": 1, "homeZone": "America/New_York", "medications": meds}, sys.stdout)
