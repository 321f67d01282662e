#!/usr/bin/env python3
"""Writes the bench's sync schedule with the first slot of its first COUNT (argv[4], default 10)
daily medications at TIME (argv[3]): COUNT dose series change. usage: edit_schedule.py IN OUT TIME [COUNT]"""
import json
import sys

d = json.load(open(sys.argv[1]))
count = int(sys.argv[4]) if len(sys.argv) > 4 else 10
for m in [m for m in d["medications"] if m["recurrence"]["kind"] == "daily"][:count]:
    m["times"][0]["time"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"), indent=1)
