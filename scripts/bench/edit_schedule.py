#!/usr/bin/env python3
"""Writes the bench's sync schedule with the first slot of its first 10 daily medications at
TIME (argv[3]): 10 dose series change. usage: edit_schedule.py IN OUT TIME"""
import json
import sys

d = json.load(open(sys.argv[1]))
for m in [m for m in d["medications"] if m["recurrence"]["kind"] == "daily"][:10]:
    m["times"][0]["time"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"), indent=1)
