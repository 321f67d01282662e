#!/usr/bin/env python3
"""Independent oracle: the dose instants a dosecal schedule file means.

Written from the schedule format and RFC 5545, NOT translated from the Swift
engine, so that the interop checks compare two implementations.

    occurrences(schedule, date_from, date_to, viewer_zone=None) -> [Dose]

lists every dose whose local date lies in [date_from, date_to] (inclusive), as
(medication id, slot id, instant in UTC, local date, zone, amount).

Semantics
---------
* Slots: ``times`` is a list of "HH:MM" strings (slot id = 1-based position as
  a string) or {"id", "time"} objects.
* Time policy (default wallClock, or fixedInterval for an everyNHours
  recurrence):
  - wallClock: the slot time in the zone the person is in on that date: the
    homeZone, or the zone of the last itinerary stop whose ``from`` <= date.
  - pinned: the slot time in the pinned zone.
  - gradual (maxShiftHours H, default 2): as wallClock, except after an
    itinerary stop. Every dose of a slot is read at some UTC offset; on its
    wall clock that is the offset of its day's zone at that time. The first
    dose after a stop (and every later one until the slot is back on its wall
    clock) is read at the previous dose's offset moved toward its own wall
    clock's offset by at most H hours per day since the previous dose; then,
    until the next stop, each dose is on its wall clock.
  - floating: the slot time in the viewer's zone (``viewer_zone``, default
    the homeZone); the itinerary does not apply (floating has no zone).
  - fixedInterval (daily/weekly/... recurrence): the dose days are the
    recurrence's dates, as for wallClock; per taper stretch (from the start or
    a step's ``from``), anchor = the slot's time on the stretch's first dose
    day in the homeZone, converted to UTC; a dose day D fires at anchor +
    (D - that day) x 24 hours, so its UTC time of day never changes.
  - everyNHours: anchor = the first slot's time on the start date in the
    homeZone; doses at anchor + k*N hours (absolute spacing).
  For fixedInterval and everyNHours a dose belongs to the homeZone local date
  of its instant (start/end and the window apply to that date).
* People (format version 2): a medication is taken by the person its
  ``person`` names (with one person and no ``person``: that person). That
  person's ``homeZone`` and ``itinerary``, each where given, replace the
  schedule's for every rule above ("the homeZone", "the itinerary" and "the
  zone the person is in" are theirs); ``"itinerary": []`` stays at home.
* A local time is resolved by RFC 5545 section 3.3.5: a nonexistent time
  (spring-forward gap) is read with the UTC offset from before the gap, an
  ambiguous time (fall-back overlap) means its first occurrence. Python's
  ``datetime(..., tzinfo=ZoneInfo(z), fold=0)`` does exactly this for both
  cases (asserted in ``_self_test``).
* Recurrence days (start and end inclusive):
  - daily
  - weekly: ``weekdays`` (default: the start date's weekday); ``interval`` N:
    only weeks whose index, counted in Monday-started weeks from the week that
    contains the start date, is a multiple of N
  - everyNDays: (date - start) % days == 0
  - cycle: (date - start) % (daysOn + daysOff) < daysOn
* Taper: the step in force on a date is the last one whose ``from`` <= date;
  it sets the amount (``pillsPerDose``, version 2 ``amount``) and may move slot
  times (by slot id) from that date on.
* Amounts (version 2): a dose's amount is given by the first entry of
  ``doses`` (the step's when it has ``doses``, else the medication's) whose
  ``weekdays`` (if any) hold the dose date's weekday and whose ``slots`` (if
  any) hold the slot; otherwise the step's or the medication's amount.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

UTC = timezone.utc

WEEKDAYS = {
    "mo": 0, "tu": 1, "we": 2, "th": 3, "fr": 4, "sa": 5, "su": 6,
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3,
    "friday": 4, "saturday": 5, "sunday": 6,
}


@dataclass(frozen=True, order=True)
class Dose:
    instant: datetime  # aware, UTC
    medication: str
    slot: str
    local_date: date  # the date the dose belongs to
    zone: str  # zone the wall time was read in (UTC for fixedInterval)
    pills: float


def parse_date(text: str) -> date:
    return date.fromisoformat(text)


def parse_time(text: str) -> time:
    hh, mm = text.split(":")
    return time(int(hh), int(mm))


def resolve(day: date, clock: time, zone: str) -> datetime:
    """RFC 5545 3.3.5: local date-time in `zone` -> UTC instant (gap: offset
    before the gap; overlap: first occurrence)."""
    local = datetime(day.year, day.month, day.day, clock.hour, clock.minute,
                     tzinfo=ZoneInfo(zone), fold=0)
    return local.astimezone(UTC)


def _self_test() -> None:
    ny = "America/New_York"
    # Nonexistent 02:30 on the spring-forward day: EST offset (before the gap).
    assert resolve(date(2026, 3, 8), time(2, 30), ny) == datetime(2026, 3, 8, 7, 30, tzinfo=UTC)
    assert resolve(date(2026, 3, 9), time(2, 30), ny) == datetime(2026, 3, 9, 6, 30, tzinfo=UTC)
    # Ambiguous 01:30 on the fall-back day: the first (EDT) occurrence.
    assert resolve(date(2026, 11, 1), time(1, 30), ny) == datetime(2026, 11, 1, 5, 30, tzinfo=UTC)
    # Same rules in the RFC's own example year.
    assert resolve(date(2007, 3, 11), time(2, 30), ny) == datetime(2007, 3, 11, 7, 30, tzinfo=UTC)
    assert resolve(date(2007, 11, 4), time(1, 30), ny) == datetime(2007, 11, 4, 5, 30, tzinfo=UTC)
    # Lord Howe: 30-minute shift; 02:15 does not exist on 2026-10-04 (02:00 -> 02:30).
    lh = "Australia/Lord_Howe"
    assert resolve(date(2026, 10, 4), time(2, 15), lh) == datetime(2026, 10, 3, 15, 45, tzinfo=UTC)
    # ... and 01:45 occurs twice on 2026-04-05 (02:00 -> 01:30): first is +11.
    assert resolve(date(2026, 4, 5), time(1, 45), lh) == datetime(2026, 4, 4, 14, 45, tzinfo=UTC)


_self_test()


# ---------------------------------------------------------------------------
# Schedule reading (only what the occurrences need)


@dataclass
class Step:
    start: date
    pills: float | None
    times: dict[str, time]
    doses: list | None = None  # version 2: amounts by weekday and slot (None: the medication's)


@dataclass
class Med:
    id: str
    slots: list[tuple[str, time]]
    kind: str
    rec: dict
    start: date
    end: date | None
    policy: str
    pinned_zone: str | None
    max_shift: timedelta
    pills: float
    steps: list[Step]
    doses: list = field(default_factory=list)


def _slots(times: list) -> list[tuple[str, time]]:
    out = []
    for i, t in enumerate(times):
        if isinstance(t, str):
            out.append((str(i + 1), parse_time(t)))
        else:
            out.append((t["id"], parse_time(t["time"])))
    return out


def read_medication(m: dict) -> Med:
    # `null` means absent everywhere in the format.
    rec = m.get("recurrence") or {"kind": "daily"}
    kind = rec["kind"]
    pol = m.get("timePolicy") or {"kind": "fixedInterval" if kind == "everyNHours" else "wallClock"}
    steps = []
    for s in m.get("taper") or []:
        steps.append(Step(parse_date(s["from"]), _amount(s),
                          {t["id"]: parse_time(t["time"]) for t in s.get("times") or []}, s.get("doses")))
    steps.sort(key=lambda s: s.start)
    return Med(
        id=m["id"], slots=_slots(m.get("times") or []), kind=kind, rec=rec,
        start=parse_date(m["start"]), end=parse_date(m["end"]) if m.get("end") else None,
        policy=pol["kind"], pinned_zone=pol.get("zone"),
        max_shift=timedelta(hours=float(pol.get("maxShiftHours") or 2)), pills=_amount(m) or 1.0,
        steps=steps, doses=m.get("doses") or [])


def _amount(o: dict) -> float | None:
    """A dose's amount: version 2's `amount`, version 1's `pillsPerDose` (None: not given)."""
    value = o.get("amount", o.get("pillsPerDose"))
    return None if value is None else float(value)


def _step(med: Med, day: date) -> Step | None:
    current = None
    for s in med.steps:
        if s.start <= day:
            current = s
    return current


def slot_time(med: Med, slot: str, base: time, day: date) -> time:
    step = _step(med, day)
    if step and slot in step.times:
        return step.times[slot]
    return base


def pills(med: Med, day: date, slot: str | None = None) -> float:
    """The amount of the dose of `slot` on `day`: the first `doses` rule in force that names it
    (weekday and slot), else the taper step's amount, else the medication's."""
    step = _step(med, day)
    rules = step.doses if step and step.doses is not None else med.doses
    for rule in rules:
        days = {WEEKDAYS[n.lower()] for n in rule.get("weekdays") or []}
        if (not days or day.weekday() in days) and (not rule.get("slots") or slot in rule["slots"]):
            return float(rule["amount"])
    if step and step.pills is not None:
        return float(step.pills)
    return med.pills


def day_matches(med: Med, day: date, start: date) -> bool:
    """Whether `day` is a dose day of the recurrence, counted from `start`."""
    if day < start:
        return False
    offset = (day - start).days
    kind = med.kind
    if kind == "asNeeded":  # no scheduled doses: they come from the log
        return False
    if kind in ("daily", "everyNHours"):
        return True
    if kind == "weekly":
        names = med.rec.get("weekdays")
        days = {WEEKDAYS[n.lower()] for n in names} if names else {start.weekday()}
        if day.weekday() not in days:
            return False
        first_monday = start - timedelta(days=start.weekday())
        week = (day - first_monday).days // 7
        return week % int(med.rec.get("interval") or 1) == 0
    if kind == "everyNDays":
        return offset % int(med.rec["days"]) == 0
    if kind == "cycle":
        on, off = int(med.rec["daysOn"]), int(med.rec["daysOff"])
        return offset % (on + off) < on
    raise ValueError(f"unknown recurrence kind {kind!r}")


def person_of(schedule: dict, medication: dict) -> dict | None:
    """The person who takes `medication`: the one its ``person`` names, else the
    schedule's only person; None without people."""
    people = schedule.get("people") or []
    pid = medication.get("person")
    if pid:
        return next((p for p in people if p.get("id") == pid), None)
    return people[0] if len(people) == 1 else None


def as_person_sees_it(schedule: dict, medication: dict) -> dict:
    """The schedule with the homeZone and itinerary of the person who takes
    `medication` (their own where they give them), else as it is."""
    person = person_of(schedule, medication)
    if person is None:
        return schedule
    view = dict(schedule)
    for key in ("homeZone", "itinerary"):
        if key in person:
            view[key] = person[key]
    return view


def zone_on(schedule: dict, day: date) -> str:
    """The zone the person is in on `day` (homeZone, changed by the itinerary)."""
    zone = schedule["homeZone"]
    for stop in sorted(schedule.get("itinerary") or [], key=lambda s: s["from"]):
        if parse_date(stop["from"]) <= day:
            zone = stop["zone"]
    return zone


def gradual_moves(schedule: dict, med: Med) -> dict[tuple[str, date], timedelta]:
    """(slot, day) -> how much later than its wall-clock time the dose fires, for
    the doses of a gradual medication that are not on their wall clock."""
    stops = sorted(parse_date(s["from"]) for s in schedule.get("itinerary") or [])
    stops = [s for s in stops if s > med.start]
    if not stops:
        return {}
    horizon = med.end or stops[-1] + timedelta(days=400)
    moves: dict[tuple[str, date], timedelta] = {}
    for slot_id, base in med.slots:
        previous: tuple[date, timedelta, bool] | None = None  # day, offset, on its wall clock
        for d in _days(med.start, horizon):
            if not day_matches(med, d, med.start):
                continue
            clock = slot_time(med, slot_id, base, d)
            wall = datetime.combine(d, clock) - resolve(d, clock, zone_on(schedule, d)).replace(tzinfo=None)
            if previous is None:
                offset = wall
            else:
                day, last, on_wall = previous
                travelled = any(day < s <= d for s in stops)
                if on_wall and not travelled:
                    offset = wall
                else:
                    room = med.max_shift * (d - day).days
                    offset = last + max(-room, min(room, wall - last))
            if offset != wall:
                moves[(slot_id, d)] = wall - offset
            previous = (d, offset, offset == wall)
    return moves


def _days(first: date, last: date):
    d = first
    while d <= last:
        yield d
        d += timedelta(days=1)


def occurrences(schedule: dict, date_from: date, date_to: date, viewer_zone: str | None = None) -> list[Dose]:
    """Every dose whose local date is in [date_from, date_to], sorted by instant."""
    viewer = viewer_zone or schedule["homeZone"]
    result: list[Dose] = []
    whole = schedule
    for raw in whole.get("medications") or []:
        schedule = as_person_sees_it(whole, raw)
        home = schedule["homeZone"]
        med = read_medication(raw)
        last = min(date_to, med.end) if med.end else date_to
        first = max(date_from, med.start)

        if med.kind == "everyNHours":
            n = int(med.rec["hours"])
            slot_id, base = med.slots[0]
            anchor = resolve(med.start, slot_time(med, slot_id, base, med.start), home)
            k = 0
            while True:
                instant = anchor + timedelta(hours=n * k)
                k += 1
                local_day = instant.astimezone(ZoneInfo(home)).date()
                if local_day > last:
                    break
                if local_day >= first:
                    result.append(Dose(instant, med.id, slot_id, local_day, "UTC", pills(med, local_day, slot_id)))
            continue

        if med.policy == "fixedInterval":
            for slot_id, base in med.slots:
                anchors: dict[date, tuple[date, datetime] | None] = {}
                for d in _days(first, last):
                    if not day_matches(med, d, med.start):
                        continue
                    step = _step(med, d)
                    stretch = max(med.start, step.start) if step else med.start
                    if stretch not in anchors:
                        day0 = next((x for x in _days(stretch, stretch + timedelta(days=4000))
                                     if day_matches(med, x, med.start)), None)
                        anchors[stretch] = (day0, resolve(day0, slot_time(med, slot_id, base, day0), home)) if day0 else None
                    day0, anchor = anchors[stretch]
                    instant = anchor + timedelta(days=(d - day0).days)
                    result.append(Dose(instant, med.id, slot_id, d, "UTC", pills(med, d, slot_id)))
            continue

        moves = gradual_moves(schedule, med) if med.policy == "gradual" else {}
        for d in _days(first, last):
            if not day_matches(med, d, med.start):
                continue
            if med.policy == "pinned":
                zone = med.pinned_zone
            elif med.policy == "floating":
                zone = viewer
            elif med.policy in ("wallClock", "gradual"):
                zone = zone_on(schedule, d)
            else:
                raise ValueError(f"unknown time policy {med.policy!r}")
            for slot_id, base in med.slots:
                instant = resolve(d, slot_time(med, slot_id, base, d), zone) + moves.get((slot_id, d), timedelta(0))
                result.append(Dose(instant, med.id, slot_id, d, zone, pills(med, d, slot_id)))
    skipped = skipped_doses(whole)
    result = [d for d in result if (d.medication, d.slot, d.local_date) not in skipped]
    result.sort(key=lambda x: (x.instant, x.medication, x.slot))
    return result


def skipped_doses(schedule: dict) -> set[tuple[str, str, date]]:
    """(medication, slot, date) of every dose whose last log entry says skipped: it does not
    fire (decision 0037). Every-N-hours medications are left out (a slot and date name several
    doses)."""
    hourly = {m["id"] for m in schedule.get("medications") or []
              if (m.get("recurrence") or {}).get("kind") == "everyNHours"}
    deciding: dict[tuple[str, str, date], str] = {}
    for entry in schedule.get("log") or []:
        if entry.get("slot") and entry.get("date") and entry["medication"] not in hourly:
            deciding[(entry["medication"], entry["slot"], parse_date(entry["date"]))] = entry["status"]
    return {k for k, status in deciding.items() if status == "skipped"}


def main(argv: list[str]) -> int:
    if len(argv) not in (4, 5):
        print("usage: expected.py SCHEDULE.json FROM TO [VIEWER_ZONE]", file=sys.stderr)
        return 64
    with open(argv[1], encoding="utf-8-sig") as f:  # a BOM is allowed
        schedule = json.load(f)
    viewer = argv[4] if len(argv) == 5 else None
    for d in occurrences(schedule, parse_date(argv[2]), parse_date(argv[3]), viewer):
        shown = d.zone if d.zone != "UTC" else (viewer or schedule["homeZone"])
        local = d.instant.astimezone(ZoneInfo(shown))
        print(f"{d.instant:%Y-%m-%dT%H:%M}Z  {d.local_date}  {local:%m-%d %H:%M} {shown:<20} "
              f"{d.medication}/{d.slot} x{d.pills:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
