#!/usr/bin/env python3
"""Seed corpora for scripts/fuzz.sh: every fixture plus structural mutations.

usage: fuzz_seeds.py OUT_DIR   (writes OUT_DIR/<target>/<name>; deterministic)

Mutations: deep nesting, long and broken folding, huge counts (COUNT, SECONDLY ... HOURLY
rules, many events sharing a UID), bad dates and times, byte order marks, duplicate
VTIMEZONEs, CR-only and LF-only line endings; for schedules deep JSON nesting, long strings,
huge numbers and bad dates. Every seed is at most 1 MB (the fuzzers' input limit).
"""

import pathlib
import re
import sys

LIMIT = 1 << 20
HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\n"
TAIL = "END:VCALENDAR\r\n"


def event(uid, start="20260110T083000Z", extra=""):
    return f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:{start}\r\n{extra}END:VEVENT\r\n"


def calendar(body):
    return HEAD + body + TAIL


def folded(value, width=74):
    return "\r\n ".join(value[i:i + width] for i in range(0, len(value), width))


ZONE = ("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:{a}\r\nTZOFFSETTO:{b}\r\nEND:STANDARD\r\n"
        "END:VTIMEZONE\r\n")


def calendar_mutations():
    m = {}
    m["nest-20000"] = HEAD + "BEGIN:X-A\r\n" * 20000 + "END:X-A\r\n" * 20000 + TAIL
    m["nest-17"] = HEAD + "BEGIN:X-A\r\n" * 15 + "X-P:1\r\n" + "END:X-A\r\n" * 15 + TAIL
    m["nest-unclosed"] = HEAD + "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nEND:VEVENT\r\n" + TAIL
    m["fold-long"] = calendar(event("fold@x", extra=folded("SUMMARY:" + "x" * 600_000) + "\r\n"))
    m["fold-lost"] = calendar(event("lost@x", extra="DESCRIPTION:a\r\n" + "lost fold text\r\n" * 2000))
    m["fold-unfolded-line"] = calendar(event("wide@x", extra="SUMMARY:" + "y" * 300_000 + "\r\n"))
    m["count-secondly"] = calendar(event("s@x", extra="RRULE:FREQ=SECONDLY;COUNT=999999999\r\n"))
    m["minutely-5"] = calendar("".join(event(f"m{i}@x", extra="RRULE:FREQ=MINUTELY\r\n") for i in range(5)))
    m["hourly-one-uid"] = calendar("".join(
        event("same@x", start=f"20260101T{i % 24:02d}0000Z", extra="RRULE:FREQ=HOURLY;COUNT=200\r\n") for i in range(50)))
    m["count-huge-daily"] = calendar(event("d@x", start="19000101T080000Z", extra="RRULE:FREQ=DAILY;COUNT=2147483647\r\n"))
    for i, bad in enumerate(["20260230T083000", "99999999T999999Z", "00000101", "2026011", "20261301T250000",
                             "20260101T083000;TZID=Nowhere/Zone", "-0001-01-01"]):
        m[f"bad-date-{i}"] = calendar(event(f"bad{i}@x", start=bad, extra=f"EXDATE:{bad}\r\nRDATE:{bad}\r\n"))
    m["bad-until"] = calendar(event("u@x", extra="RRULE:FREQ=WEEKLY;UNTIL=20261399T000000Z;BYDAY=MO,XX\r\n"))
    m["bom"] = "\ufeff" + calendar(event("bom@x"))
    m["bom-twice"] = "\ufeff\ufeff" + calendar(event("bom2@x"))
    m["duplicate-vtimezone"] = calendar(ZONE.format(a="+0200", b="+0100") + ZONE.format(a="+0900", b="+0800") +
                                        event("tz@x", start="20260310T083000", extra="RRULE:FREQ=DAILY;COUNT=3\r\n")
                                        .replace("DTSTART:", "DTSTART;TZID=Europe/Berlin:"))
    m["cr-only"] = calendar(event("cr@x")).replace("\r\n", "\r")
    m["lf-only"] = calendar(event("lf@x")).replace("\r\n", "\n")
    m["override-orphans"] = calendar("".join(
        event("o@x", extra=f"RECURRENCE-ID:2026011{i}T083000Z\r\n") for i in range(10)))
    m["thisandfuture"] = calendar(event("t@x", extra="RRULE:FREQ=DAILY\r\n") + event(
        "t@x", start="20260301T090000Z", extra="RECURRENCE-ID;RANGE=THISANDFUTURE:20260301T083000Z\r\n"))
    return m


def rule_mutations():
    rules = ["FREQ=SECONDLY", "FREQ=MINUTELY;INTERVAL=1", "FREQ=HOURLY;BYHOUR=1,2,3;BYMINUTE=0,30",
             "FREQ=DAILY;COUNT=2147483647", "FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=-1,1,2,3",
             "FREQ=MONTHLY;BYMONTHDAY=31,-31;BYDAY=5FR", "FREQ=YEARLY;BYYEARDAY=366,-366;BYWEEKNO=53",
             "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;UNTIL=21000101T000000Z", "FREQ=DAILY;INTERVAL=0",
             "FREQ=DAILY;INTERVAL=2147483647", "FREQ=WEEKLY;WKST=XX;BYDAY=+99MO", "FREQ=MONTHLY;BYSETPOS=0",
             "FREQ=DAILY;UNTIL=20260230", "FREQ=DAILY;UNTIL=20260101T000000;COUNT=3", ";;;=;", "FREQ="]
    return {f"rule-{i}": r + "\n" + s for i, r in enumerate(rules)
            for s in ["20260110T083000"] if True} | {
        f"rule-date-{i}": "FREQ=DAILY;COUNT=10\n" + d
        for i, d in enumerate(["20260110", "20260330T023000", "99991231T235959", "1601010", "20261027T023000"])}


def schedule_mutations(base):
    m = {}
    m["deep-array"] = "[" * 100_000 + "]" * 100_000
    m["deep-object"] = '{"a":' * 50_000 + "1" + "}" * 50_000
    m["long-notes"] = base.replace('"notes": "', '"notes": "' + "n" * 500_000, 1)
    m["huge-number"] = base.replace('"pills": 120', '"pills": 1e308', 1)
    m["huge-int"] = base.replace('"pills": 120', '"pills": 99999999999999999999999', 1)
    m["bad-date"] = base.replace('"2026-01-05"', '"2026-02-30"', 1)
    m["bad-time"] = base.replace('"08:00"', '"25:61"', 1)
    m["every-hour"] = base.replace('"recurrence": {"kind": "daily"}', '"recurrence": {"kind": "everyNHours", "hours": 1}', 1)
    m["bom"] = "\ufeff" + base
    return m


def write(directory, name, text):
    data = text.encode("utf-8") if isinstance(text, str) else text
    if len(data) <= LIMIT:
        (directory / name).write_bytes(data)


def main():
    out = pathlib.Path(sys.argv[1])
    root = pathlib.Path("fixtures")
    ics = sorted(p for p in root.rglob("*.ics") if p.stat().st_size <= LIMIT)
    dirs = {t: out / t for t in ["ical", "returned", "vdir", "rrule", "schedule"]}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    mutations = calendar_mutations()
    for target in ["ical", "returned", "vdir"]:
        for p in ics:
            write(dirs[target], "fixture-" + "-".join(p.relative_to(root).parts), p.read_bytes())
        for name, text in mutations.items():
            write(dirs[target], name, text)
    for i in range(0, len(ics) - 1, 2):
        write(dirs["vdir"], f"items-{i}", ics[i].read_bytes() + b"--item--\n" + ics[i + 1].read_bytes())
    rules = set()
    for p in ics:
        rules.update(re.findall(rb"^RRULE:([^\r\n]*)", p.read_bytes(), re.M))
    for i, r in enumerate(sorted(rules)):
        write(dirs["rrule"], f"fixture-rule-{i}", r + b"\n20260110T083000")
    for name, text in rule_mutations().items():
        write(dirs["rrule"], name, text)
    schedules = sorted(root.rglob("*.json")) + sorted(pathlib.Path("scripts/interop/probes").rglob("*.json"))
    for p in schedules:
        write(dirs["schedule"], "fixture-" + "-".join(p.parts[-3:]), p.read_bytes())
    base = (root / "schedules" / "daily.json").read_text()
    for name, text in schedule_mutations(base).items():
        write(dirs["schedule"], name, text)


if __name__ == "__main__":
    main()
