#!/usr/bin/env python3
"""Writes a benchmark schedule: N medications x SLOTS dose slots (default 4), mixed recurrences,
with supply. usage: gen_schedule.py [N] [SLOTS]"""
import json, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
slots = int(sys.argv[2]) if len(sys.argv) > 2 else 4
kinds = [
    {"kind": "daily"},
    {"kind": "weekly", "weekdays": ["MO", "WE", "FR"]},
    {"kind": "everyNDays", "days": 3},
    {"kind": "cycle", "daysOn": 21, "daysOff": 7},
]
meds = []
for i in range(n):
    meds.append({
        "id": f"med-{i:04d}",
        "name": f"Medication {i:04d}",
        "strength": f"{(i % 9 + 1) * 5} mg",
        "times": [{"id": f"s{k}", "time": f"{(6 + 16 * k // slots) % 24:02d}:{(i * 7) % 60:02d}"} for k in range(slots)],
        "recurrence": kinds[i % len(kinds)],
        "start": "2026-01-05",
        "reminder": {"minutesBefore": 5, "repeat": {"count": 1, "intervalMinutes": 10}},
        "supply": {"pills": 100 + i % 50, "asOf": "2026-11-01", "warningDays": 7},
    })
json.dump({"version": 1, "homeZone": "America/New_York", "medications": meds}, sys.stdout, indent=1)
