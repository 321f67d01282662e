#!/usr/bin/env python3
"""Every zone's VTIMEZONE, read by an independent reader, against zoneinfo.

For each start year (2024 and 2026), one schedule with an open-ended daily
series pinned to each zone of the system's zone1970.tab. dosecal exports it;
python-dateutil's tz.tzical reads each VTIMEZONE of the feed (not dosecal's
code), and its offsets must equal Python's zoneinfo (the system tzdata, the
same files dosecal reads) from the series' first dose through 2037:

- the offset at every 6 hours from the observances' onsets expanded by
  dateutil's rrule (onset local time minus TZOFFSETFROM);
- dateutil's own utcoffset() at the local time (with its fold) once a day and
  on either side of every change;
- the exact list of offset changes (found in zoneinfo by bisecting the 6-hour
  samples) equals the onsets dateutil expands.

All zones run in this one process. Exit 0 with zero disagreements, else 1 with
the first disagreements of each zone listed.

Usage: check_zone_vtimezones.py DOSECAL_BINARY
"""

from __future__ import annotations

import bisect
import io
import os
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

dateutil_tz = common.require("dateutil.tz", "python-dateutil")

UTC = timezone.utc
START_YEARS = (2024, 2026)
END = datetime(2038, 1, 1, tzinfo=UTC)
STEP = timedelta(hours=6)
DOSE_TIME = "08:00"


def zones(zoneinfo_dir: Path) -> list[str]:
    """The zone names of zone1970.tab (third column), sorted."""
    names = set()
    for line in (zoneinfo_dir / "zone1970.tab").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            names.add(line.split("\t")[2])
    return sorted(names)


def schedule(names: list[str], year: int) -> dict:
    meds = [{"id": f"z{i}", "name": f"Zone {i}", "times": [DOSE_TIME], "start": f"{year}-01-01",
             "timePolicy": {"kind": "pinned", "zone": z}} for i, z in enumerate(names)]
    return {"version": 1, "homeZone": "UTC", "feed": {"name": f"zones from {year}"}, "medications": meds}


def blocks(text: str, name: str) -> list[str]:
    """The unfolded text of every NAME component."""
    lines = common.unfold(text).splitlines()
    out, current = [], None
    for line in lines:
        if line == f"BEGIN:{name}":
            current = [line]
        elif current is not None:
            current.append(line)
            if line == f"END:{name}":
                out.append("\n".join(current))
                current = None
    return out


def zoneinfo_changes(tz: ZoneInfo, start: datetime) -> tuple[list[datetime], list]:
    """The 6-hourly samples' offsets and the exact changes (instant, new offset) in [start, END)."""
    samples, changes = [], []
    t = start
    current = t.astimezone(tz).utcoffset()
    while t < END:
        samples.append((t, current))
        nxt = t + STEP
        o = nxt.astimezone(tz).utcoffset()
        if o != current:
            lo, hi = int(t.timestamp()), int(nxt.timestamp())
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if datetime.fromtimestamp(mid, tz).utcoffset() == current:
                    lo = mid
                else:
                    hi = mid
            change = datetime.fromtimestamp(hi, UTC)
            changes.append((change, change.astimezone(tz).utcoffset()))
        current = o
        t = nxt
    return samples, changes


def onsets(vtz, start: datetime) -> list:
    """(instant, offset after) of every onset dateutil expands, from a year before start to END."""
    out = []
    lo = datetime(start.year - 2, 1, 1)
    hi = datetime(END.year + 1, 1, 1)
    for comp in vtz._comps:
        for local in comp.rrule.between(lo, hi, inc=True):
            out.append(((local - comp.tzoffsetfrom).replace(tzinfo=UTC), comp.tzoffsetto, comp.tzoffsetfrom))
    out.sort(key=lambda o: o[0])
    return out


def check_zone(zone: str, vtz, start: datetime) -> list[str]:
    tz = ZoneInfo(zone)
    samples, expected_changes = zoneinfo_changes(tz, start)
    got = onsets(vtz, start)
    instants = [g[0] for g in got]
    problems = []
    # dateutil's own lookup is slow (it walks each observance's onsets): once a day, and at the
    # samples on either side of every change.
    near = {bisect.bisect_left(samples, (c[0],)) + d for c in expected_changes for d in (-1, 0)}
    for n, (t, offset) in enumerate(samples):
        i = bisect.bisect_right(instants, t)
        mine = got[i - 1][1] if i else None
        if mine != offset:
            problems.append(f"{t:%Y-%m-%dT%H:%MZ}: zoneinfo {offset}, observances {mine}")
        if n % 4 and n not in near:
            continue
        local = t.astimezone(tz).replace(tzinfo=None)
        theirs = local.replace(tzinfo=vtz).utcoffset()
        if theirs != offset:
            problems.append(f"{t:%Y-%m-%dT%H:%MZ} (local {local}, fold {local.fold}): zoneinfo {offset}, "
                            f"dateutil utcoffset {theirs}")
        if len(problems) > 5:
            return problems
    changes = [(g[0], g[1]) for g in got if start <= g[0] < END and g[1] != g[2]]
    if changes != expected_changes:
        missing = [c for c in expected_changes if c not in changes][:3]
        extra = [c for c in changes if c not in expected_changes][:3]
        problems.append(f"offset changes differ: zoneinfo has {missing} not in the VTIMEZONE, "
                        f"the VTIMEZONE has {extra} not in zoneinfo")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        common.die("usage: check_zone_vtimezones.py DOSECAL_BINARY", 64)
    binary = Path(argv[1]).resolve()
    # The directory dosecal (ZoneDatabase.system) and zoneinfo (TZPATH) both read.
    zoneinfo_dir = Path("/usr/share/zoneinfo")
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        common.die(f"{binary} is not an executable dosecal binary")
    import zoneinfo
    if str(zoneinfo_dir) not in zoneinfo.TZPATH:
        common.die(f"Python's zoneinfo does not read {zoneinfo_dir} (TZPATH {zoneinfo.TZPATH}): not the data dosecal reads")
    names = zones(zoneinfo_dir)
    if len(names) < 100:
        common.die(f"{zoneinfo_dir}/zone1970.tab names only {len(names)} zones")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for year in START_YEARS:
            path = Path(tmp) / f"zones-{year}.json"
            common.write_json(path, schedule(names, year))
            out = Path(tmp) / f"zones-{year}.ics"
            common.export(binary, path, out)
            text = out.read_text(encoding="utf-8")
            events = blocks(text, "VEVENT")
            open_ended = [e for e in events if "RRULE:FREQ=DAILY" in e and "UNTIL=" not in e and "COUNT=" not in e]
            if len(open_ended) != len(names):
                print(f"FAIL {year}: {len(open_ended)} open-ended daily series for {len(names)} zones")
                failures += 1
            by_tzid = {}
            for block in blocks(text, "VTIMEZONE"):
                tzid = next(line[5:] for line in block.splitlines() if line.startswith("TZID:"))
                by_tzid[tzid] = block
            for zone in names:
                if zone not in by_tzid:
                    print(f"FAIL {zone} from {year}: no VTIMEZONE")
                    failures += 1
                    continue
                vtz = dateutil_tz.tzical(io.StringIO(by_tzid[zone])).get(zone)
                local_start = datetime(year, 1, 1, int(DOSE_TIME[:2]), int(DOSE_TIME[3:]), tzinfo=ZoneInfo(zone))
                problems = check_zone(zone, vtz, local_start.astimezone(UTC))
                if problems:
                    failures += 1
                    print(f"FAIL {zone} from {year}:")
                    for p in problems[:6]:
                        print(f"  {p}")
    checked = len(names) * len(START_YEARS)
    print(f"{checked - failures}/{checked} zone feeds agree with zoneinfo through 2037 "
          f"({len(names)} zones of zone1970.tab, series from {' and '.join(map(str, START_YEARS))})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
