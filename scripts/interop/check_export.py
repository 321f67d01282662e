#!/usr/bin/env python3
"""Interop check: dosecal's .ics export, expanded by Python icalendar +
recurring-ical-events, must give exactly the doses expected.py computes.

    check_export.py DOSECAL_BINARY FIXTURES_DIR

For every fixtures/schedules/*.json and every home zone in ZONES the schedule
is copied with its homeZone replaced (pinned zones and the itinerary stay),
exported, expanded over a year, and compared with the independent oracle.

How events are matched to medications (a design note)
------------------------------------------------------
UIDs are dosecal's business (opaque hashes), so the check never predicts
them. Instead, for the dose events (CATEGORIES has MEDICATION but not REFILL
or AS-NEEDED, the "next dose allowed" event of an as-needed medicine):
  1. the whole multiset of dose instants must equal the expected multiset;
  2. every UID's instants must all belong to ONE expected (medication, slot)
     series: a series never mixes doses of two slots or medications, nor doses
     of two amounts (amounts by weekday and taper step: an event's words are
     the same for each of its occurrences);
  3. outside privacy mode each UID is given to the medication whose name
     starts its SUMMARY (longest match), and the multiset of instants of each
     medication must equal that medication's expected multiset. In privacy
     mode the SUMMARY names no medicine (checked: no name, strength or note
     appears anywhere in the file), so only 1 and 2 apply there.
Together these pin every dose to its instant and medication, and each series
to a single slot, without depending on how UIDs are minted.

Two readings of the file are compared with the oracle:
  * RFC 5545 alone: recurring_ical_events.CalendarQuery (X-WR-TIMEZONE is
    ignored; a floating time is read in the viewer's zone, here the homeZone);
  * recurring_ical_events.of(): what the library does by default, which also
    applies the X-WR-TIMEZONE convention (x-wr-timezone package: UTC and
    floating values are moved into that zone before recurrence expansion, as
    Google-style consumers read such files).
Then every TZID in the file is renamed to an unknown name (X-Test/N), so that
icalendar must build the zone from the file's own VTIMEZONE, and the RFC
expansion must give identical (UID, instant) pairs.

Also checked: VALARM shape (ACTION:DISPLAY, DESCRIPTION, relative TRIGGER),
a VTIMEZONE for every TZID, no libical 'freeassociation' TZIDs, CRLF and
lines of at most 75 octets, byte-identical re-export, file mode 0600.

Prints one line per fixture x zone and ends with "N passed, M failed".
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import sys
import tempfile
from collections import Counter, defaultdict
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.dont_write_bytecode = True  # leave no __pycache__ in the work tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402
import expected  # noqa: E402

icalendar = common.require("icalendar", "icalendar")
recurring_ical_events = common.require("recurring_ical_events", "recurring-ical-events")

UTC = timezone.utc
ZONES = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe"]
MAX_SHOWN = 8
_fake_zone_numbers = itertools.count(1)


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------
# Raw text checks


def check_text(raw: bytes, problems: list[str]) -> None:
    if not raw.endswith(b"\r\n"):
        problems.append("file does not end with CRLF")
    lines = raw.split(b"\r\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for n, line in enumerate(lines, 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {n}: bare LF or CR (lines must end with CRLF)")
            break
    long_lines = [(n, len(line)) for n, line in enumerate(lines, 1) if len(line) > 75]
    if long_lines:
        n, length = long_lines[0]
        problems.append(f"{len(long_lines)} line(s) longer than 75 octets, first: line {n} ({length} octets)")
    text = raw.decode("utf-8")
    if "freeassociation" in text.lower():
        problems.append("a TZID contains libical's 'freeassociation' prefix")
    flat = common.unfold(text)
    used = {m.group(2) for m in common.TZID_PARAM.finditer(flat)}
    defined = set(re.findall(r"^TZID:([^\r\n]*)", flat, flags=re.MULTILINE))
    for z in sorted(used - defined):
        problems.append(f"TZID {z} is used but has no VTIMEZONE")


def check_alarms(cal, problems: list[str]) -> None:
    for alarm in cal.walk("VALARM"):
        where = "VALARM"
        action = str(alarm.get("ACTION", ""))
        if action != "DISPLAY":
            problems.append(f"{where}: ACTION is {action!r}, expected DISPLAY")
        if not str(alarm.get("DESCRIPTION", "")).strip():
            problems.append(f"{where}: no DESCRIPTION (required for ACTION:DISPLAY)")
        trigger = alarm.get("TRIGGER")
        if trigger is None:
            problems.append(f"{where}: no TRIGGER")
        elif not isinstance(trigger.dt, timedelta) or str(trigger.params.get("VALUE", "")).upper() == "DATE-TIME":
            problems.append(f"{where}: TRIGGER {trigger.to_ical()!r} is not relative (a duration)")


def check_privacy(schedule: dict, raw: bytes, problems: list[str]) -> None:
    if not (schedule.get("feed") or {}).get("privacy"):
        return
    text = common.unescape(common.unfold(raw.decode("utf-8"))).lower()
    for m in schedule["medications"]:
        for key in ("name", "strength", "notes"):
            value = m.get(key)
            if value and value.lower() in text:
                problems.append(f"privacy mode, but the {key} of {m['id']} ({value!r}) is in the file")
    for p in schedule.get("people") or []:
        for key in ("id", "name"):
            value = p.get(key)
            if value and re.search(r"\b" + re.escape(value.lower()) + r"\b", text):
                problems.append(f"privacy mode, but the {key} of person {p['id']} ({value!r}) is in the file")


def byte_diff(a: bytes, b: bytes, limit: int = 6) -> list[str]:
    """The first changed lines of two exports, each with the UID of its VEVENT."""
    la = common.unfold(a.decode("utf-8")).split("\r\n")
    lb = common.unfold(b.decode("utf-8")).split("\r\n")
    out = []
    uid = ""
    for i, (x, y) in enumerate(itertools.zip_longest(la, lb, fillvalue="<none>")):
        if x.startswith("UID:"):
            uid = x[4:]
        if x != y:
            out.append(f"    line {i + 1} ({uid or 'calendar'}): {x!r} -> {y!r}")
            if len(out) >= limit:
                break
    return out


# ---------------------------------------------------------------------------
# Expansion


def categories(component) -> set[str]:
    value = component.get("CATEGORIES")
    if value is None:
        return set()
    out = set()
    for v in value if isinstance(value, list) else [value]:
        out |= {str(c).upper() for c in getattr(v, "cats", [v])}
    return out


def rfc_instant(local: datetime, tz) -> datetime:
    """RFC 5545 3.3.5 reading of the wall time `local` (naive) in `tz`, using only
    tz's UTC -> local mapping (fromutc), which is exact for a zone built from a
    VTIMEZONE. dateutil's tzical (what icalendar builds from a VTIMEZONE whose
    TZID is unknown) reads a nonexistent local time with the offset AFTER the
    gap, so its own local -> UTC conversion is not used here."""
    offsets = {tz.utcoffset(local + timedelta(days=d)) for d in (-1, 0, 1)}
    valid = [u for u in ((local - o).replace(tzinfo=UTC) for o in offsets)
             if u.astimezone(tz).replace(tzinfo=None) == local]
    if valid:
        return min(valid)  # an ambiguous time means its first occurrence
    before = tz.utcoffset(local - timedelta(days=1))  # in a gap: the offset before it
    return (local - before).replace(tzinfo=UTC)


def instant_of(dt, viewer: str, own_zones: bool = False) -> datetime:
    if not isinstance(dt, datetime):
        raise Failure(f"DTSTART {dt!r} is a date, expected a date-time")
    if dt.tzinfo is None:  # floating: the viewer's wall clock (RFC 5545 3.3.5)
        dt = dt.replace(tzinfo=ZoneInfo(viewer), fold=0)
    elif own_zones:
        return rfc_instant(dt.replace(tzinfo=None), dt.tzinfo)
    return dt.astimezone(UTC)


class Expanded:
    """Occurrences of one calendar in [t0, t1): (uid, instant, summary, is_dose)."""

    def __init__(self, cal, viewer: str, t0: datetime, t1: datetime, xwr: bool, own_zones: bool = False):
        query = recurring_ical_events.of(cal) if xwr else recurring_ical_events.CalendarQuery(cal)
        self.items = []
        # Ask for a wider span and filter by instant ourselves: floating events
        # are compared with the span's wall clock by the library.
        for ev in query.between(t0 - timedelta(days=2), t1 + timedelta(days=2)):
            instant = instant_of(ev["DTSTART"].dt, viewer, own_zones)
            if not t0 <= instant < t1:
                continue
            cats = categories(ev)
            is_dose = "MEDICATION" in cats and "REFILL" not in cats and "AS-NEEDED" not in cats
            self.items.append((str(ev["UID"]), instant, str(ev.get("SUMMARY", "")), is_dose))

    def pairs(self) -> Counter:
        return Counter((uid, instant) for uid, instant, _, _ in self.items)

    def doses(self):
        return [(uid, instant, summary) for uid, instant, summary, d in self.items if d]


def rename_tzids(raw: bytes) -> tuple[str, dict[str, str]]:
    """Every TZID (property and parameter) renamed to a fresh unknown name.
    Names are never reused in one run: icalendar caches zones by TZID."""
    flat = common.unfold(raw.decode("utf-8"))
    names: dict[str, str] = {}

    def fake(zone: str) -> str:
        if zone not in names:
            names[zone] = f"X-Test/{next(_fake_zone_numbers)}"
        return names[zone]

    flat = re.sub(r"^TZID:([^\r\n]*)", lambda m: "TZID:" + fake(m.group(1)), flat, flags=re.MULTILINE)
    flat = common.TZID_PARAM.sub(lambda m: ";TZID=" + fake(m.group(2)), flat)
    return flat, names


# ---------------------------------------------------------------------------
# Comparison


def fmt(instant: datetime, zone: str) -> str:
    local = instant.astimezone(ZoneInfo(zone))
    return f"{instant:%Y-%m-%d %H:%M}Z = {local:%Y-%m-%d %H:%M %Z}"


def diff_multisets(label: str, want: Counter, got: Counter, home: str, describe_want, describe_got) -> list[str]:
    missing = want - got
    extra = got - want
    if not missing and not extra:
        return []
    out = [f"{label}: expected {sum(want.values())} doses, got {sum(got.values())}; "
           f"{sum(missing.values())} missing, {sum(extra.values())} unexpected"]
    for inst in sorted(missing.elements())[:MAX_SHOWN]:
        out.append(f"    expected, not in feed: {fmt(inst, home)}  {describe_want(inst)}")
    for inst in sorted(extra.elements())[:MAX_SHOWN]:
        out.append(f"    in feed, not expected: {fmt(inst, home)}  {describe_got(inst)}")
    return out


def compare(schedule: dict, doses: list, exp: list, reading: str, home: str) -> list[str]:
    problems: list[str] = []
    by_instant_exp = defaultdict(list)
    for d in exp:
        by_instant_exp[d.instant].append(f"{d.medication}/{d.slot} ({d.zone})")
    by_instant_got = defaultdict(list)
    for uid, inst, summary in doses:
        by_instant_got[inst].append(f"{summary!r} {uid}")

    def dw(i):
        return ", ".join(by_instant_exp.get(i, []))

    def dg(i):
        return ", ".join(sorted(set(by_instant_got.get(i, []))))

    # 1. all dose instants
    want_all = Counter(d.instant for d in exp)
    got_all = Counter(inst for _, inst, _ in doses)
    problems += diff_multisets(f"[{reading}] all doses", want_all, got_all, home, dw, dg)

    # 2. each series belongs to one (medication, slot)
    slot_sets: dict[tuple[str, str], set] = defaultdict(set)
    for d in exp:
        slot_sets[(d.medication, d.slot)].add(d.instant)
    per_uid: dict[str, set] = defaultdict(set)
    summaries: dict[str, str] = {}
    for uid, inst, summary in doses:
        per_uid[uid].add(inst)
        summaries[uid] = summary
    owners: dict[str, list[tuple[str, str]]] = {}
    for uid, insts in sorted(per_uid.items()):
        owners[uid] = [k for k, s in slot_sets.items() if insts <= s]
        if not owners[uid]:
            problems.append(f"[{reading}] series {uid} ({summaries[uid]!r}, {len(insts)} doses) "
                            f"matches no single medication slot, e.g. {fmt(min(insts), home)}")

    # 2b. each series says one amount: its doses' expected amounts (weekday, slot and taper
    # amounts) are all the same, since an event's words are the same for every occurrence
    amounts = {(d.medication, d.slot, d.instant): d.pills for d in exp}
    for uid, insts in sorted(per_uid.items()):
        for med, slot in owners.get(uid, [])[:1]:
            said = {amounts.get((med, slot, i)) for i in insts}
            if len(said) > 1:
                problems.append(f"[{reading}] series {uid} ({summaries[uid]!r}) holds doses of different "
                                f"amounts: {sorted(a for a in said if a is not None)}")

    # 3. per medication (not in privacy mode)
    if (schedule.get("feed") or {}).get("privacy"):
        return problems
    names = {m["id"]: m["name"] for m in schedule["medications"]}
    # In a schedule with people a title says whose dose it is first ("Mia — Amoxicillin ..."):
    # the person the medication names (or the only one).
    whose = {m["id"]: expected.person_of(schedule, m) for m in schedule["medications"]}
    by_med_got: dict[str, Counter] = defaultdict(Counter)
    for uid, inst, summary in doses:
        person = next((p for p in (schedule.get("people") or []) if summary.startswith(p["name"] + " — ")), None)
        if person:
            summary = summary[len(person["name"]) + 3:]
        candidates = [mid for mid, name in names.items() if summary.startswith(name)]
        if not candidates:
            problems.append(f"[{reading}] series {uid}: SUMMARY {summary!r} names no medication")
            continue
        mid = max(candidates, key=lambda c: len(names[c]))
        if (whose[mid] or {}).get("name") != (person or {}).get("name"):
            problems.append(f"[{reading}] series {uid}: SUMMARY names the person {(person or {}).get('name')!r}, "
                            f"but {mid} is taken by {(whose[mid] or {}).get('name')!r}")
        by_med_got[mid][inst] += 1
        if owners.get(uid) and mid not in {m for m, _ in owners[uid]}:
            problems.append(f"[{reading}] series {uid}: SUMMARY names {mid} but its doses are those of "
                            f"{', '.join(f'{m}/{s}' for m, s in owners[uid])}")
    by_med_exp: dict[str, Counter] = defaultdict(Counter)
    for d in exp:
        by_med_exp[d.medication][d.instant] += 1
    if not problems:  # per-medication detail only adds noise after a global failure
        for mid in names:
            problems += diff_multisets(f"[{reading}] {mid}", by_med_exp[mid], by_med_got[mid], home, dw, dg)
    return problems


def check_one(binary: Path, fixture: Path, zone: str, tmp: Path, own_zones: bool = True) -> tuple[list[str], int]:
    problems: list[str] = []
    schedule = common.load(fixture)
    schedule["homeZone"] = zone
    src = tmp / fixture.name
    common.write_json(src, schedule)

    out = tmp / (fixture.stem + ".ics")
    fresh = tmp / (fixture.stem + "-fresh.ics")
    common.export(binary, src, out)
    raw = out.read_bytes()
    mode = stat.S_IMODE(os.stat(out).st_mode)
    if mode != 0o600:
        problems.append(f"file mode is {mode:04o}, expected 0600")
    common.export(binary, src, out)  # re-export over the earlier file (reads its revisions)
    if out.read_bytes() != raw:
        problems.append("exporting again over the same file (same schedule, same --now) changed its bytes:")
        problems += byte_diff(raw, out.read_bytes())
    common.export(binary, src, fresh)  # and into a new file
    if fresh.read_bytes() != raw:
        problems.append("exporting twice into new files gave different bytes:")
        problems += byte_diff(raw, fresh.read_bytes())

    check_text(raw, problems)
    cal = icalendar.Calendar.from_ical(raw)
    check_alarms(cal, problems)
    check_privacy(schedule, raw, problems)

    first, last = common.window(schedule)
    t0 = expected.resolve(first, time(0, 0), zone)
    t1 = expected.resolve(last + timedelta(days=1), time(0, 0), zone)
    exp = [d for d in expected.occurrences(schedule, first - timedelta(days=3), last + timedelta(days=3))
           if t0 <= d.instant < t1]

    rfc = Expanded(cal, zone, t0, t1, xwr=False)
    rfc_problems = compare(schedule, rfc.doses(), exp, "RFC 5545", zone)
    problems += rfc_problems
    xwr = Expanded(cal, zone, t0, t1, xwr=True)
    xwr_problems = compare(schedule, xwr.doses(), exp, "of() with X-WR-TIMEZONE", zone)
    if xwr_problems and not rfc_problems:
        xwr_problems.insert(0, "[of() with X-WR-TIMEZONE] the RFC 5545 reading matches; this difference comes from "
                               "the X-WR-TIMEZONE convention (UTC and floating values are moved into "
                               f"X-WR-TIMEZONE={zone} before the RRULE is expanded in that zone's wall clock)")
    problems += xwr_problems

    if not own_zones:
        return problems, len(exp)
    renamed, names = rename_tzids(raw)
    cal2 = icalendar.Calendar.from_ical(renamed)
    for ev in cal2.walk("VEVENT"):
        dt = ev["DTSTART"].dt
        if isinstance(dt, datetime) and isinstance(dt.tzinfo, ZoneInfo) and dt.tzinfo.key in names.values():
            problems.append(f"icalendar resolved {dt.tzinfo.key} from its database, not the VTIMEZONE")
    own = Expanded(cal2, zone, t0, t1, xwr=False, own_zones=True)
    a, b = rfc.pairs(), own.pairs()
    if a != b:
        lookup = {v: k for k, v in names.items()}
        problems.append(f"with TZIDs renamed ({', '.join(f'{lookup[n]}->{n}' for n in sorted(lookup))}), "
                        f"the file's own VTIMEZONEs give {sum((b - a).values())} instants the zone database "
                        f"does not, and miss {sum((a - b).values())}")
        for uid, inst in sorted((a - b).elements(), key=lambda p: p[1])[:MAX_SHOWN]:
            problems.append(f"    zone database: {fmt(inst, zone)}  {uid}")
        for uid, inst in sorted((b - a).elements(), key=lambda p: p[1])[:MAX_SHOWN]:
            problems.append(f"    own VTIMEZONE: {fmt(inst, zone)}  {uid}")
    return problems, len(exp)


def main(argv: list[str]) -> int:
    binary, schedules = common.args_or_die(argv, "check_export.py DOSECAL_BINARY FIXTURES_DIR")
    tally = common.Tally()
    with tempfile.TemporaryDirectory(prefix="dosecal-interop-") as tmpdir:
        for fixture in common.schedule_files(schedules):
            for zone in ZONES:
                tmp = Path(tmpdir) / f"{fixture.stem}-{zone.replace('/', '_')}"
                tmp.mkdir()
                tally.run(f"{fixture.name} {zone}", lambda: check_one(binary, fixture, zone, tmp))
    return tally.finish()

if __name__ == "__main__":
    sys.exit(main(sys.argv))
