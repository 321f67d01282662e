#!/usr/bin/env python3
"""Writes a returned-calendar benchmark: dosecal's export (argv[1]) as a client would give it
back, with edits (an EXDATE on every 10th dose series, every 25th moved one hour from
2026-12-10 by an UNTIL split), plus argv[2] foreign events (Google-style single events in UTC,
and every 50th a weekly series) until the file holds argv[3] events in all."""
import re, sys

feed = open(sys.argv[1], newline="").read()
total = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
head = feed[: feed.index("BEGIN:VEVENT")]
events = re.findall(r"BEGIN:VEVENT\r\n.*?END:VEVENT\r\n", feed, re.S)
out = []
for i, e in enumerate(events):
    if "RRULE:" in e and "RRULE:FREQ=DAILY\r\n" in e and i % 25 == 0:
        m = re.search(r"DTSTART;TZID=([^:]+):(\d{8})T(\d{2})(\d{2})00", e)
        zone, hh, mm = m.group(1), int(m.group(3)), m.group(4)
        cut = e.replace("RRULE:FREQ=DAILY\r\n", "RRULE:FREQ=DAILY;UNTIL=20261210T045959Z\r\n")
        later = re.sub(r"UID:([^@]+)@", r"UID:\1_R20261210T%02d%s00@" % ((hh + 5) % 24, mm), e)
        later = re.sub(r"DTSTART;TZID=[^:]+:\d{8}T\d{6}", "DTSTART;TZID=%s:20261210T%02d%s00" % (zone, (hh + 1) % 24, mm), later)
        later = later.replace("@dosecal.app", "@google.com")
        out += [cut, later]
        continue
    if "RRULE:" in e and i % 10 == 0:
        m = re.search(r"DTSTART;TZID=([^:]+):\d{8}T(\d{6})", e)
        e = e.replace("END:VEVENT\r\n", "EXDATE;TZID=%s:20261207T%s\r\nEND:VEVENT\r\n" % (m.group(1), m.group(2)), 1) if m else e
    out.append(e)
n = 0
while len(out) < total:
    day = 1 + n % 28
    month = 1 + (n // 28) % 12
    hour = 7 + n % 12
    if n % 50 == 0:
        rule = "RRULE:FREQ=WEEKLY;BYDAY=%s\r\n" % ["MO", "TU", "WE", "TH", "FR"][n % 5]
    else:
        rule = ""
    out.append(
        "BEGIN:VEVENT\r\nDTSTART:2026%02d%02dT%02d0000Z\r\nDTEND:2026%02d%02dT%02d3000Z\r\n%sDTSTAMP:20261201T000000Z\r\n"
        "UID:bench%06d@google.com\r\nDESCRIPTION:Project sync %d\r\nLOCATION:Room %d\r\nSUMMARY:Meeting %d\r\n"
        "END:VEVENT\r\n" % (month, day, hour, month, day, hour, rule, n, n, n % 40, n))
    n += 1
sys.stdout.write(head + "".join(out) + "END:VCALENDAR\r\n")
