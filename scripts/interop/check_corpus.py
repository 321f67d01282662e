#!/usr/bin/env python3
"""Our expander against recurring-ical-events on every calendar of a corpus.

usage: check_corpus.py DOSECAL CORPUS_DIR [DIFFERENCES_MD]

For every *.ics under CORPUS_DIR (recursively) that Python icalendar can read and
recurring-ical-events can expand, both expand all VEVENTs over one window
(`dosecal expand FILE --from --to --zone UTC --json` on our side) and the (UID, start
instant) multisets of the instances starting in the window are compared. Floating and DATE values are read in
UTC on both sides; X-WR-TIMEZONE is not applied (RFC 5545 alone:
recurring_ical_events.CalendarQuery). The window is 2026-01-01..2027-01-01 (DST
changes in both hemispheres); a file with no instance there is compared from
January 1 of its earliest DTSTART year over two years.

A file whose results differ must be listed in DIFFERENCES_MD (default:
docs/expansion-differences.md) as a table row starting with | `path` | with the
reason; any other difference fails the check (exit 1). Listed files that now
agree are reported as stale entries (also exit 1, so the list stays true).
Any directory works as CORPUS_DIR, e.g. one holding a calendar written by
scripts/bench/gen_calendar.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

icalendar = common.require("icalendar", "icalendar")
recurring_ical_events = common.require("recurring_ical_events", "recurring-ical-events")

UTC = timezone.utc
DEFAULT_WINDOW = (date(2026, 1, 1), date(2027, 1, 1))


def instant(value) -> datetime:
    """A DTSTART value as a UTC instant: naive and DATE values are read in UTC."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return datetime(value.year, value.month, value.day, tzinfo=UTC)


def midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def theirs(cal, window: tuple[date, date]) -> Counter:
    t0, t1 = midnight(window[0]), midnight(window[1])
    found = Counter()
    query = recurring_ical_events.CalendarQuery(cal)
    for ev in query.between(t0 - timedelta(days=2), t1 + timedelta(days=2)):
        start = instant(ev["DTSTART"].dt)
        if t0 <= start < t1:
            found[(str(ev.get("UID", "")), start.strftime("%Y-%m-%dT%H:%M:%SZ"))] += 1
    return found


def run_expand(binary: Path, path: Path, window: tuple[date, date], *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(binary), "expand", str(path), "--from", window[0].isoformat(), "--to", window[1].isoformat(),
         "--zone", "UTC", *extra], capture_output=True, timeout=300)


def ours(binary: Path, path: Path, window: tuple[date, date]) -> tuple[Counter, list[str]]:
    run = run_expand(binary, path, window, "--json")
    stderr = run.stderr.decode("utf-8", "replace")
    # Exit 1: printed, but the expansion budget left events out (said first in "incomplete").
    if run.returncode not in (0, 1):
        return Counter(), [f"dosecal expand exit {run.returncode}: {stderr.strip()}"]
    t0, t1 = midnight(window[0]), midnight(window[1])
    found = Counter()
    for item in json.loads(run.stdout)["instances"]:
        start = datetime.strptime(item["start"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        if t0 <= start < t1:
            found[(item["uid"], item["start"])] += 1
    return found, [l for l in stderr.splitlines() if l.strip()]


def robust(binary: Path, path: Path, rel: str, failures: list[str]) -> None:
    """A file the oracle cannot compare must still not crash dosecal expand (exit 0, 1 for a
    budget cut, or 2)."""
    run = run_expand(binary, path, DEFAULT_WINDOW)
    if run.returncode not in (0, 1, 2):
        failures.append(f"{rel}: dosecal expand exited {run.returncode} (a crash?)")


def earliest_start(cal) -> date | None:
    starts = [instant(c["DTSTART"].dt).date() for c in cal.walk("VEVENT") if "DTSTART" in c]
    return min(starts) if starts else None


def listed_files(doc: Path) -> set[str]:
    if not doc.is_file():
        common.die(f"{doc} does not exist; it lists the expected differences")
    return set(re.findall(r"^\|\s*`([^`]+\.ics)`\s*\|", doc.read_text(encoding="utf-8"), re.M))


def describe(a: Counter, b: Counter, limit: int = 4) -> str:
    only_ours = sorted((a - b).elements())
    only_theirs = sorted((b - a).elements())
    parts = []
    if only_ours:
        parts.append(f"only ours {len(only_ours)}: " + ", ".join(f"{u} {s}" for u, s in only_ours[:limit]))
    if only_theirs:
        parts.append(f"only theirs {len(only_theirs)}: " + ", ".join(f"{u} {s}" for u, s in only_theirs[:limit]))
    return "; ".join(parts)


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        common.die("usage: check_corpus.py DOSECAL CORPUS_DIR [DIFFERENCES_MD]", 64)
    binary, corpus = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    doc = Path(argv[3]) if len(argv) == 4 else Path(__file__).resolve().parents[2] / "docs" / "expansion-differences.md"
    listed = listed_files(doc)
    compared = equal = 0
    failures: list[str] = []
    seen_listed: set[str] = set()
    for path in sorted(corpus.rglob("*.ics")):
        rel = path.relative_to(corpus).as_posix()
        try:
            cal = icalendar.Calendar.from_ical(path.read_bytes())
            window = DEFAULT_WINDOW
            expected = theirs(cal, window)
            mine, problems = ours(binary, path, window)
            if not expected and not mine:
                first = earliest_start(cal)
                if first is None:
                    print(f"skip  {rel}: no VEVENT with DTSTART")
                    robust(binary, path, rel, failures)
                    continue
                window = (date(first.year, 1, 1), date(min(first.year + 2, 9999), 1, 1))
                expected = theirs(cal, window)
                mine, problems = ours(binary, path, window)
        except Exception as e:  # the oracle cannot read or expand this file
            print(f"skip  {rel}: recurring-ical-events cannot expand it ({type(e).__name__}: {str(e)[:100]})")
            robust(binary, path, rel, failures)
            continue
        compared += 1
        span = f"{window[0]}..{window[1]}"
        if mine == expected:
            equal += 1
            print(f"equal {rel} [{span}] {sum(mine.values())} instances")
            if rel in listed:
                failures.append(f"{rel}: listed in {doc.name} but now equal (stale entry)")
            continue
        detail = describe(mine, expected)
        if problems:
            detail += f"; our problems: {' | '.join(problems)[:300]}"
        if rel in listed:
            seen_listed.add(rel)
            print(f"known {rel} [{span}] {detail}")
        else:
            print(f"DIFF  {rel} [{span}] {detail}")
            failures.append(f"{rel}: {detail}")
    missing = [rel for rel in sorted(listed) if not (corpus / rel).is_file()]
    if missing:
        print(f"note: {len(missing)} file(s) listed in {doc.name} are not under {corpus}")
    print(f"{compared} files compared, {equal} equal, {compared - equal} differ "
          f"({len(seen_listed)} listed in {doc.name}), {len(failures)} failures")
    for f in failures:
        print(f"FAIL  {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
