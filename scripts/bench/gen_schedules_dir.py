#!/usr/bin/env python3
"""Writes N schedules (a care home's or a pharmacy's: one person each, 2 to 8 medications of
every kind) into DIR, 500 to a subfolder, seeded: the same N and seed give the same files.
usage: gen_schedules_dir.py DIR N [SEED]"""
import json
import os
import random
import sys

out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
zones = ["America/New_York", "Europe/Berlin", "Europe/London", "Australia/Sydney", "America/Chicago"]
kinds = [{"kind": "daily"}, {"kind": "weekly", "weekdays": ["MO", "TH"]}, {"kind": "everyNDays", "days": 2},
         {"kind": "cycle", "daysOn": 21, "daysOff": 7}, {"kind": "daily"}]
names = ["Metformin", "Lisinopril", "Atorvastatin", "Levothyroxine", "Amlodipine", "Omeprazole", "Vitamin D",
         "Sertraline", "Furosemide", "Warfarin"]


def person(i):
    meds = []
    for k in range(rng.randint(2, 8)):
        slots = rng.randint(1, 4)
        meds.append({
            "id": f"m{k}", "name": names[(i + k) % len(names)], "strength": f"{rng.randint(1, 20) * 5} mg",
            "times": [{"id": f"s{s}", "time": f"{7 + s * 4:02d}:{rng.choice(['00', '15', '30', '45'])}"} for s in range(slots)],
            "recurrence": rng.choice(kinds), "start": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
            "reminder": {"minutesBefore": rng.choice([0, 5, 10])},
            "supply": {"pills": rng.randint(20, 200), "asOf": "2026-11-01", "warningDays": 7},
        })
    return {"version": 1, "homeZone": rng.choice(zones), "feed": {"name": f"Resident {i:05d}"}, "medications": meds}


for i in range(n):
    folder = os.path.join(out, f"unit-{i // 500:02d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"resident-{i:05d}.json"), "w") as f:
        json.dump(person(i), f, indent=1)
