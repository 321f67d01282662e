#!/usr/bin/env python3
"""Interop check: `dosecal publish` served by Debian's nginx, and kept two-way with one CalDAV
calendar per person on Radicale through vdirsyncer.

    check_publish.py DOSECAL_BINARY FIXTURES_DIR

Part 1, nginx (all on 127.0.0.1, in a temporary folder):
  1. 40 generated schedules (scripts/bench/gen_schedules_dir.py) are published into a site;
  2. nginx from Debian starts with the server block of docs/publish.md (the first ```nginx
     block; only the port and the root are changed) over the site;
  3. curl gets a feed: 200, text/calendar; charset=utf-8, ETag, Last-Modified equal to the
     schedule file's modification time, the file's bytes; a repeated request with
     If-None-Match and one with If-Modified-Since get 304; a wrong name, the folder itself and
     other paths get 404 and no listing;
  4. Python icalendar reads a feed fetched over HTTP; vdirsyncer's `http` storage syncs it into
     a folder (one item per UID);
  5. one schedule is edited and published again: of the 40 feeds asked again with their ETags,
     exactly one answers 200 (the edited one, with a new ETag and Last-Modified), 39 answer
     304; vdirsyncer brings the change; a publish with nothing to do changes no validator;
  6. --rotate: the old link answers 410 Gone, the new one 200; a wrong name still answers 404,
     and so do the retired names' folder and its marks.
Part 2, CalDAV (Radicale 3 on 127.0.0.1, no authentication):
  7. three schedules, `dosecal publish --vdir-root DIR --caldav-url URL --caldav-user carehome`:
     a folder and a vdirsyncer fragment per person; the fragments, appended to one
     configuration, `vdirsyncer discover` (creates a calendar per person) and `sync`: each
     person's calendar holds exactly their series;
  8. a dose of one person is deleted on the server (EXDATE, with the caldav library, as a phone
     does); vdirsyncer pulls it; the next `dosecal publish --vdir-root` brings it back into that
     person's schedule as a skipped dose (the other schedules byte for byte as they were); a
     real `dosecal sync` of that person's folder then finds it in step and writes nothing;
     vdirsyncer pushes, and the server still leaves the dose out.
nginx and Radicale are stopped at the end, also on failure. Ends with "N passed, M failed";
exits non-zero on any failure or when a program is missing.
"""

from __future__ import annotations

import email.utils
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import common  # noqa: E402

icalendar = common.require("icalendar", "icalendar")
caldav = common.require("caldav", "caldav")
common.require("radicale", "radicale")

NOW = "2026-11-30T12:00:00Z"
check = common.Checks()


def run(cmd: list[str], env: dict | None = None, expect: tuple[int, ...] = (0,), stdin: str | None = None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, input=stdin)
    if r.returncode not in expect:
        common.die(f"{' '.join(cmd)} exited {r.returncode}:\n{r.stdout}\n{r.stderr}", 1)
    return r


def publish(binary: Path, schedules: Path, *extra: str, expect=(0,)) -> dict:
    r = run([str(binary), "publish", str(schedules), "--now", NOW, "--json", *extra], expect=expect)
    return json.loads(r.stdout)


def index(schedules: Path) -> dict[str, dict]:
    data = json.loads((schedules / ".dosecal-publish" / "index.json").read_text())
    return {f["schedule"]: f for f in data["feeds"]}


def curl(url: str, *headers: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one request made by curl."""
    args = ["curl", "-s", "-o", "-", "-D", "/dev/stderr", url] + (["-I"] if method == "HEAD" else [])
    for h in headers:
        args += ["-H", h]
    r = subprocess.run(args, capture_output=True, timeout=60)
    lines = r.stderr.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else 0
    head = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            head[k.strip().lower()] = v.strip()
    return status, head, r.stdout


def nginx_server_block() -> str:
    text = (HERE.parent.parent / "docs" / "publish.md").read_text()
    m = re.search(r"```nginx\n(.*?)```", text, re.S)
    if not m:
        common.die("docs/publish.md has no ```nginx block", 1)
    return m.group(1)


def start_nginx(tmp: Path, site: Path) -> tuple[subprocess.Popen, str]:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not nginx:
        common.die("nginx is not installed (scripts/install-deps.sh test installs Debian's nginx)")
    port = common.free_port()
    server = nginx_server_block()
    for placeholder in ("listen 127.0.0.1:8080;", "root /srv/dosecal/site;"):
        if placeholder not in server:
            common.die(f"the nginx block of docs/publish.md lost '{placeholder}'", 1)
    server = server.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
    server = server.replace("root /srv/dosecal/site;", f"root {site};")
    prefix = tmp / "nginx"
    for sub in ("logs", "tmp"):
        (prefix / sub).mkdir(parents=True, exist_ok=True)
    temps = "\n".join(f"    {k}_temp_path {prefix}/tmp/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = prefix / "nginx.conf"
    conf.write_text(f"""worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log warn;
events {{ worker_connections 64; }}
http {{
{temps}
{server}
}}
""")
    log = prefix / "logs" / "error.log"
    proc = subprocess.Popen([nginx, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=open(prefix / "logs" / "stderr.log", "w"))
    common.wait_for(port, proc, "nginx", prefix / "logs" / "stderr.log")
    return proc, f"http://127.0.0.1:{port}/"


def uids(data: bytes) -> set[str]:
    return set(re.findall(r"^UID:(.*?)\r?$", data.decode(), re.M))


def http_part(binary: Path, tmp: Path, vdirsyncer: str) -> None:
    schedules, site = tmp / "schedules", tmp / "site"
    subprocess.run([sys.executable, str(HERE.parent / "bench" / "gen_schedules_dir.py"), str(schedules), "40"], check=True)
    out = publish(binary, schedules, "--out", str(site))
    check(len(out["written"]) == 40 and out["problems"] == [], f"40 schedules published ({len(out['written'])} written)")
    nginx = None
    try:
        nginx, base = start_nginx(tmp, site)
        feeds = index(schedules)
        some = feeds["unit-00/resident-00007.json"]
        url = base + some["feed"]
        status, head, body = curl(url)
        check(status == 200 and body == (site / some["feed"]).read_bytes(), f"nginx serves the feed ({status})")
        check(head.get("content-type") == "text/calendar; charset=utf-8", f"content type {head.get('content-type')}")
        mtime = int((schedules / "unit-00/resident-00007.json").stat().st_mtime)
        modified = email.utils.parsedate_to_datetime(head.get("last-modified", "Thu, 01 Jan 1970 00:00:00 GMT"))
        check(int(modified.timestamp()) == mtime, f"Last-Modified is the schedule's change ({head.get('last-modified')})")
        etag = head.get("etag", "")
        check(bool(etag), f"an ETag ({etag})")
        check(curl(url, f"If-None-Match: {etag}")[0] == 304, "304 on a repeated request with If-None-Match")
        check(curl(url, f"If-Modified-Since: {head.get('last-modified')}")[0] == 304,
              "304 on a repeated request with If-Modified-Since")
        check(curl(url, method="HEAD")[0] == 200, "HEAD answers 200")
        wrong = base + secrets.token_hex(16) + ".ics"
        for path, what in ((wrong, "a wrong name"), (base, "the folder itself"), (base + "index.html", "index.html"),
                           (base + some["feed"][:-4], "a name without .ics"), (base + "../", "a path out of the site")):
            status, _, body = curl(path)
            check(status == 404 and some["feed"].encode() not in body, f"404 and no listing for {what} ({status})")
        # Python icalendar over HTTP.
        with urllib.request.urlopen(url) as r:
            cal = icalendar.Calendar.from_ical(r.read())
        events = [c for c in cal.walk("VEVENT")]
        check(str(cal.get("X-WR-CALNAME")) == "Resident 00007" and len(events) == body_count(site / some["feed"]),
              f"Python icalendar reads the feed over HTTP ({len(events)} events)")
        # vdirsyncer's http storage.
        local = tmp / "vs-local"
        local.mkdir()
        conf = tmp / "vs-http.conf"
        conf.write_text(f"""[general]
status_path = "{tmp / 'vs-http-status'}/"

[pair feed]
a = "feed_http"
b = "feed_local"
collections = null

[storage feed_http]
type = "http"
url = "{url}"

[storage feed_local]
type = "filesystem"
path = "{local}/"
fileext = ".ics"
""")
        env = dict(os.environ, XDG_CONFIG_HOME=str(tmp / "xdg"), LANG="C.UTF-8", LC_ALL="C.UTF-8")
        run([vdirsyncer, "-c", str(conf), "discover"], env=env, stdin="y\n")
        run([vdirsyncer, "-c", str(conf), "sync"], env=env)
        # The http storage names items by their hash (it replaces UIDs: `_ignore_uids`), so the
        # items are compared by their starts and rules.
        items = list(local.glob("*.ics"))
        served = uids((site / some["feed"]).read_bytes())
        check(len(items) == len(served) and sorted(l for p in items for l in starts(p.read_bytes()))
              == sorted(starts((site / some["feed"]).read_bytes())),
              f"vdirsyncer's http storage syncs the feed, one item per series ({len(items)} items, {len(served)} UIDs)")
        # One schedule edited: exactly one feed changes.
        tags = {k: curl(base + f["feed"])[1].get("etag", "") for k, f in feeds.items()}
        edited = schedules / "unit-00/resident-00007.json"
        data = json.loads(edited.read_text())
        data["medications"][0]["times"][0]["time"] = "06:05"
        time.sleep(1.1)
        edited.write_text(json.dumps(data, indent=1))
        out = publish(binary, schedules, "--out", str(site))
        check([w["schedule"] for w in out["written"]] == ["unit-00/resident-00007.json"],
              f"the publish after one edit writes one feed ({[w['schedule'] for w in out['written']]})")
        answers = {k: curl(base + f["feed"], f"If-None-Match: {tags[k]}") for k, f in feeds.items()}
        changed = [k for k, a in answers.items() if a[0] == 200]
        unchanged = [k for k, a in answers.items() if a[0] == 304]
        check(changed == ["unit-00/resident-00007.json"] and len(unchanged) == 39,
              f"exactly one feed answers 200 to its old ETag, 39 answer 304 ({changed}, {len(unchanged)})")
        new_head = answers["unit-00/resident-00007.json"][1]
        new_modified = email.utils.parsedate_to_datetime(new_head.get("last-modified"))
        check(new_head.get("etag") != etag and int(new_modified.timestamp()) == int(edited.stat().st_mtime),
              f"the changed feed has a new ETag and Last-Modified ({new_head.get('etag')}, {new_head.get('last-modified')})")
        run([vdirsyncer, "-c", str(conf), "sync"], env=env)
        check(any(b"T060500" in p.read_bytes() for p in local.glob("*.ics")), "vdirsyncer brings the change")
        before = {k: curl(base + f["feed"])[1].get("etag") for k, f in feeds.items()}
        out = publish(binary, schedules, "--out", str(site))
        after = {k: curl(base + f["feed"])[1].get("etag") for k, f in feeds.items()}
        check(out["written"] == [] and before == after, "a publish with nothing to do changes no ETag")
        # Rotation.
        out = publish(binary, schedules, "--out", str(site), "--rotate", "unit-00/resident-00007.json")
        renamed = index(schedules)["unit-00/resident-00007.json"]["feed"]
        old_status, new_status = curl(url)[0], curl(base + renamed)[0]
        check(old_status == 410 and curl(url, method="HEAD")[0] == 410 and new_status == 200 and renamed != some["feed"],
              f"after --rotate the old link answers 410, the new one 200 ({old_status}, {new_status}, {renamed})")
        for path, what in ((wrong, "a wrong name"), (base + secrets.token_hex(16) + ".ics", "another wrong name"),
                           (base + "retired/", "the retired names' folder"),
                           (base + "retired/" + some["feed"], "a retired name's mark")):
            status, _, body = curl(path)
            check(status == 404 and some["feed"].encode() not in body, f"after --rotate, 404 for {what} ({status})")
    finally:
        common.stop(nginx)


def starts(data: bytes) -> list[str]:
    """Each event's start, rule, summary and recurrence ID, as icalendar reads them."""
    cal = icalendar.Calendar.from_ical(data)
    return [repr((e.get("DTSTART").dt, e.get("RRULE"), str(e.get("SUMMARY")), e.get("RECURRENCE-ID") and e["RECURRENCE-ID"].dt))
            for e in cal.walk("VEVENT")]


def body_count(path: Path) -> int:
    return path.read_bytes().count(b"BEGIN:VEVENT")


def caldav_part(binary: Path, fixtures: Path, tmp: Path, vdirsyncer: str) -> None:
    schedules, root = tmp / "people", tmp / "vdir"
    schedules.mkdir()
    for name, person in (("demo.json", "anna"), ("daily.json", "ben"), ("weekdays.json", "cleo")):
        shutil.copy(fixtures / name, schedules / f"{person}.json")
    radicale = None
    try:
        radicale, url = common.start_radicale(tmp)
        r = run([str(binary), "publish", str(schedules), "--vdir-root", str(root), "--caldav-url", url,
                 "--caldav-user", "carehome", "--now", NOW, "--json"])
        synced = {Path(s["schedule"]).stem: s for s in json.loads(r.stdout)["vdirRoot"]}
        fragments = sorted(root.glob("*.vdirsyncer.conf"))
        check(sorted(synced) == ["anna", "ben", "cleo"] and len(fragments) == 3 and all(s["exitCode"] == 0 for s in synced.values()),
              f"--vdir-root syncs a folder and writes a fragment per person ({len(fragments)})")
        conf = tmp / "vs-caldav.conf"
        conf.write_text(f'[general]\nstatus_path = "{tmp / "vs-caldav-status"}/"\n\n'
                        + "\n".join(p.read_text() for p in fragments))
        env = dict(os.environ, XDG_CONFIG_HOME=str(tmp / "xdg"), LANG="C.UTF-8", LC_ALL="C.UTF-8",
                   DOSECAL_CALDAV_PASSWORD="none")
        run([vdirsyncer, "-c", str(conf), "discover"], env=env, stdin="y\n" * 10)
        run([vdirsyncer, "-c", str(conf), "sync"], env=env)
        client = caldav.DAVClient(url=url, username="carehome", password="none")
        calendars = {c.url.path.rstrip("/").split("/")[-1]: c for c in client.principal().calendars()}
        for person, s in synced.items():
            folder = root / s["folder"]
            mine = {u for p in folder.glob("*.ics") for u in uids(p.read_bytes())}
            served = {str(icalendar.Calendar.from_ical(e.data).walk("VEVENT")[0]["UID"]) for e in calendars[s["folder"]].events()} \
                if s["folder"] in calendars else set()
            check(served == mine and len(mine) > 0, f"{person}'s calendar on the server holds exactly their {len(mine)} series")
        # A phone deletes one dose of Anna's (2026-12-03 19:00 New York).
        from datetime import datetime
        from zoneinfo import ZoneInfo
        evening = common.dose_uid("metformin", "evening")
        anna = calendars[synced["anna"]["folder"]]
        event = anna.event_by_uid(evening)
        cal = icalendar.Calendar.from_ical(event.data)
        master = next(c for c in cal.walk("VEVENT") if "RECURRENCE-ID" not in c)
        master.add("EXDATE", datetime(2026, 12, 3, 19, 0, tzinfo=ZoneInfo("America/New_York")))
        event.data = cal.to_ical().decode()
        event.save()
        run([vdirsyncer, "-c", str(conf), "sync"], env=env)
        others = {p: (schedules / f"{p}.json").read_bytes() for p in ("ben", "cleo")}
        r = run([str(binary), "publish", str(schedules), "--vdir-root", str(root), "--now", NOW, "--json"])
        again = {Path(s["schedule"]).stem: s for s in json.loads(r.stdout)["vdirRoot"]}
        log = json.loads((schedules / "anna.json").read_text()).get("log", [])
        check(any(e.get("status") == "skipped" and e.get("slot") == "evening" and e.get("date") == "2026-12-03" for e in log)
              and again["anna"]["exitCode"] == 0,
              f"the next publish brings the dose deleted on the phone into Anna's schedule ({again['anna']['result']})")
        check(all((schedules / f"{p}.json").read_bytes() == b for p, b in others.items()),
              "the other people's schedules are byte for byte as they were")
        folder = root / synced["anna"]["folder"]
        before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
        r = run([str(binary), "sync", str(schedules / "anna.json"), "--vdir", str(folder), "--now", NOW, "--json"])
        out = json.loads(r.stdout)
        check(out["created"] == [] and out["updated"] == [] and {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == before,
              "a real dosecal sync of Anna's folder finds it in step and writes nothing")
        run([vdirsyncer, "-c", str(conf), "sync"], env=env)
        data = anna.event_by_uid(evening).data
        check("EXDATE" in data and "20261203T190000" in data, "the server still leaves the deleted dose out")
    finally:
        common.stop(radicale)


def main() -> None:
    binary, fixtures = common.args_or_die(sys.argv, "check_publish.py DOSECAL_BINARY FIXTURES_DIR")
    vdirsyncer = shutil.which("vdirsyncer") or common.die("vdirsyncer is not installed (pip install vdirsyncer)")
    shutil.which("curl") or common.die("curl is not installed")
    tmp = Path(tempfile.mkdtemp(prefix="dosecal-publish-"))
    # nginx's workers may run as another user: the site must be reachable as on a server.
    tmp.chmod(0o755)
    try:
        http_part(binary, tmp, vdirsyncer)
        caldav_part(binary, fixtures, tmp, vdirsyncer)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(check.finish())


if __name__ == "__main__":
    main()
