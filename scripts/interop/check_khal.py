#!/usr/bin/env python3
"""Interop check: khal reads dosecal's export, stored as a vdir, without a
warning and lists the doses the schedule means.

    check_khal.py DOSECAL_BINARY FIXTURES_DIR

For every fixtures/schedules/*.json (as it is, with its own homeZone):
  * export it with dosecal;
  * split the feed into a vdir folder: one .ics per UID, named
    <sha1 of the UID>.ics, holding that UID's VEVENT(s) and the VTIMEZONEs
    they use (the layout vdirsyncer writes);
  * write a khal config whose local and default zone is America/New_York,
    with its cache database in the temp folder;
  * run `khal -c CONFIG list FROM 30d` for 2026-03-01 (spring DST changes),
    2026-10-20 (around 2026-11-01, autumn changes) and the fixture's first
    start date, each requiring exit status 0 and no "warning" or "error"
    (any case) in stdout or stderr;
  * compare what khal lists with the independent oracle (expected.py, the
    floating policy read in khal's zone, America/New_York): every dose event
    khal lists starting on the days inside the window, as (UID's medication
    series, instant: khal prints the start with its UTC offset), must be
    exactly the expected doses of those days, and at least one day of the fixture must have doses (so the sample
    comparison is never empty).

khal prints times in its local_timezone, so this checks khal's own DST
handling of our TZID + VTIMEZONE series against the oracle.

Ends with "N passed, M failed"; exits non-zero on any failure, or when khal
is not installed.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
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

UTC = timezone.utc
VIEWER = "America/New_York"
WINDOWS = [date(2026, 3, 1), date(2026, 10, 20)]
DAYS = 30
SEP = "\x1f"
FORMAT = SEP.join(["{start}", "{uid}", "{title}"])
MAX_SHOWN = 8


def khal_binary() -> str:
    found = shutil.which("khal")
    if not found:
        common.die("khal is not installed (pip install khal); the khal interop check cannot run")
    return found


# ---------------------------------------------------------------------------
# Feed -> vdir


def content_lines(text: str) -> list[str]:
    """Physical lines grouped into logical (still folded) content lines."""
    out: list[str] = []
    for line in re.split(r"\r?\n", text):
        if line == "":
            continue
        if line[0] in " \t" and out:
            out[-1] += "\r\n" + line
        else:
            out.append(line)
    return out


def components(lines: list[str], name: str) -> list[list[str]]:
    """Top-level (depth 1 inside VCALENDAR) components of one kind, as line lists."""
    result, current, depth = [], None, 0
    for line in lines:
        if line.startswith("BEGIN:"):
            depth += 1
            if depth == 2 and line == f"BEGIN:{name}":
                current = []
        if current is not None:
            current.append(line)
        if line.startswith("END:"):
            if depth == 2 and current is not None:
                result.append(current)
                current = None
            depth -= 1
    return result


def props(component: list[str], name: str) -> list[str]:
    """The (unfolded) values of every property `name` at the component's own level."""
    values = []
    depth = 0
    for line in component:
        if line.startswith("BEGIN:"):
            depth += 1
        elif line.startswith("END:"):
            depth -= 1
        elif depth == 1:
            flat = common.unfold(line)
            m = re.match(rf"{name}(;[^:]*)?:(.*)$", flat, flags=re.DOTALL)
            if m:
                values.append(m.group(2))
    return values


def prop(component: list[str], name: str) -> str | None:
    values = props(component, name)
    return values[0] if values else None


def split_to_vdir(feed: str, folder: Path) -> dict[str, set[str]]:
    """Writes one file per UID; returns each UID's CATEGORIES."""
    lines = content_lines(feed)
    header = []
    for line in lines[1:]:
        if line.startswith("BEGIN:"):
            break
        if line.split(":", 1)[0].split(";", 1)[0] in ("VERSION", "PRODID", "CALSCALE"):
            header.append(line)
    zones = {prop(c, "TZID"): c for c in components(lines, "VTIMEZONE")}
    by_uid: dict[str, list[list[str]]] = defaultdict(list)
    for ev in components(lines, "VEVENT"):
        by_uid[prop(ev, "UID")].append(ev)
    cats: dict[str, set[str]] = {}
    folder.mkdir(parents=True)
    for uid, events in by_uid.items():
        used = sorted({m.group(2) for ev in events for line in ev
                       for m in common.TZID_PARAM.finditer(common.unfold(line))})
        missing = [z for z in used if z not in zones]
        if missing:
            raise RuntimeError(f"{uid} uses TZID {', '.join(missing)} without a VTIMEZONE")
        body = ["BEGIN:VCALENDAR", *header]
        for z in used:
            body += zones[z]
        for ev in events:
            body += ev
        body.append("END:VCALENDAR")
        name = hashlib.sha1(uid.encode("utf-8")).hexdigest() + ".ics"
        (folder / name).write_bytes(("\r\n".join(body) + "\r\n").encode("utf-8"))
        # CATEGORIES may be one comma list or several lines.
        cats[uid] = {c.strip().upper() for ev in events for v in props(ev, "CATEGORIES") for c in v.split(",")}
    return cats


# ---------------------------------------------------------------------------
# Running khal


def run_khal(khal: str, config: Path, home: Path, first: date) -> tuple[list[str], list[tuple[datetime, str, str]], bool]:
    """`khal -c CONFIG list FIRST 30d`: problems, the listed (start, uid, title), whether it ran."""
    cmd = [khal, "-c", str(config), "list", "--format", FORMAT, "--day-format", "", first.isoformat(), f"{DAYS}d"]
    # Keep khal away from the user's own config, data and cache.
    env = dict(os.environ, XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    problems = []
    shown = " ".join(cmd[1:3] + cmd[3:4] + cmd[-2:])
    if r.returncode != 0:
        problems.append(f"khal {shown} exited {r.returncode}: {(r.stderr or r.stdout).strip()[:500]}")
    for stream, text in (("stderr", r.stderr), ("stdout", r.stdout)):
        bad = [line.strip() for line in text.splitlines() if re.search(r"warning|error", line, flags=re.IGNORECASE)]
        for line in bad[:3]:
            problems.append(f"khal {shown} {stream}: {line[:300]}")
        if len(bad) > 3:
            problems.append(f"khal {shown} {stream}: ... {len(bad) - 3} more lines with 'warning' or 'error'")
    listed = []
    for line in r.stdout.splitlines():
        if not line.strip():
            continue
        parts = line.split(SEP)
        if len(parts) != 3:
            problems.append(f"khal {shown}: unexpected output line {line!r}")
            continue
        start, uid, title = parts
        try:
            when = datetime.strptime(start, "%Y-%m-%dT%H:%M%z")
        except ValueError:
            try:  # no offset: a floating time, in khal's zone
                when = datetime.strptime(start, "%Y-%m-%dT%H:%M").replace(tzinfo=ZoneInfo(VIEWER), fold=0)
            except ValueError:
                problems.append(f"khal {shown}: {title!r} ({uid}) starts {start!r}, not a date-time")
                continue
        listed.append((when.astimezone(UTC), uid, title))
    return problems, listed, r.returncode == 0


def wall(instant: datetime) -> datetime:
    return instant.astimezone(ZoneInfo(VIEWER)).replace(tzinfo=None)


def show(instant: datetime) -> str:
    return f"{instant.astimezone(ZoneInfo(VIEWER)):%Y-%m-%d %H:%M %Z} ({instant:%H:%MZ})"


def check_fixture(khal: str, binary: Path, fixture: Path, tmp: Path) -> tuple[list[str], int]:
    schedule = common.load(fixture)
    feed_path = tmp / (fixture.stem + ".ics")
    common.export(binary, fixture, feed_path)
    vdir = tmp / "vdir"
    cats = split_to_vdir(feed_path.read_bytes().decode("utf-8"), vdir)
    config = tmp / "khal.conf"
    common.write_khal_config(config, vdir, tmp / "khal.db", VIEWER, readonly=True)

    problems: list[str] = []
    compared = 0
    starts = WINDOWS + [common.earliest_start(schedule)]
    for first in starts:
        run_problems, listed, ok = run_khal(khal, config, tmp, first)
        problems += run_problems
        if not ok:
            continue
        # Compare only whole days strictly inside the listed range, so that
        # khal's handling of the range's ends does not matter.
        lo, hi = first + timedelta(days=1), first + timedelta(days=DAYS - 2)
        got = Counter()
        series: dict[str, set[datetime]] = defaultdict(set)
        for instant, uid, title in listed:
            if uid not in cats:
                problems.append(f"khal lists {title!r} with UID {uid}, which the feed does not have")
                continue
            if "MEDICATION" in cats[uid] and not {"REFILL", "AS-NEEDED"} & set(cats[uid]) and lo <= wall(instant).date() <= hi:
                got[instant] += 1
                series[uid].add(instant)
        exp_doses = [d for d in expected.occurrences(schedule, lo - timedelta(days=2), hi + timedelta(days=2),
                                                     viewer_zone=VIEWER)
                     if lo <= wall(d.instant).date() <= hi]
        want = Counter(d.instant for d in exp_doses)
        compared += sum(want.values())
        label = f"{lo}..{hi} (days in {VIEWER})"
        missing, extra = want - got, got - want
        if missing or extra:
            problems.append(f"{label}: expected {sum(want.values())} doses, khal lists {sum(got.values())}; "
                            f"{sum(missing.values())} missing, {sum(extra.values())} unexpected")
            who = defaultdict(list)
            for d in exp_doses:
                who[d.instant].append(f"{d.medication}/{d.slot}")
            for t in sorted(missing.elements())[:MAX_SHOWN]:
                problems.append(f"    expected, not listed: {show(t)} {', '.join(who[t])}")
            for t in sorted(extra.elements())[:MAX_SHOWN]:
                problems.append(f"    listed, not expected: {show(t)}")
        # Each listed series must be the doses of one medication slot.
        slot_sets = defaultdict(set)
        for d in exp_doses:
            slot_sets[(d.medication, d.slot)].add(d.instant)
        for uid, times in series.items():
            if not any(times <= s for s in slot_sets.values()):
                problems.append(f"{label}: series {uid} mixes doses of several slots, e.g. {show(min(times))}")
    if compared == 0 and not problems:
        problems.append("no expected dose falls in any listed window: the sample comparison is empty")
    return problems, compared


def main(argv: list[str]) -> int:
    binary, schedules = common.args_or_die(argv, "check_khal.py DOSECAL_BINARY FIXTURES_DIR")
    khal = khal_binary()
    version = subprocess.run([khal, "--version"], capture_output=True, text=True)
    if version.returncode != 0:
        common.die(f"khal --version failed: {version.stderr.strip()}")
    print(f"# {version.stdout.strip()}, viewer zone {VIEWER}")
    tally = common.Tally()
    with tempfile.TemporaryDirectory(prefix="dosecal-khal-") as tmpdir:
        for fixture in common.schedule_files(schedules):
            tmp = Path(tmpdir) / fixture.stem
            tmp.mkdir()
            tally.run(fixture.name, lambda: check_fixture(khal, binary, fixture, tmp), "doses listed as expected")
    return tally.finish()

if __name__ == "__main__":
    sys.exit(main(sys.argv))
