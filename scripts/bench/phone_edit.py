#!/usr/bin/env python3
"""Edits items of a vdir folder as a phone's calendar app (through a sync client) would.

usage: phone_edit.py FOLDER COUNT MODE ROUND

The first COUNT items (by file name) that hold a recurring series are changed, each written to a
temporary file and renamed over the item (as vdirsyncer's filesystem storage writes):
  move      the series moved: DTSTART 30 minutes later (the same day), SEQUENCE + 1, DTSTAMP and
            LAST-MODIFIED the time of the edit. (A changed RRULE on one dose time of a medication
            is a conflict for dosecal, which holds one rule per medication, and stays one.)
  sequence  SEQUENCE + 1, DTSTAMP and LAST-MODIFIED only (nothing the dose times depend on)
  touch     the files' times only (same bytes)
ROUND (0, 1, ...) makes each edit's time differ. Standard library only.
"""

import os
import re
import sys
import time


def series(folder):
    names = sorted(n for n in os.listdir(folder) if n.endswith(".ics") and not n.startswith("."))
    for name in names:
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            text = f.read().decode()
        if "\nRRULE:" in text.split("END:VTIMEZONE")[-1]:
            yield path, text


def write(path, text):
    tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".phone.tmp")
    with open(tmp, "wb") as f:
        f.write(text.encode())
    os.replace(tmp, path)


def later(match):
    hh, mm = int(match.group(2)[:2]), int(match.group(2)[2:4])
    total = (hh * 60 + mm + 30) % (24 * 60)
    return f"{match.group(1)}{total // 60:02d}{total % 60:02d}{match.group(2)[4:]}"


def stamps(text, stamp):
    text = re.sub(r"\nSEQUENCE:(\d+)", lambda m: f"\nSEQUENCE:{int(m.group(1)) + 1}", text, count=1)
    text = re.sub(r"\nDTSTAMP:[0-9TZ]+", f"\nDTSTAMP:{stamp}", text, count=1)
    return re.sub(r"\nLAST-MODIFIED:[0-9TZ]+", f"\nLAST-MODIFIED:{stamp}", text, count=1)


def edit(text, mode, stamp):
    event = text.index("BEGIN:VEVENT")
    head, body = text[:event], text[event:]
    if mode == "move":
        body = re.sub(r"(\nDTSTART[^:\r\n]*:\d{8}T)(\d{6})", later, body, count=1)
    return head + stamps(body, stamp)


def main():
    folder, count, mode, rnd = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    stamp = f"202612{10 + rnd % 18:02d}T0{rnd % 10}3000Z"
    done = 0
    for k, (path, text) in enumerate(series(folder)):
        if k == count:
            break
        if mode == "touch":
            now = time.time() + rnd
            os.utime(path, (now, now))
        else:
            write(path, edit(text, mode, stamp))
        done += 1
    if done < count:
        sys.exit(f"phone_edit: only {done} series in {folder}")


if __name__ == "__main__":
    main()
