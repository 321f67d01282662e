"""Shared helpers of the interop checks: running dosecal, reading fixtures and
raw iCalendar text. No third-party imports here; each check imports the
programs it drives itself and fails loudly when one is missing."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

NOW = "2026-11-30T12:00:00Z"


def die(message: str, code: int = 2) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(code)


def require(module: str, pip_name: str):
    """Import a third-party module or stop with a loud error (never skip)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        die(f"the interop checks need the Python package '{pip_name}' ({e}); "
            f"install it with: pip install {pip_name}")


def args_or_die(argv: list[str], usage: str) -> tuple[Path, Path]:
    if len(argv) != 3:
        die(f"usage: {usage}", 64)
    binary, fixtures = Path(argv[1]), Path(argv[2])
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        die(f"{binary} is not an executable dosecal binary")
    schedules = fixtures / "schedules" if (fixtures / "schedules").is_dir() else fixtures
    if not any(schedules.glob("*.json")):
        die(f"no *.json schedules in {schedules}")
    return binary.resolve(), schedules


def schedule_files(schedules: Path) -> list[Path]:
    """The valid fixtures: *.json directly in fixtures/schedules (not invalid/)."""
    return sorted(p for p in schedules.glob("*.json") if p.is_file())


def load(path: Path) -> dict:
    with open(path, encoding="utf-8-sig") as f:  # a BOM is allowed
        return json.load(f)


def write_json(path: Path, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)


def export(binary: Path, schedule: Path, out: Path) -> subprocess.CompletedProcess:
    """`dosecal export SCHEDULE -o OUT --now NOW`; raises on a non-zero exit."""
    cmd = [str(binary), "export", str(schedule), "-o", str(out), "--now", NOW]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr.strip() or r.stdout.strip()}")
    return r


def earliest_start(schedule: dict) -> date:
    starts = [date.fromisoformat(m["start"]) for m in schedule["medications"]]
    return min(starts) if starts else date(2026, 1, 1)


def window(schedule: dict) -> tuple[date, date]:
    """A year of doses: from a week before the earliest start to a year and a
    week later (every zone's DST changes in both hemispheres fall inside), or
    the schedule's own "x-window": [FIRST, LAST]."""
    if "x-window" in schedule:  # generated schedules name their own window
        a, b = schedule["x-window"]
        return date.fromisoformat(a), date.fromisoformat(b)
    first = earliest_start(schedule) - timedelta(days=7)
    return first, first + timedelta(days=372)


def unfold(text: str) -> str:
    return re.sub(r"\r\n[ \t]", "", text)


def unescape(value: str) -> str:
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def write_khal_config(path: Path, vdir: Path, db: Path, zone: str, name: str = "meds", readonly: bool = False) -> None:
    """A khal configuration with one calendar `name` in `vdir`, times read and shown in `zone`
    (ISO dates and 24-hour times), its database at `db`."""
    path.write_text(f"""[calendars]
[[{name}]]
path = {vdir}
type = calendar
{"readonly = True" if readonly else ""}

[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%dT%H:%M%z
longdatetimeformat = %Y-%m-%dT%H:%M%z
local_timezone = {zone}
default_timezone = {zone}
firstweekday = 0

[sqlite]
path = {db}
""", encoding="utf-8")


TZID_PARAM = re.compile(r';TZID=("?)([^";:,]+)\1(?=[;:,])', re.IGNORECASE)


class Checks:
    """One line per check (`ok     WHAT` or `FAILED WHAT`), then `N passed, M failed` from
    `finish()`, which gives the exit status. Use: `check = common.Checks()`; `check(ok, what)`."""

    def __init__(self) -> None:
        self.results: list[tuple[bool, str]] = []

    def __call__(self, ok: bool, what: str) -> None:
        self.results.append((ok, what))
        print(("ok     " if ok else "FAILED ") + what, flush=True)

    def finish(self) -> int:
        failed = sum(1 for ok, _ in self.results if not ok)
        print(f"{len(self.results) - failed} passed, {failed} failed")
        return 1 if failed else 0


class Tally:
    """Runs checks one by one, prints `ok LABEL: N WHAT` or `FAIL LABEL` with up to 40
    problems, and ends with `N passed, M failed`. A check returns (problems, count); an
    exception is a failure of that case, not of the run."""

    def __init__(self) -> None:
        self.passed = self.failed = 0

    def run(self, label: str, check, what: str = "doses") -> None:
        try:
            problems, count = check()
        except Exception as e:  # noqa: BLE001
            problems, count = [f"{type(e).__name__}: {e}"], 0
        if problems:
            self.failed += 1
            print(f"FAIL {label}")
            for p in problems[:40]:
                print(f"  {p}")
        else:
            self.passed += 1
            print(f"ok {label}: {count} {what}")
        sys.stdout.flush()

    def finish(self) -> int:
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, proc: subprocess.Popen, name: str, log: Path) -> None:
    """Waits up to 10 s for `proc` to listen on `port`; stops the run if it exits or does not."""
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if proc.poll() is not None:
                die(f"{name} exited {proc.returncode}: {log.read_text() if log.exists() else ''}", 1)
            time.sleep(0.1)
    proc.kill()
    die(f"{name} did not start listening within 10 s", 1)


def start_radicale(tmp: Path) -> tuple[subprocess.Popen, str]:
    """Radicale 3 on a free port of 127.0.0.1 (filesystem storage in `tmp`, no authentication)."""
    port = free_port()
    log = tmp / "radicale.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{port}",
         "--storage-filesystem-folder", str(tmp / "radicale"), "--auth-type", "none", "--logging-level", "warning"],
        stdout=open(log, "w"), stderr=subprocess.STDOUT)
    wait_for(port, proc, "Radicale", log)
    return proc, f"http://127.0.0.1:{port}/"


def stop(proc: subprocess.Popen | None) -> None:
    """Stops a server this check started (by its process), killing it after 10 s."""
    if proc is None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def dose_uid(medication: str, slot: str, part: str = "") -> str:
    """decision 0001: dose- + 24 hex digits of SHA-256(medication 0x1F slot 0x1F part)."""
    import hashlib
    return "dose-" + hashlib.sha256(f"{medication}\x1f{slot}\x1f{part}".encode()).hexdigest()[:24] + "@dosecal.app"
