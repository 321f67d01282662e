#!/usr/bin/env python3
"""A deterministic calendar with the content of a real one, for timing readers and expanders.

usage: gen_real_calendar.py EVENTS RECURRING SEED > calendar.ics

What a work or family calendar exported from Google, Outlook, Apple or Thunderbird holds, in
the forms those programs write: VTIMEZONEs (IANA names with X-LIC-LOCATION, and one Windows
name with Outlook's 1601 observances) used through TZID; DTEND or DURATION; ORGANIZER and
ATTENDEE lines with CN, ROLE, PARTSTAT, RSVP and CUTYPE parameters; VALARMs, some RELATED=END;
DESCRIPTIONs with escaped commas and newlines, folded at 75 octets; LOCATION, STATUS, TRANSP,
CLASS, CATEGORIES, SEQUENCE, CREATED and LAST-MODIFIED; UTC, floating and all-day events.
RECURRING of the EVENTS VEVENTs (spread through the file) recur: weekly meetings, weekday
stand-ups, fortnightly, monthly and yearly series with COUNT or UNTIL or open, EXDATE lists,
and RECURRENCE-ID overrides (moved, renamed or cancelled occurrences), most right after their
series, some far later in the file.

SEED 1: the mix of such a calendar, about 283 bytes an event. SEED 2: the same kinds of events
with long descriptions (meeting notes, dial-in text) and many attendees. Standard library only.
"""

import calendar
import random
import sys
from datetime import date, timedelta

# (TZID as written, VTIMEZONE body lines): Google's and Thunderbird's form, and Outlook's.
ZONES = {
    "Europe/Berlin": ["X-LIC-LOCATION:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                      "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
                      "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
                      "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD"],
    "America/New_York": ["X-LIC-LOCATION:America/New_York", "BEGIN:DAYLIGHT", "TZOFFSETFROM:-0500",
                         "TZOFFSETTO:-0400", "TZNAME:EDT", "DTSTART:19700308T020000",
                         "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT", "BEGIN:STANDARD",
                         "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "DTSTART:19701101T020000",
                         "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD"],
    "America/Los_Angeles": ["X-LIC-LOCATION:America/Los_Angeles", "BEGIN:DAYLIGHT", "TZOFFSETFROM:-0800",
                            "TZOFFSETTO:-0700", "TZNAME:PDT", "DTSTART:19700308T020000",
                            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT", "BEGIN:STANDARD",
                            "TZOFFSETFROM:-0700", "TZOFFSETTO:-0800", "TZNAME:PST", "DTSTART:19701101T020000",
                            "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD"],
    "Europe/London": ["X-LIC-LOCATION:Europe/London", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100",
                      "TZNAME:BST", "DTSTART:19700329T010000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
                      "BEGIN:STANDARD", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT",
                      "DTSTART:19701025T020000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD"],
    "Australia/Sydney": ["X-LIC-LOCATION:Australia/Sydney", "BEGIN:STANDARD", "TZOFFSETFROM:+1100",
                         "TZOFFSETTO:+1000", "TZNAME:AEST", "DTSTART:19700405T030000",
                         "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:STANDARD", "BEGIN:DAYLIGHT",
                         "TZOFFSETFROM:+1000", "TZOFFSETTO:+1100", "TZNAME:AEDT", "DTSTART:19701004T020000",
                         "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT"],
    "Asia/Tokyo": ["X-LIC-LOCATION:Asia/Tokyo", "BEGIN:STANDARD", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900",
                   "TZNAME:JST", "DTSTART:19700101T000000", "END:STANDARD"],
    "Asia/Kolkata": ["X-LIC-LOCATION:Asia/Kolkata", "BEGIN:STANDARD", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530",
                     "TZNAME:IST", "DTSTART:19700101T000000", "END:STANDARD"],
    "W. Europe Standard Time": ["BEGIN:STANDARD", "DTSTART:16011028T030000",
                                "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
                                "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010325T020000",
                                "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                                "END:DAYLIGHT"],
}
# How often each zone is used by a timed event (most of a person's events are in their own zone).
ZONE_WEIGHTS = [("Europe/Berlin", 40), ("America/New_York", 14), ("Europe/London", 10), ("America/Los_Angeles", 8),
                ("W. Europe Standard Time", 8), ("Australia/Sydney", 4), ("Asia/Tokyo", 3), ("Asia/Kolkata", 3)]

PEOPLE = ["Anna Schmidt", "Ben Okafor", "Chloé Martin", "David Chen", "Emma Novak", "Farid Haddad", "Grace Kim",
          "Hannah Müller", "Ivan Petrov", "Julia Rossi", "Kenji Sato", "Lena Berg", "Marta Silva", "Noah Fischer",
          "Olivia Brown", "Priya Nair", "Quentin Dubois", "Rosa García", "Sam Taylor", "Tomás Ruiz"]
TITLES = ["Team sync", "1:1", "Sprint planning", "Design review", "Dentist", "School pick-up", "Lunch with Sam",
          "Football training", "Quarterly review", "Parents' evening", "Flight to Lisbon", "Yoga", "Standup",
          "Budget meeting", "Call with supplier", "Piano lesson", "Doctor's appointment", "Book club",
          "Project kickoff", "Retro", "Interview", "Car service", "Dinner at Marta's", "Customer demo"]
PLACES = ["Room 4.12", "Zoom", "Google Meet", "Café Central\\, Hauptstraße 5", "Dr. Weber\\, Praxis am Markt",
          "Office", "Microsoft Teams Meeting", "Stadium\\, Field 3", "Home"]
WORDS = ("agenda notes follow-up decision budget review timeline draft proposal customer release risk owner "
         "action item bring laptop slides quarterly metrics plan dates update hiring design questions").split()
RULES_TIMED = [("FREQ=WEEKLY;BYDAY={wd}", 30), ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", 14),
               ("FREQ=WEEKLY;INTERVAL=2;BYDAY={wd}", 14), ("FREQ=DAILY", 6), ("FREQ=MONTHLY;BYDAY={n}{wd}", 8),
               ("FREQ=MONTHLY;BYMONTHDAY={md}", 5), ("FREQ=WEEKLY;BYDAY=TU,TH", 8), ("FREQ=YEARLY", 3)]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def fold(line):
    """RFC 5545 folding at 75 octets, never inside a UTF-8 sequence."""
    data = line.encode()
    if len(data) <= 75:
        return [line]
    parts, start, limit = [], 0, 75
    while start < len(data):
        end = min(len(data), start + limit)
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end -= 1
        parts.append(data[start:end].decode())
        start, limit = end, 74
    return [parts[0]] + [" " + p for p in parts[1:]]


def weighted(rng, pairs):
    return rng.choices([p for p, _ in pairs], [w for _, w in pairs])[0]


def email(name):
    return name.split()[0].lower().replace("é", "e").replace("á", "a") + "." + name.split()[1].lower().replace("ü", "ue") \
        + "@example.com"


class Event:
    """One VEVENT's content lines (unfolded), built from the generator's choices."""

    def __init__(self, gen, i, recurring):
        self.gen, self.rng, self.i = gen, gen.rng, i
        rng = self.rng
        self.uid = gen.uid(i)
        year = rng.choice([2023, 2024, 2025]) if recurring else rng.choice([2024, 2025, 2026, 2026, 2027])
        self.date = date(year, rng.randint(1, 12), rng.randint(1, 28))
        self.time = (rng.choice([7, 8, 9, 9, 10, 10, 11, 13, 14, 14, 15, 16, 17, 18, 19]), rng.choice([0, 0, 0, 30, 15, 45]))
        kind = rng.random()
        self.all_day = kind < (0.12 if not recurring else 0.06)
        self.zone = None if self.all_day or kind > 0.93 else weighted(rng, ZONE_WEIGHTS)
        self.utc = not self.all_day and self.zone is None and kind < 0.985
        self.recurring = recurring
        if recurring:
            self.rule_text, self.step = self.choose_rule()

    @staticmethod
    def stamp(value):
        return f"{value.year:04d}{value.month:02d}{value.day:02d}"

    def local(self, day=None, time=None):
        (h, mi) = time or self.time
        return f"{self.stamp(day or self.date)}T{h:02d}{mi:02d}00"

    def when(self, name, day=None, time=None):
        if self.all_day:
            return f"{name};VALUE=DATE:{self.stamp(day or self.date)}"
        if self.zone:
            return f"{name};TZID={self.zone}:{self.local(day, time)}"
        return f"{name}:{self.local(day, time)}" + ("Z" if self.utc else "")

    def end(self, lines):
        rng = self.rng
        if self.all_day:
            if rng.random() < 0.8:
                lines.append(f"DTEND;VALUE=DATE:{self.stamp(self.date + timedelta(days=1))}")
            return
        minutes = rng.choice([15, 30, 30, 45, 60, 60, 60, 90, 120])
        if rng.random() < 0.7:
            h, mi = self.time
            total = h * 60 + mi + minutes
            if total < 24 * 60:
                lines.append(self.when("DTEND", time=(total // 60, total % 60)))
                return
        lines.append(f"DURATION:PT{minutes // 60}H{minutes % 60}M" if minutes % 60 else f"DURATION:PT{minutes // 60}H")

    def people(self, lines, many):
        rng = self.rng
        count = rng.randint(5, 20) if many else rng.choice([1, 1, 2, 2, 3, 4, 6])
        who = rng.sample(PEOPLE, min(count, len(PEOPLE))) + [f"Guest {k}" for k in range(max(0, count - len(PEOPLE)))]
        lines.append(f"ORGANIZER;CN={who[0]}:mailto:{email(who[0]) if ' ' in who[0] else 'guest@example.org'}")
        for name in who:
            status = rng.choice(["ACCEPTED", "ACCEPTED", "TENTATIVE", "NEEDS-ACTION", "DECLINED"])
            address = email(name) if not name.startswith("Guest") else name.lower().replace(" ", "") + "@example.org"
            lines.append(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT={status};"
                         + ("RSVP=TRUE;" if status == "NEEDS-ACTION" else "") + f"CN={name};X-NUM-GUESTS=0:mailto:{address}")

    def description(self, lines, long):
        rng = self.rng
        paragraphs = rng.randint(2, 6) if long else rng.randint(1, 2)
        text = "\\n\\n".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 30 if long else 16))).capitalize()
                             for _ in range(paragraphs))
        if long:
            text += "\\n\\nJoin: https://meet.example.com/abc-defg-hij\\nPhone: +1 555-0100\\, PIN 1234#"
        lines.append(f"DESCRIPTION:{text}")

    def alarm(self, lines):
        rng = self.rng
        lines.append("BEGIN:VALARM")
        if rng.random() < 0.2:
            lines.append("TRIGGER;RELATED=END:PT0S" if rng.random() < 0.5 else "TRIGGER;RELATED=END:-PT5M")
        else:
            lines.append(rng.choice(["TRIGGER:-PT15M", "TRIGGER:-PT10M", "TRIGGER:-PT30M", "TRIGGER:-P1D",
                                     "TRIGGER:-PT1H"]))
        lines += ["ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM"]

    def choose_rule(self):
        """The series' rule text and step (days between occurrences an override may name), with
        DTSTART moved onto a day of the rule, as calendar programs write it."""
        rng = self.rng
        if self.all_day:
            return "FREQ=YEARLY", None
        kind = weighted(rng, RULES_TIMED)
        wd = rng.randint(0, 4)
        if "{wd}" in kind or "MO,TU" in kind:
            self.date += timedelta(days=(wd - self.date.weekday()) % 7)
        elif "TU,TH" in kind:
            self.date += timedelta(days=(1 - self.date.weekday()) % 7)
        elif "{md}" in kind:
            return kind.format(md=self.date.day), None
        if "{n}" in kind:
            n = rng.choice([1, 2, 3])
            self.date = self.date.replace(day=1 + (wd - self.date.replace(day=1).weekday()) % 7 + 7 * (n - 1))
            return kind.format(n=n, wd=WEEKDAYS[wd]), None
        return kind.format(wd=WEEKDAYS[wd]), (None if kind == "FREQ=YEARLY" else 14)

    def rule(self, lines):
        rng = self.rng
        end = rng.random()
        rule = self.rule_text
        if end < 0.25:
            rule += f";COUNT={rng.randint(4, 60)}"
        elif end < 0.6:
            until = date(self.date.year + rng.randint(1, 3), rng.randint(1, 12), rng.randint(1, 28))
            rule += f";UNTIL={self.stamp(until)}" if self.all_day else f";UNTIL={self.stamp(until)}T225959Z"
        lines.append(f"RRULE:{rule}")
        if rng.random() < 0.35:
            dates = sorted({self.occurrence(rng.randint(1, 60)) for _ in range(rng.randint(1, 6))})
            if self.all_day:
                lines.append("EXDATE;VALUE=DATE:" + ",".join(self.stamp(d) for d in dates))
            elif self.zone:
                lines.append(f"EXDATE;TZID={self.zone}:" + ",".join(self.local(d) for d in dates))
            else:
                lines.append("EXDATE:" + ",".join(self.local(d) + ("Z" if self.utc else "") for d in dates))

    def occurrence(self, k):
        """The date of an occurrence about k steps after DTSTART (exact for weekly, fortnightly,
        daily and weekday rules; the same day of a later year or month for the others)."""
        if self.step:
            return self.date + timedelta(days=self.step * k)
        if self.all_day or self.rule_text.startswith("FREQ=YEARLY"):
            return self.date.replace(year=self.date.year + 1 + k % 3)
        months = self.date.month - 1 + k
        year, month = self.date.year + months // 12, months % 12 + 1
        return self.date.replace(year=year, month=month, day=min(self.date.day, calendar.monthrange(year, month)[1]))

    def lines(self, long, many):
        rng = self.rng
        lines = ["BEGIN:VEVENT", self.when("DTSTART")]
        self.end(lines)
        lines.append(f"DTSTAMP:{self.gen.dtstamp}")
        meeting = rng.random() < (0.25 if many else 0.08)
        if meeting:
            self.people(lines, many)
        lines.append(f"UID:{self.uid}")
        if rng.random() < 0.15:
            lines.append(f"CREATED:{self.stamp(self.date)}T080000Z")
        if rng.random() < (0.5 if long else 0.08):
            self.description(lines, long)
        if rng.random() < 0.1:
            lines.append(f"LAST-MODIFIED:{self.stamp(self.date)}T081500Z")
        if rng.random() < 0.17:
            lines.append(f"LOCATION:{rng.choice(PLACES)}")
        if rng.random() < 0.12:
            lines.append(f"SEQUENCE:{rng.randint(0, 3)}")
        if rng.random() < 0.15:
            lines.append(rng.choice(["STATUS:CONFIRMED", "STATUS:TENTATIVE"]))
        lines.append(f"SUMMARY:{rng.choice(TITLES)}")
        if rng.random() < 0.1:
            lines.append(rng.choice(["TRANSP:OPAQUE", "TRANSP:TRANSPARENT", "CLASS:PRIVATE", "CATEGORIES:Family"]))
        if self.recurring:
            self.rule(lines)
        if rng.random() < 0.15:
            self.alarm(lines)
        lines.append("END:VEVENT")
        return lines

    def override(self):
        """A moved, renamed or cancelled occurrence: RECURRENCE-ID names one of its occurrences."""
        rng = self.rng
        day = self.occurrence(rng.randint(1, 40))
        hour = self.time[0] + rng.choice([1, 2, -1]) if 1 < self.time[0] < 22 else self.time[0]
        lines = ["BEGIN:VEVENT", self.when("DTSTART", day=day, time=(hour, self.time[1]))]
        self.end(lines)
        lines.append(f"DTSTAMP:{self.gen.dtstamp}")
        lines.append(f"UID:{self.uid}")
        lines.append(self.when("RECURRENCE-ID", day=day))
        lines.append(f"SEQUENCE:{rng.randint(1, 3)}")
        lines.append(rng.choice([f"SUMMARY:{rng.choice(TITLES)} (moved)", "SUMMARY:Cancelled", "STATUS:CANCELLED"]))
        lines.append("END:VEVENT")
        return lines


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.dtstamp = "20260101T120000Z"

    def uid(self, i):
        """Google's, Apple's and Outlook's UID shapes."""
        r = random.Random(i * 7919)
        shape = i % 20
        if shape < 9:
            return "".join(r.choice("0123456789abcdefghijklmnopqrstuv") for _ in range(26)) + "@google.com"
        if shape < 17:
            h = "".join(r.choice("0123456789ABCDEF") for _ in range(32))
            return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
        return "040000008200E00074C5B7101A82E008" + "".join(r.choice("0123456789ABCDEF") for _ in range(24))


def main():
    events, recurring, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    gen = Generator(seed)
    long = many = seed == 2
    rng = gen.rng
    series = set(rng.sample(range(events), recurring))
    out = ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", "CALSCALE:GREGORIAN",
           "METHOD:PUBLISH", "X-WR-CALNAME:Work and family", "X-WR-TIMEZONE:Europe/Berlin"]
    for tzid, body in ZONES.items():
        out += ["BEGIN:VTIMEZONE", f"TZID:{tzid}"] + body + ["END:VTIMEZONE"]
    later = []  # overrides written further down the file
    for i in range(events):
        event = Event(gen, i, i in series)
        out += event.lines(long, many)
        if event.recurring and rng.random() < 0.12:
            if rng.random() < 0.7:
                out += event.override()
            else:
                later.append((i + rng.randint(50, 5000), event.override()))
        while later and later[0][0] <= i:
            out += later.pop(0)[1]
        later.sort(key=lambda x: x[0])
    for _, lines in later:
        out += lines
    out.append("END:VCALENDAR")
    sys.stdout.buffer.write(("\r\n".join(part for line in out for part in fold(line)) + "\r\n").encode())


if __name__ == "__main__":
    main()
