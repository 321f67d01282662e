#!/usr/bin/env python3
"""Seeded property test: `dosecal expand` against python-dateutil's rrule on generated rules.

usage: check_rrule.py DOSECAL [RULES] [SEED]

Generates RULES (default 2000) recurrence rules over every RFC 5545 RRULE part (FREQ,
INTERVAL, COUNT, UNTIL, BYSECOND..BYSETPOS, BYWEEKNO, BYYEARDAY, WKST, negative indices,
duplicates) with DATE, floating, UTC and zoned (TZID) starts, writes them as one VEVENT
each into calendars (one per window), expands them with `dosecal expand --json --zone UTC`
and with dateutil, and compares the start instants rule by rule. SEED defaults to
$RRULE_SEED, else a fixed value; "random" picks one. The seed is printed, so a failure
can be replayed.

Expected instances follow RFC 5545 section 3.8.5.3 for events: DTSTART is the first
instance and counts toward COUNT even when the rule does not match it (dateutil leaves
such a DTSTART out; docs/expansion-differences.md). Zoned local times become instants with
zoneinfo's fold=0, which is RFC 5545's reading (first of a repeated time; the offset
before a gap). Every other disagreement fails the check (exit 1).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

rrule_module = common.require("dateutil.rrule", "python-dateutil")
warnings.simplefilter("ignore")  # dateutil's deprecation note on COUNT with an internal UNTIL

UTC = timezone.utc
ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata",
         "America/Santiago"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
SUB_DAILY = ("SECONDLY", "MINUTELY", "HOURLY")
# window name -> (from, to, frequencies, start years); every rule's expansion is cut at `to`.
WINDOWS = {
    "secondly": (date(2026, 1, 10), date(2026, 1, 12), ("SECONDLY",), (2026,)),
    "minutely": (date(2026, 1, 10), date(2026, 1, 20), ("MINUTELY",), (2026,)),
    "hourly": (date(2026, 1, 1), date(2026, 5, 1), ("HOURLY",), (2026,)),
    "daily": (date(1997, 1, 1), date(2001, 1, 1), ("DAILY", "WEEKLY"), (1997, 1998)),
    "coarse": (date(1997, 1, 1), date(2031, 1, 1), ("MONTHLY", "YEARLY"), (1997, 1998, 2003)),
    # Open rules far from DTSTART: the expander skips ahead to the window.
    "far": (date(2030, 1, 1), date(2031, 1, 1), ("DAILY", "WEEKLY", "MONTHLY", "YEARLY"), (2021, 2024)),
}


class OracleTimeout(Exception):
    """dateutil took too long on one rule (it walks every period of a rarely matching rule)."""


def values(rng: random.Random, pool: list, k_max: int) -> list:
    picked = rng.sample(pool, rng.randint(1, min(k_max, len(pool))))
    if rng.random() < 0.15:
        picked.append(rng.choice(picked))  # a duplicate
    return picked


def signed(rng: random.Random, high: int, k_max: int) -> list[int]:
    pool = list(range(1, high + 1)) + list(range(-high, 0))
    return values(rng, pool, k_max)


def rule_parts(rng: random.Random, freq: str, is_date: bool) -> list[str]:
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.choice([2, 3, 4, 5, 7, 13, 61] if freq in SUB_DAILY else [2, 3, 4, 5, 13])}")
    by = []
    short = freq in ("SECONDLY", "MINUTELY")  # windows of days: no month or year-day limits
    if not short and rng.random() < 0.25:
        by.append("BYMONTH=" + ",".join(map(str, values(rng, list(range(1, 13)), 4))))
    if freq == "YEARLY" and rng.random() < 0.15:
        # Weeks 52, 53, -52, -53 only in the literal tests: dateutil miscounts the weeks of the
        # year before (and skips -N of the next year) at the year's edges.
        by.append("BYWEEKNO=" + ",".join(map(str, signed(rng, 51, 3))))
    if freq in ("YEARLY", "HOURLY") and rng.random() < (0.12 if freq == "YEARLY" else 0.05):
        by.append("BYYEARDAY=" + ",".join(map(str, signed(rng, 366, 4))))
    if freq != "WEEKLY" and not (freq in SUB_DAILY and "BYYEARDAY" in str(by)) and rng.random() < 0.25:
        by.append("BYMONTHDAY=" + ",".join(map(str, signed(rng, 31, 4))))
    if rng.random() < 0.35:
        # One BYDAY is either all plain weekdays or all with ordinals: dateutil intersects a mixed
        # list (docs/expansion-differences.md); the literal tests cover mixed lists.
        ordinals = freq in ("MONTHLY", "YEARLY") and not any(p.startswith("BYWEEKNO") for p in by) and rng.random() < 0.4
        high = 53 if freq == "YEARLY" and not any(p.startswith("BYMONTH=") for p in by) else 5
        days = [f"{rng.randint(1, high) * rng.choice([1, -1])}{d}" if ordinals else d for d in values(rng, DAYS, 4)]
        by.append("BYDAY=" + ",".join(days))
    if not is_date:
        if rng.random() < 0.25:
            by.append("BYHOUR=" + ",".join(map(str, values(rng, list(range(24)), 3))))
        if rng.random() < 0.25:
            by.append("BYMINUTE=" + ",".join(map(str, values(rng, list(range(0, 60)), 3))))
        if rng.random() < 0.15:
            by.append("BYSECOND=" + ",".join(map(str, values(rng, list(range(0, 60)), 3))))
    # BYSETPOS where the period holds a set to pick from (dateutil walks every period of a rule
    # whose positions never exist, too slowly to compare).
    expands = freq in ("YEARLY", "MONTHLY", "WEEKLY") or any(p.startswith(("BYMINUTE", "BYSECOND", "BYHOUR")) for p in by)
    if by and expands and freq != "SECONDLY" and rng.random() < 0.25:
        by.append("BYSETPOS=" + ",".join(map(str, signed(rng, 2, 2))))
    if rng.random() < 0.25:
        parts.append(f"WKST={rng.choice(DAYS)}")
    rng.shuffle(by)
    return parts + by


def start_value(rng: random.Random, year: int, freq: str) -> tuple[str, datetime, str | None, bool]:
    """(DTSTART property, dtstart for dateutil, zone or None, is_date)."""
    if freq in ("SECONDLY", "MINUTELY"):
        day = date(2026, 1, 10)
    elif freq == "HOURLY":
        day = date(2026, rng.randint(1, 3), rng.randint(1, 28))
    else:
        day = date(year, rng.randint(1, 12), rng.randint(1, 28))
    kind = rng.choice(["date", "floating", "utc", "zoned", "zoned"]) if freq not in SUB_DAILY else rng.choice(
        ["floating", "utc", "zoned"])
    if kind == "date":
        return f"DTSTART;VALUE=DATE:{day:%Y%m%d}", datetime(day.year, day.month, day.day), None, True
    t = datetime(day.year, day.month, day.day, rng.randint(0, 23), rng.choice([0, 0, 15, 30, rng.randint(0, 59)]),
                 rng.choice([0, 0, 0, rng.randint(0, 59)]))
    text = t.strftime("%Y%m%dT%H%M%S")
    if kind == "floating":
        return f"DTSTART:{text}", t, None, False
    if kind == "utc":
        return f"DTSTART:{text}Z", t.replace(tzinfo=UTC), None, False
    zone = rng.choice(ZONES)
    return f"DTSTART;TZID={zone}:{text}", t.replace(tzinfo=ZoneInfo(zone)), zone, False


def end_part(rng: random.Random, freq: str, window: str, dtstart: datetime, is_date: bool) -> str | None:
    if window == "far":
        return None
    if rng.random() < 0.6:
        return f"COUNT={rng.randint(1, 12 if freq in SUB_DAILY else 25)}"
    span = {"SECONDLY": timedelta(minutes=20), "MINUTELY": timedelta(hours=20), "HOURLY": timedelta(days=12)}.get(
        freq, timedelta(days=rng.randint(10, 2000)))
    until = dtstart + span
    if is_date:
        return f"UNTIL={until:%Y%m%d}"
    if dtstart.tzinfo is None:
        return f"UNTIL={until:%Y%m%dT%H%M%S}"
    return f"UNTIL={until.astimezone(UTC):%Y%m%dT%H%M%SZ}"


def instant(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)  # floating and DATE read in UTC (--zone UTC)
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def expected(rule: str, dtstart: datetime, window: tuple[date, date]) -> list[str]:
    cut = datetime(window[1].year, window[1].month, window[1].day) + timedelta(days=1)
    if dtstart.tzinfo is not None:
        cut = cut.replace(tzinfo=UTC)
    count = None
    try:
        parsed = rrule_module.rrulestr(rule, dtstart=dtstart)
        count = parsed._count
        if parsed._until is None or parsed._until > cut:
            parsed = parsed.replace(until=cut)
        occurrences = [dt for dt in parsed]
    except ValueError as e:
        # dateutil raises where BYHOUR/BYMINUTE/BYSECOND can never meet the INTERVAL's phase;
        # RFC 5545 gives an empty rule set (DTSTART alone).
        if "empty set" not in str(e):
            raise
        occurrences = []
        count = next((int(p[6:]) for p in rule.split(";") if p.startswith("COUNT=")), None)
    rfc = [dtstart] + [dt for dt in occurrences if dt != dtstart]
    if count:
        rfc = rfc[:count]
    lo = datetime(window[0].year, window[0].month, window[0].day, tzinfo=UTC)
    hi = datetime(window[1].year, window[1].month, window[1].day, tzinfo=UTC)
    # A set: a wall-clock time in a daylight-saving gap can resolve to an instant the rule also
    # generates after the gap; RFC 5545 counts a duplicate instance once.
    return sorted({instant(dt) for dt in rfc if lo <= datetime.strptime(instant(dt), "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=UTC) < hi})


def ours(binary: Path, calendar: str, window: tuple[date, date]) -> dict[str, list[str]]:
    with tempfile.NamedTemporaryFile("w", suffix=".ics", delete=False, newline="") as f:
        f.write(calendar)
        path = f.name
    try:
        run = subprocess.run([str(binary), "expand", path, "--from", window[0].isoformat(), "--to",
                              window[1].isoformat(), "--zone", "UTC", "--json"], capture_output=True, text=True,
                             timeout=600)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        common.die(f"dosecal expand exited {run.returncode}: {run.stderr.strip()[:500]}", 1)
    if run.stderr.strip():
        print(f"dosecal expand reported: {run.stderr.strip()[:800]}")
    found: dict[str, list[str]] = {}
    for item in json.loads(run.stdout)["instances"]:
        found.setdefault(item["uid"], []).append(item["start"])
    return {uid: sorted(starts) for uid, starts in found.items()}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3, 4):
        common.die("usage: check_rrule.py DOSECAL [RULES] [SEED]", 64)
    binary = Path(argv[1]).resolve()
    total = int(argv[2]) if len(argv) > 2 else 2000
    seed_text = argv[3] if len(argv) > 3 else os.environ.get("RRULE_SEED", "20261201")
    seed = random.SystemRandom().randrange(1 << 32) if seed_text == "random" else int(seed_text)
    print(f"check_rrule: seed {seed}, {total} rules (replay: check_rrule.py DOSECAL {total} {seed})")
    rng = random.Random(seed)
    cases: dict[str, list[tuple[str, str, datetime, str]]] = {name: [] for name in WINDOWS}
    names = list(WINDOWS)
    for i in range(total):
        window = names[i % len(names)]
        _, _, freqs, years = WINDOWS[window]
        freq = rng.choice(freqs)
        prop, dtstart, _zone, is_date = start_value(rng, rng.choice(years), freq)
        parts = rule_parts(rng, freq, is_date)
        if freq == "WEEKLY" and any(p.startswith("BYSETPOS") for p in parts):
            # dateutil's first week begins at DTSTART, not at WKST: start on WKST so that BYSETPOS
            # picks from the same week on both sides (docs/expansion-differences.md).
            wkst = next((DAYS.index(p[5:]) for p in parts if p.startswith("WKST=")), 0)
            back = (dtstart.weekday() - wkst) % 7
            moved = dtstart - timedelta(days=back) if dtstart.tzinfo is None else dtstart.replace(
                tzinfo=None) - timedelta(days=back)
            moved = moved.replace(tzinfo=dtstart.tzinfo)
            prop = prop.replace(f"{dtstart:%Y%m%d}", f"{moved:%Y%m%d}")
            dtstart = moved
        end = end_part(rng, freq, window, dtstart, is_date)
        if end:
            parts.insert(1, end)
        cases[window].append((f"r{i}", prop, dtstart, ";".join(parts)))
    failures = slow = 0
    checked = instances = 0
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(OracleTimeout()))
    for window, items in cases.items():
        span = WINDOWS[window][:2]
        body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dosecal//check_rrule//EN"]
        for uid, prop, _dtstart, rule in items:
            body += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260101T000000Z", prop, f"RRULE:{rule}", "END:VEVENT"]
        body.append("END:VCALENDAR")
        mine = ours(binary, "\r\n".join(body) + "\r\n", span)
        for uid, prop, dtstart, rule in items:
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            began = time.process_time()
            try:
                want = expected(rule, dtstart, span)
            except OracleTimeout:
                slow += 1
                if os.environ.get("RRULE_VERBOSE"):
                    print(f"slow  {uid} {prop} RRULE:{rule}")
                continue
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            got = mine.get(uid, [])
            checked += 1
            instances += len(want)
            if got != want:
                failures += 1
                if failures <= 20:
                    extra = sorted(set(got) - set(want))[:3]
                    missing = sorted(set(want) - set(got))[:3]
                    print(f"DIFF  {uid} {prop} RRULE:{rule} [{span[0]}..{span[1]}]: ours {len(got)}, dateutil {len(want)};"
                          f" only ours {extra}, only dateutil {missing}")
    print(f"check_rrule: seed {seed}: {checked} rules, {instances} instances compared, {failures} differ"
          f" ({slow} left out: dateutil took over 0.3 s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
