#!/usr/bin/env python3
"""Interop check: `dosecal sync` with vdirsyncer, a CalDAV server (Radicale)
and khal, as a person with a phone would use them.

    check_sync.py DOSECAL_BINARY FIXTURES_DIR

Flow (all on 127.0.0.1, in a temporary folder):
  1. `dosecal sync demo.json --vdir DIR` fills an empty folder;
  2. Radicale 3 starts on a free port (filesystem storage in the temp folder,
     no authentication); a calendar is created with the `caldav` library;
     vdirsyncer (filesystem storage DIR <-> caldav storage) discovers and
     syncs: the server then holds every series;
  3. the `caldav` library edits the server as a phone would: moves one dose
     (an override with RECURRENCE-ID), deletes one occurrence (EXDATE),
     changes a series' time (DTSTART), deletes a series (DELETE), adds a
     non-medication event;
  4. vdirsyncer syncs again (pull): DIR now holds the server's versions;
  5. `dosecal reconcile demo.json DIR` (against the base the sync kept) must
     give exactly the four expected schedule changes (a rescheduled dose, a
     skipped dose, a slot time, a medication stopped from its next lost dose)
     and write nothing; then `dosecal sync` must merge the same four changes
     into the schedule file, exit 0, rewrite the merged series under their
     file names and leave the foreign event byte for byte as it was;
  6. khal lists the folder without a warning or error;
  7. a second `dosecal sync` writes nothing (etags and the status file equal);
  8. a schedule change reaches the server: a new medication is written by
     `dosecal sync` and pushed by vdirsyncer; the series deleted on the phone
     stays deleted: not in the folder, not on the server (its history is in the
     exported feed only);
  9. the family's week in Tokyo moving gradually (travel-spacing-gradual.json)
     goes to its own calendar on the server and back: the moved doses arrive
     as overrides, reconcile finds no change in them, a second sync writes
     nothing, and khal in Tokyo lists the first moved dose at 20:00;
 10. format version 2 (family-forms.json: forms, amounts, warfarin by weekday)
     in a calendar of its own: the phone deletes one Monday dose of warfarin's
     Monday series and moves one Tuesday dose of its plain series; sync merges
     exactly those two changes; Friday's amount changed in the schedule
     rewrites the Friday series (same UID, new words) and the refill warning
     only, and khal shows each day's amount.
Radicale is stopped at the end, also on failure. Ends with "N passed, M
failed"; exits non-zero on any failure or when a program is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

caldav = common.require("caldav", "caldav")
icalendar = common.require("icalendar", "icalendar")
common.require("radicale", "radicale")

NOW = "2026-11-30T12:00:00Z"
check = common.Checks()


def run(cmd: list[str], env: dict | None = None, expect: tuple[int, ...] = (0,), stdin: str | None = None) -> subprocess.CompletedProcess:
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, input=stdin)
    if r.returncode not in expect:
        common.die(f"{' '.join(cmd)} exited {r.returncode}:\n{r.stdout}\n{r.stderr}", 1)
    return r


def snapshot(folder: Path) -> dict[str, tuple[bytes, int, int]]:
    """name -> (bytes, mtime_ns, inode) of every file."""
    out = {}
    for p in sorted(folder.iterdir()):
        st = p.stat()
        out[p.name] = (p.read_bytes(), st.st_mtime_ns, st.st_ino)
    return out


def uid_of(data: bytes) -> str:
    for line in data.decode().splitlines():
        if line.startswith("UID:"):
            return line[4:].strip()
    return ""


def vdirsyncer_config(tmp: Path, folder: Path, url: str, name: str = "doses") -> Path:
    config = tmp / f"vdirsyncer-{name}.conf"
    config.write_text(f"""[general]
status_path = "{tmp / f'vdirsyncer-status-{name}'}/"

[pair {name}]
a = "{name}_local"
b = "{name}_remote"
collections = null

[storage {name}_local]
type = "filesystem"
path = "{folder}/"
fileext = ".ics"

[storage {name}_remote]
type = "caldav"
url = "{url}"
username = "phone"
password = "none"
""", encoding="utf-8")
    return config


def main() -> None:
    binary, schedules = common.args_or_die(sys.argv, "check_sync.py DOSECAL_BINARY FIXTURES_DIR")
    vdirsyncer = shutil.which("vdirsyncer") or common.die("vdirsyncer is not installed (pip install vdirsyncer)")
    khal = shutil.which("khal") or common.die("khal is not installed (pip install khal)")
    tmp = Path(tempfile.mkdtemp(prefix="dosecal-sync-"))
    radicale = None
    try:
        radicale, url = common.start_radicale(tmp)
        flow(binary, schedules, vdirsyncer, khal, tmp, url)
        gradual_flow(binary, schedules, vdirsyncer, khal, tmp, url)
        forms_flow(binary, schedules, vdirsyncer, khal, tmp, url)
    finally:
        common.stop(radicale)
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(check.finish())


def khal_list(khal: str, tmp: Path, env: dict, folder: Path, name: str, zone: str, start: str, span: str,
              options: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess, list[str]]:
    """`khal list [OPTIONS] START SPAN` of the calendar in `folder`, read in `zone`, and its
    lines that say warning or error."""
    conf = tmp / f"khal-{name}.conf"
    common.write_khal_config(conf, folder, tmp / f"khal-{name}.db", zone, name=name)
    kenv = dict(env, XDG_DATA_HOME=str(tmp / f"data-{name}"), XDG_CACHE_HOME=str(tmp / f"cache-{name}"))
    r = subprocess.run([khal, "-c", str(conf), "list", *options, start, span], capture_output=True, text=True,
                       timeout=300, env=kenv)
    noisy = [l for l in (r.stdout + r.stderr).splitlines() if "warning" in l.lower() or "error" in l.lower()]
    return r, noisy


def push(vdirsyncer: str, url: str, name: str, tmp: Path, folder: Path):
    """A new server calendar `name`, paired with `folder` by vdirsyncer, discovered and synced:
    the calendar, the config and the environment to sync again."""
    client = caldav.DAVClient(url=url, username="phone", password="none")
    calendar = client.principal().make_calendar(name=name, cal_id=name.lower())
    config = vdirsyncer_config(tmp, folder, str(calendar.url), name=name.lower())
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp / "xdg"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    run([vdirsyncer, "-c", str(config), "discover"], env=env, stdin="y\n")
    run([vdirsyncer, "-c", str(config), "sync"], env=env)
    return calendar, config, env


def edit_event(calendar, uid: str, change) -> None:
    """Edits the server's event `uid` as a phone would: `change(calendar, master VEVENT)`."""
    event = calendar.event_by_uid(uid)
    cal = icalendar.Calendar.from_ical(event.data)
    change(cal, next(c for c in cal.walk("VEVENT") if "RECURRENCE-ID" not in c))
    event.data = cal.to_ical().decode()
    event.save()


def add_moved(cal, master, original, start) -> None:
    """A "this event only" override of `master`: its occurrence at `original` starts at `start`."""
    from datetime import datetime, timedelta, timezone

    o = icalendar.Event()
    o.add("UID", master["UID"])
    o.add("DTSTAMP", datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc))
    o.add("RECURRENCE-ID", original)
    o.add("DTSTART", start)
    o.add("DURATION", timedelta(minutes=15))
    o.add("SUMMARY", master["SUMMARY"])
    cal.add_component(o)


def dosecal_sync(binary: Path, schedule: Path, folder: Path, *extra: str, expect=(0,)) -> tuple[int, dict]:
    r = run([str(binary), "sync", str(schedule), "--vdir", str(folder), "--now", NOW, "--json", *extra], expect=expect)
    return r.returncode, json.loads(r.stdout)


def flow(binary: Path, schedules: Path, vdirsyncer: str, khal: str, tmp: Path, url: str) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    ny = ZoneInfo("America/New_York")
    schedule = tmp / "demo.json"
    shutil.copy(schedules / "demo.json", schedule)
    folder = tmp / "calendars" / "doses"

    # 1. dosecal fills the empty folder.
    rc, out = dosecal_sync(binary, schedule, folder)
    written = snapshot(folder)
    check(rc == 0 and len(out["created"]) == len(written) == 9, f"first dosecal sync wrote 9 files ({len(written)})")

    # 2. vdirsyncer pushes them to Radicale.
    calendar, config, env = push(vdirsyncer, url, "Doses", tmp, folder)
    served = {uid_of(e.data.encode() if isinstance(e.data, str) else e.data) for e in calendar.events()}
    check(served == {uid_of(d) for d, _, _ in written.values()}, f"the server holds the 9 series after the push ({len(served)})")

    # 3. The phone edits the server.
    morning, evening = common.dose_uid("metformin", "morning"), common.dose_uid("metformin", "evening")
    levo, vitamin = common.dose_uid("levothyroxine", "morning"), common.dose_uid("vitamin-d", "lunch")

    def edit(uid: str, change) -> None:
        edit_event(calendar, uid, change)

    def move_one(cal, master):  # "this event only": 2026-12-02 08:00 -> 09:00
        add_moved(cal, master, datetime(2026, 12, 2, 8, 0, tzinfo=ny), datetime(2026, 12, 2, 9, 0, tzinfo=ny))

    def delete_one(cal, master):  # 2026-12-03 19:00 deleted
        master.add("EXDATE", datetime(2026, 12, 3, 19, 0, tzinfo=ny))

    def change_time(cal, master):  # all events: 06:30 -> 07:00
        start = master["DTSTART"].dt
        master["DTSTART"] = icalendar.prop.vDDDTypes(start.replace(hour=7, minute=0))
        master["SEQUENCE"] = 1

    edit(morning, move_one)
    edit(evening, delete_one)
    edit(levo, change_time)
    calendar.event_by_uid(vitamin).delete()
    calendar.save_event(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VEVENT\r\nUID:dentist-2026-12-04@phone.example\r\n"
        "DTSTAMP:20261201T090000Z\r\nDTSTART:20261204T150000Z\r\nDURATION:PT1H\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")

    # 4. vdirsyncer pulls the edits.
    run([vdirsyncer, "-c", str(config), "sync"], env=env)
    pulled = snapshot(folder)
    by_uid = {uid_of(d): (name, d) for name, (d, _, _) in pulled.items()}
    check(vitamin not in by_uid, "the series deleted on the phone is gone from the folder")
    for uid, what in ((morning, "RECURRENCE-ID"), (evening, "EXDATE"), (levo, "T070000")):
        name, data = by_uid.get(uid, ("", b""))
        check(what.encode() in data and name in written, f"{name}: the phone's edit ({what}) was pulled under its file name")
    name, data = by_uid.get("dentist-2026-12-04@phone.example", ("", b""))
    endings = "CRLF" if b"\r\n" in data else "LF"
    check(bool(data) and re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\.ics", name) is not None,
          f"the phone's own event was pulled under a random name: {name or '(missing)'} ({endings} line ends)")
    for uid in (morning, evening, levo):
        name, data = by_uid.get(uid, ("", b""))
        ends = "CRLF" if b"\r\n" in data else "LF"
        print(f"       {name}: {ends} line ends after the pull")

    # 5a. dosecal reconcile on the pulled folder, against the base the sync kept, gives exactly the
    #     expected changes and writes nothing without --apply.
    base = base_from_store(tmp, ".demo.json.sync-")
    before = schedule.read_bytes()
    r = run([str(binary), "reconcile", str(schedule), str(folder), "--base", str(base[0]) if base else "/missing",
             "--now", NOW, "--json"], expect=(0, 1, 2))
    rec = json.loads(r.stdout) if r.returncode in (0, 1) else {"changes": [], "conflicts": [r.stderr.strip()]}
    got = sorted((c["medication"], c["kind"], c.get("slot"), c.get("date") or c.get("from"), c.get("new") or c.get("time"))
                 for c in rec["changes"])
    want = sorted([
        ("metformin", "rescheduled", "morning", "2026-12-02", "09:00"),
        ("metformin", "skipped", "evening", "2026-12-03", "19:00"),
        ("levothyroxine", "slotTime", "morning", None, "07:00"),
        ("vitamin-d", "stopped", None, "2026-12-12", None),  # its next dose after the deletion
    ])
    check(r.returncode == 0 and rec["conflicts"] == [] and got == want,
          f"dosecal reconcile of the pulled folder gives exactly the expected changes ({r.returncode}; {got})")
    check(schedule.read_bytes() == before, "dosecal reconcile without --apply writes nothing")

    # 5. dosecal sync brings the phone's edits back into the schedule (three-way, against what
    #    the last sync wrote) and rewrites those series from the merged schedule.
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    changes = out["folderChanges"]
    check(rc == 0 and out["conflicts"] == [], f"dosecal sync merges without conflicts ({rc}; {out['conflicts'][:2]})")
    check(sorted(changes["edited"]) == sorted([morning, evening, levo]), f"edited series found: {changes['edited']}")
    check(changes["deleted"] == [vitamin], f"deleted series found: {changes['deleted']}")
    check(changes["foreignAdded"] == ["dentist-2026-12-04@phone.example"], f"foreign event found: {changes['foreignAdded']}")
    got = sorted((c["medication"], c["kind"], c.get("slot"), c.get("date") or c.get("from"), c.get("new") or c.get("time"))
                 for c in out["merged"]["changes"])
    check(got == want, f"exactly the expected schedule changes: {got}")
    merged_schedule = json.loads(schedule.read_bytes())
    meds = {m["id"]: m for m in merged_schedule["medications"]}
    check(any(r.get("date") == "2026-12-02" for r in meds["metformin"].get("rescheduled", [])),
          "the schedule file holds the rescheduled dose")
    check(any(e.get("status") == "skipped" and e.get("slot") == "evening" for e in merged_schedule.get("log", [])),
          "the schedule's log holds the skipped dose")
    check(meds["vitamin-d"].get("end") == "2026-12-11", f"vitamin D ends the day before ({meds['vitamin-d'].get('end')})")
    now = snapshot(folder)
    dentist = by_uid["dentist-2026-12-04@phone.example"][0]
    check(now[dentist] == pulled[dentist], "the phone's own event is byte for byte and inode for inode as it was")
    for uid in (morning, levo):
        name = by_uid[uid][0]
        check(name in now and b"\r\n" in now[name][0], f"{name} rewritten from the merged schedule under its name")
    name = by_uid[evening][0]
    check(name in now and b"EXDATE" in now[name][0], f"{name} still leaves the skipped dose out")
    pulled = now

    # 6. khal reads the folder without a warning.
    r, noisy = khal_list(khal, tmp, env, folder, "doses", "America/New_York", "2026-12-01", "5d")
    check(r.returncode == 0 and not noisy, f"khal lists the folder without a warning ({r.returncode}; {noisy[:2]})")
    listed = r.stdout
    check("Dentist" in listed and "09:00" in listed, "khal shows the dentist and the moved dose at 09:00")

    # 7. A second sync writes nothing.
    status = sorted(p for p in tmp.iterdir() if p.name.startswith(".demo.json.sync-") and p.name.endswith(".db"))
    before_status = status_rows(status[0]) if status else []
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    check(rc == 0 and snapshot(folder) == pulled and status and status_rows(status[0]) == before_status,
          f"a second dosecal sync writes nothing (files, mtimes, status; exit {rc})")
    # Once the records of the last clean run are kept (the inputs after the merge's run, then the
    # folder's listing by the first no-op), a no-op does not write the sync store at all.
    dosecal_sync(binary, schedule, folder, expect=(0, 1))
    store = (status[0].read_bytes(), status[0].stat().st_mtime_ns)
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    check(rc == 0 and (status[0].read_bytes(), status[0].stat().st_mtime_ns) == store,
          f"a no-op sync does not write the sync store (exit {rc})")

    # 8. A schedule change reaches the server.
    data = json.loads(schedule.read_bytes())
    data["medications"].append({"id": "omega-3", "name": "Omega-3", "times": ["13:00"], "start": "2026-12-01"})
    schedule.write_text(json.dumps(data, indent=2), encoding="utf-8")
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    check(out["created"] == ["dose-" + common.dose_uid("omega-3", "1")[5:29] + ".ics"], f"the new series is written ({out['created']})")
    run([vdirsyncer, "-c", str(config), "sync"], env=env)
    served = {uid_of(e.data.encode() if isinstance(e.data, str) else e.data) for e in calendar.events()}
    check(common.dose_uid("omega-3", "1") in served, "vdirsyncer pushed it")
    # The series deleted on the phone stays deleted: dosecal does not write it back.
    check(vitamin not in served and not any(vitamin.encode() in p.read_bytes() for p in folder.glob("*.ics")),
          "the series deleted on the phone stays deleted (not in the folder, not on the server)")


def status_rows(store: Path) -> list:
    """The status rows of a sync store, read with Python's own sqlite3."""
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return list(db.execute("SELECT * FROM items ORDER BY uid"))
    finally:
        db.close()


def base_from_store(tmp: Path, prefix: str) -> list:
    """The merge base the sync kept, read from its store with Python's own sqlite3 (the feed's
    head, each series' events in feed order, the tail), written to a file for `reconcile --base`;
    [] when there is no store."""
    stores = sorted(p for p in tmp.iterdir() if p.name.startswith(prefix) and p.name.endswith(".db"))
    if not stores:
        return []
    db = sqlite3.connect(f"file:{stores[0]}?mode=ro", uri=True)
    try:
        meta = dict(db.execute("SELECT name, value FROM meta WHERE name IN ('base_head', 'base_tail')"))
        events = b"".join(row[0] for row in db.execute("SELECT events FROM base ORDER BY position"))
    finally:
        db.close()
    text = meta["base_head"].encode() + events + meta["base_tail"].encode()
    path = tmp / ("base-from-" + prefix.strip(".") + "ics")
    path.write_bytes(text)
    return [path]


def gradual_flow(binary: Path, schedules: Path, vdirsyncer: str, khal: str, tmp: Path, url: str) -> None:
    """9. The gradual time policy's moves are overrides dosecal wrote: through the server and
    back they are no edit."""
    schedule = tmp / "travel.json"
    shutil.copy(schedules / "travel-spacing-gradual.json", schedule)
    folder = tmp / "calendars" / "travel"
    rc, out = dosecal_sync(binary, schedule, folder)
    written = snapshot(folder)
    check(rc == 0 and len(out["created"]) == len(written) > 0, f"gradual: dosecal sync wrote {len(written)} series")
    calendar, config, env = push(vdirsyncer, url, "Travel", tmp, folder)
    tokyo = calendar.event_by_uid(common.dose_uid("amoxicillin", "morning", "from-20261205"))
    served = icalendar.Calendar.from_ical(tokyo.data)
    moved = [c for c in served.walk("VEVENT") if "RECURRENCE-ID" in c]
    check(len(moved) == 7 and all(c["DTSTART"].dt != c["RECURRENCE-ID"].dt for c in moved),
          f"gradual: the server holds the Tokyo week's 7 moved morning doses as overrides ({len(moved)})")
    run([vdirsyncer, "-c", str(config), "sync"], env=env)
    base = base_from_store(tmp, ".travel.json.sync-")
    r = run([str(binary), "reconcile", str(schedule), str(folder), "--base", str(base[0]) if base else "/missing",
             "--now", NOW, "--json"], expect=(0, 1, 2))
    rec = json.loads(r.stdout) if r.returncode in (0, 1) else {"changes": ["?"], "conflicts": [r.stderr.strip()]}
    check(r.returncode == 0 and rec["changes"] == [] and rec["conflicts"] == [] and rec.get("unmapped", []) == [],
          f"gradual: reconcile finds no edit in the moved doses ({r.returncode}; {rec['changes'][:2]})")
    before = schedule.read_bytes()
    pulled = snapshot(folder)
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    check(rc == 0 and snapshot(folder) == pulled and schedule.read_bytes() == before,
          f"gradual: a second dosecal sync writes nothing (exit {rc})")
    r, noisy = khal_list(khal, tmp, env, folder, "travel", "Asia/Tokyo", "2026-12-05", "1d")
    lines = [l for l in r.stdout.splitlines() if "Amoxicillin" in l]
    check(r.returncode == 0 and not noisy and any(l.startswith("20:00") for l in lines),
          f"gradual: khal in Tokyo lists the first moved dose at 20:00 ({lines[:3]}; {noisy[:1]})")



def forms_flow(binary: Path, schedules: Path, vdirsyncer: str, khal: str, tmp: Path, url: str) -> None:
    """10. Version 2 through the phone: warfarin by weekday (three series of one slot) keeps its
    UIDs, the phone's edits of two of them merge as doses, and one weekday's new amount rewrites
    that weekday's series only."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    chicago = ZoneInfo("America/Chicago")
    schedule = tmp / "family-forms.json"
    shutil.copy(schedules / "family-forms.json", schedule)
    folder = tmp / "calendars" / "forms"
    plain, monday, friday = (common.dose_uid("warfarin", "evening", p) for p in ("", "+MO", "+FR"))

    rc, out = dosecal_sync(binary, schedule, folder)
    written = snapshot(folder)
    uids = {uid_of(d) for d, _, _ in written.values()}
    check(rc == 0 and {plain, monday, friday} <= uids, f"forms: the first sync wrote warfarin's three series ({len(written)} files)")
    calendar, config, env = push(vdirsyncer, url, "Forms", tmp, folder)

    def delete_monday(cal, master):  # Monday 2026-12-07 18:00 deleted
        master.add("EXDATE", datetime(2026, 12, 7, 18, 0, tzinfo=chicago))

    def move_tuesday(cal, master):  # "this event only": Tuesday 2026-12-08 18:00 -> 19:00
        add_moved(cal, master, datetime(2026, 12, 8, 18, 0, tzinfo=chicago), datetime(2026, 12, 8, 19, 0, tzinfo=chicago))

    edit_event(calendar, monday, delete_monday)
    edit_event(calendar, plain, move_tuesday)
    run([vdirsyncer, "-c", str(config), "sync"], env=env)

    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    got = sorted((c["medication"], c["kind"], c.get("slot"), c.get("date"), c.get("new") or c.get("time"))
                 for c in (out["merged"] or {}).get("changes", []))
    want = [("warfarin", "rescheduled", "evening", "2026-12-08", "19:00"),
            ("warfarin", "skipped", "evening", "2026-12-07", "18:00")]
    check(rc == 0 and out["conflicts"] == [] and got == want, f"forms: sync merges the phone's two warfarin edits ({rc}; {got})")

    # Friday's amount: 1 tablet -> 1 and a half tablets.
    data = json.loads(schedule.read_bytes())
    warfarin = next(m for m in data["medications"] if m["id"] == "warfarin")
    warfarin["doses"] = [{"weekdays": ["MO"], "amount": 1}, {"weekdays": ["FR"], "amount": 1.5}]
    schedule.write_text(json.dumps(data, indent=2), encoding="utf-8")
    rc, out = dosecal_sync(binary, schedule, folder, expect=(0, 1))
    # The Friday series, and the refill warning (more tablets a week: an earlier run-out date).
    rewritten = sorted("dose-" + u[5:29] + ".ics" for u in (friday, common.dose_uid("warfarin", "", "supply-warning")))
    check(rc == 0 and sorted(out["updated"]) == rewritten and out["created"] == [] and out["deleted"] == [],
          f"forms: Friday's new amount rewrites the Friday series and the refill warning only ({out['created']}, {out['updated']}, {out['deleted']})")
    run([vdirsyncer, "-c", str(config), "sync"], env=env)
    served = {uid_of(e.data.encode() if isinstance(e.data, str) else e.data): e.data for e in calendar.events()}
    check(set(served) == uids, "forms: the server holds the same UIDs as before")
    check("1 and a half tablets (7.5 mg)" in served.get(friday, ""), "forms: the server's Friday series says the new amount")

    r, noisy = khal_list(khal, tmp, env, folder, "forms", "America/Chicago", "2026-12-10", "5d",
                         options=("--format", "{start-date} {title}"))
    lines = [l for l in r.stdout.splitlines() if "Warfarin" in l]
    want_lines = ["2026-12-10 Warfarin 5 mg tablets: half a tablet (2.5 mg)",
                  "2026-12-11 Warfarin 5 mg tablets: 1 and a half tablets (7.5 mg)",
                  "2026-12-12 Warfarin 5 mg tablets: half a tablet (2.5 mg)",
                  "2026-12-13 Warfarin 5 mg tablets: half a tablet (2.5 mg)",
                  "2026-12-14 Warfarin 5 mg tablets: 1 tablet (5 mg)"]
    check(r.returncode == 0 and not noisy and lines == want_lines,
          f"forms: khal shows each day's warfarin amount ({lines}; {noisy[:1]})")


if __name__ == "__main__":
    main()
