#!/usr/bin/env python3
"""Real dosecal processes writing one schedule at once (docs/sync.md, "Writers and the lock").

    check_writers.py DOSECAL_BINARY [--seed N] [--trials N] [--log-runs N]

Part 1, three logs at once: LOG_RUNS times (default 200), three `dosecal log` of three
medicines are started together on a fresh copy of one schedule (a phone shortcut logging the
morning pills); every entry a process reported ("Logged ...") must be in the file afterwards.

Part 2, a seeded state machine: one schedule, two vdir folders (A and B, two phones), and a
calendar file for `reconcile --apply`. Each trial starts 2 to 6 real processes at once, a few
milliseconds apart: `log`, `refill`, `sync` of A, `sync` of B (two syncs of one folder may run
together), and a reconcile actor (export --keep-base, the calendar app's edit of one series,
`reconcile --apply`); before and while they run, the phone edits an item in A or B (moves a
series by 15 minutes, LF line ends as vdirsyncer writes them, or deletes one series), and a
random process may get SIGKILL at a random moment. Each phone owns its own series, so no two
edits can conflict. Invariants:
  - after every trial: every log entry a process reported is in the schedule, the schedule's
    supply equals the start plus every refill reported (plus some of the killed ones);
  - at a quiet point (every 5 trials and at the end: each folder synced until a sync writes
    nothing): every phone edit is in the schedule (a move: the slot's time; a deletion: the
    medication or slot ends), every change reconcile reported is there, the last sync of each
    folder exits 0 with nothing to write, and A and B hold the same events for the same UIDs;
  - at the end, after one more run of each writer: no temporary of dosecal is left.
Prints the seed (a run is replayed with --seed, up to the timing of the processes), the figures
(trials, processes, kills, edits) and every loss; exits 1 when anything was lost.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

NOW_EPOCH = 1796040000  # 2026-11-30T12:00:00Z, the clock of every process
BERLIN = ZoneInfo("Europe/Berlin")
START = "2026-01-05"
REFILL_AT = "2026-11-20T11:00:00Z"  # the supply records' own day: a refill adds exactly N

# (medication, slot, time, who may edit it: A or B (a phone), R (the calendar file), - nobody)
SLOTS = [
    ("m0", "a", "08:00", "A"),
    ("m1", "a", "09:00", "B"),
    ("m1", "b", "20:00", "A"),
    ("m2", "a", "12:00", "B"),
    ("m2", "b", "18:00", "R"),
    ("m3", "a", "07:00", "B"),
    ("m4", "a", "21:00", "A"),  # also deleted by phone A, once
    ("m5", "a", "10:00", "-"),  # logged skipped too (an EXDATE in both folders)
]
SUPPLY = {"m0": 100, "m5": 60}
LOGGED = ["m0", "m1", "m2", "m3", "m5"]


def schedule_json() -> dict:
    meds = []
    for mid in sorted({s[0] for s in SLOTS}):
        m = {
            "id": mid,
            "name": f"Med {mid}",
            "times": [{"id": s, "time": t} for (m_, s, t, _) in SLOTS if m_ == mid],
            "start": START,
        }
        if mid in SUPPLY:
            m["supply"] = {"pills": SUPPLY[mid], "asOf": "2026-11-20"}
        meds.append(m)
    return {"version": 1, "homeZone": "Europe/Berlin", "medications": meds}


def uid(medication: str, slot: str) -> str:
    text = medication.encode() + b"\x1f" + slot.encode() + b"\x1f"
    return "dose-" + hashlib.sha256(text).hexdigest()[:24] + "@dosecal.app"


def epoch(text: str) -> int:
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def rfc3339(instant: int) -> str:
    return datetime.fromtimestamp(instant, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:5])


class Run:
    """One process: what it was, and how it ended."""

    def __init__(self, kind: str, argv: list[str], meta: dict, env: dict) -> None:
        self.kind, self.argv, self.meta = kind, argv, meta
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.killed = False
        self.code: int | None = None
        self.out = self.err = ""

    def poll(self) -> bool:
        if self.code is not None:
            return True
        if self.proc.poll() is None:
            return False
        self.out, self.err = self.proc.communicate()
        self.code = self.proc.returncode
        return True

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.killed = True


class Machine:
    def __init__(self, binary: str, seed: int, root: Path) -> None:
        self.bin, self.rng, self.root = binary, random.Random(seed), root
        self.schedule = root / "home" / "meds.json"
        self.schedule.parent.mkdir()
        self.folders = {"A": root / "A", "B": root / "B"}
        self.feed = root / "home" / "feed.ics"
        self.env = dict(os.environ, SOURCE_DATE_EPOCH=str(NOW_EPOCH), TZ="UTC")
        self.env.pop("DOSECAL_PROGRESS", None)
        self.logs: dict[tuple[str, int], str] = {}  # (medication, at) -> status, reported done
        self.used_at: set[tuple[str, int]] = set()
        self.refills_done = {m: 0 for m in SUPPLY}
        self.refills_unknown: dict[str, list[int]] = {m: [] for m in SUPPLY}
        # Phone and calendar edits not yet seen at a quiet point: uid -> (who, medication, slot, time or None)
        self.pending: dict[str, tuple[str, str, str, str | None]] = {}
        self.times = {uid(m, s): t for (m, s, t, _) in SLOTS}  # what each edit was made from
        self.deleted: set[str] = set()
        self.reconciled: dict[tuple[str, str], set[str]] = {}  # slot -> acceptable times (R's edits)
        self.figures = dict(trials=0, processes=0, kills=0, phone_edits=0, calendar_edits=0, quiet_points=0, refused=0)
        self.lost: list[str] = []
        self.lost_logs: set[tuple[str, int]] = set()
        self.lost_edits = 0
        self.lost_refills = 0

    # -- set-up and running ------------------------------------------------------------------

    def dosecal(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([self.bin, *args], capture_output=True, text=True, env=self.env, timeout=120)

    def setup(self) -> None:
        self.schedule.write_text(json.dumps(schedule_json(), indent=2))
        for name, folder in self.folders.items():
            r = self.dosecal("sync", str(self.schedule), "--vdir", str(folder))
            if r.returncode != 0:
                raise SystemExit(f"the first sync of {name} failed: {r.stderr}")

    def start(self, kind: str) -> tuple[list, dict]:
        """An actor: the processes it runs one after the other (a reconcile actor runs three steps)."""
        s = str(self.schedule)
        if kind == "log":
            m = self.rng.choice(LOGGED)
            slots = [(sl, t) for (m_, sl, t, _) in SLOTS if m_ == m]
            slot, hhmm = self.rng.choice(slots)
            status = self.rng.choice(["taken", "taken", "missed"] + (["skipped"] if m == "m5" else []))
            while True:
                day = date(2026, 10, 1) + timedelta(days=self.rng.randrange(58))
                local = datetime(day.year, day.month, day.day, int(hhmm[:2]), int(hhmm[3:]), tzinfo=BERLIN)
                at = int(local.timestamp()) + self.rng.randrange(600)
                if (m, at) not in self.used_at:
                    break
            self.used_at.add((m, at))
            argv = [self.bin, "log", s, status, m, "--slot", slot, "--at", rfc3339(at)]
            return [("run", "log", argv, {"medication": m, "at": at, "status": status})], {}
        if kind == "refill":
            m = self.rng.choice(sorted(SUPPLY))
            n = self.rng.randrange(1, 10)
            argv = [self.bin, "refill", s, m, "--add", str(n), "--at", REFILL_AT]
            return [("run", "refill", argv, {"medication": m, "add": n})], {}
        if kind in ("syncA", "syncB"):
            argv = [self.bin, "sync", s, "--vdir", str(self.folders[kind[-1]])]
            return [("run", kind, argv, {})], {}
        # The calendar app: export with the base, one series moved in the file, reconcile --apply.
        export = [self.bin, "export", s, "-o", str(self.feed), "--keep-base", "--quiet"]
        reconcile = [self.bin, "reconcile", "--apply", s, str(self.feed)]
        return [("run", "export", export, {}), ("edit-feed",), ("run", "reconcile", reconcile, {})], {}

    def trial(self) -> None:
        self.figures["trials"] += 1
        if self.rng.random() < 0.5:
            self.phone_edit()
        kinds = ["log"] * 3 + ["refill", "syncA", "syncB", "syncA", "syncB", "reconcile"]
        count = self.rng.randrange(2, 7)
        chosen = [self.rng.choice(kinds) for _ in range(count)]
        if chosen.count("reconcile") > 1:
            chosen = [k for k in chosen if k != "reconcile"] + ["reconcile"]
        actors = []
        for k in chosen:
            steps, _ = self.start(k)
            actors.append({"steps": steps, "at": time.monotonic() + self.rng.random() * 0.01, "run": None})
        edit_at = time.monotonic() + self.rng.random() * 0.03 if self.rng.random() < 0.3 else None
        kill_at = time.monotonic() + self.rng.random() * 0.03 if self.rng.random() < 0.35 else None
        runs: list[Run] = []
        feed_edit: dict = {}
        while True:
            now = time.monotonic()
            busy = False
            for a in actors:
                if a["run"] is not None and not a["run"].poll():
                    busy = True
                    continue
                if a["run"] is not None:
                    done = a["run"]
                    a["run"] = None
                    if done.code != 0:  # a failed or killed step ends its actor
                        a["steps"] = []
                if not a["steps"] or now < a["at"]:
                    busy = busy or bool(a["steps"])
                    continue
                step = a["steps"].pop(0)
                if step[0] == "edit-feed":
                    feed_edit = self.edit_feed()
                    if not feed_edit:
                        a["steps"] = []
                    continue
                _, kind, argv, meta = step
                if kind == "reconcile":
                    meta = dict(feed_edit)
                a["run"] = Run(kind, argv, meta, self.env)
                runs.append(a["run"])
                self.figures["processes"] += 1
                busy = True
            if edit_at is not None and now >= edit_at:
                edit_at = None
                self.phone_edit()
            if kill_at is not None and now >= kill_at:
                kill_at = None
                running = [r for r in runs if r.code is None and r.proc.poll() is None]
                if running:
                    self.rng.choice(running).kill()
                    self.figures["kills"] += 1
            if not busy and edit_at is None and kill_at is None:
                break
            time.sleep(0.0005)
        for r in runs:
            r.poll()
            self.record(r)
        self.check_writes(f"trial {self.figures['trials']}")

    def record(self, r: Run) -> None:
        done = r.code == 0 and not r.killed
        if r.kind == "log":
            # Exit 1 with "Logged ...": recorded, with a warning (an extra or early dose).
            if r.code in (0, 1) and not r.killed and r.out.startswith("Logged"):
                self.logs[(r.meta["medication"], r.meta["at"])] = r.meta["status"]
            elif r.code not in (0, None) and not r.killed:
                self.lost.append(f"log failed: {' '.join(r.argv[1:])}: exit {r.code}: {r.err.strip()}")
        elif r.kind == "refill":
            if done and r.out.startswith("Refilled"):
                self.refills_done[r.meta["medication"]] += r.meta["add"]
            else:
                self.refills_unknown[r.meta["medication"]].append(r.meta["add"])
                if not r.killed:
                    self.lost.append(f"refill failed: {' '.join(r.argv[1:])}: exit {r.code}: {r.err.strip()}")
        elif r.kind == "reconcile" and r.meta:
            key = (r.meta["medication"], r.meta["slot"])
            if done and "Wrote" in r.out:
                self.reconciled[key] = {r.meta["time"]}
                self.times[uid(*key)] = r.meta["time"]
            elif r.killed:
                self.reconciled.setdefault(key, {self.times[uid(*key)]}).add(r.meta["time"])
        if r.code == 2 and "another dosecal sync" in r.err:
            self.figures["refused"] += 1
        elif r.code not in (0, 1, None) and not r.killed and r.kind not in ("log", "refill"):
            self.lost.append(f"{r.kind} exited {r.code}: {' '.join(r.argv[1:])}: {r.err.strip()[:300]}")

    # -- the phone and the calendar app ------------------------------------------------------

    def item(self, folder: Path, u: str) -> Path | None:
        for p in sorted(folder.glob("*.ics")):
            try:
                if f"UID:{u}" in p.read_text(errors="replace"):
                    return p
            except OSError:
                continue
        return None

    def phone_edit(self) -> None:
        who = self.rng.choice(["A", "B"])
        choices = [(m, s, t) for (m, s, t, w) in SLOTS if w == who and uid(m, s) not in self.pending]
        choices = [c for c in choices if uid(c[0], c[1]) not in self.deleted]
        if not choices:
            return
        m, s, base = self.rng.choice(choices)
        u = uid(m, s)
        path = self.item(self.folders[who], u)
        if path is None:
            return
        if m == "m4" and self.rng.random() < 0.3:
            path.unlink()
            self.pending[u] = (who, m, s, None)
            self.deleted.add(u)
            self.figures["phone_edits"] += 1
            return
        text = path.read_text()
        current = re.search(r"^DTSTART;TZID=Europe/Berlin:20260105T(\d\d)(\d\d)00\r?$", text, re.M)
        if current is None:
            return
        new = moved(f"{current.group(1)}:{current.group(2)}", base)
        edited = text.replace(current.group(0), f"DTSTART;TZID=Europe/Berlin:20260105T{new.replace(':', '')}00", 1)
        temp = path.parent / (".phone-" + path.name + ".tmp")
        temp.write_text(edited.replace("\r\n", "\n"))
        os.replace(temp, path)
        self.pending[u] = (who, m, s, new)
        self.figures["phone_edits"] += 1

    def edit_feed(self) -> dict:
        """The calendar app moves the R series in the exported file; what reconcile should bring back."""
        m, s, base = next((m, s, t) for (m, s, t, w) in SLOTS if w == "R")
        u = uid(m, s)
        try:
            text = self.feed.read_bytes().decode()
        except (OSError, UnicodeDecodeError):
            return {}
        block = re.search(r"BEGIN:VEVENT\r\nUID:" + re.escape(u) + r"\r\n.*?END:VEVENT", text, re.S)
        if block is None:
            return {}
        current = re.search(r"DTSTART;TZID=Europe/Berlin:20260105T(\d\d)(\d\d)00", block.group(0))
        if current is None:
            return {}
        new = moved(f"{current.group(1)}:{current.group(2)}", base)
        event = block.group(0).replace(current.group(0), f"DTSTART;TZID=Europe/Berlin:20260105T{new.replace(':', '')}00")
        self.feed.write_bytes(text.replace(block.group(0), event).encode())
        self.figures["calendar_edits"] += 1
        return {"medication": m, "slot": s, "time": new}

    # -- invariants --------------------------------------------------------------------------

    def read_schedule(self, at: str) -> dict | None:
        try:
            return json.loads(self.schedule.read_text())
        except (OSError, ValueError) as e:
            self.lost.append(f"{at}: the schedule cannot be read: {e}")
            return None

    def check_writes(self, at: str) -> None:
        data = self.read_schedule(at)
        if data is None:
            return
        present = {(e["medication"], epoch(e["at"])) for e in data.get("log", [])}
        for key, status in sorted(self.logs.items()):
            if key not in present and key not in self.lost_logs:
                self.lost_logs.add(key)
                self.lost.append(f"{at}: log {status} {key[0]} at {rfc3339(key[1])} was reported and is gone")
        meds = {m["id"]: m for m in data["medications"]}
        for mid, start in SUPPLY.items():
            pills = meds[mid]["supply"]["pills"]
            extra = pills - start - self.refills_done[mid]
            if extra not in subset_sums(self.refills_unknown[mid]):
                self.lost_refills += 1
                self.lost.append(
                    f"{at}: {mid} has {pills} pills: {start} + {self.refills_done[mid]} reported refilled"
                    f" (+ some of {self.refills_unknown[mid]} killed) expected")
                self.refills_done[mid] = pills - start  # count each loss once
                self.refills_unknown[mid] = []

    def quiet(self, at: str) -> None:
        """Each folder synced alone until a sync writes nothing; then every edit must be in."""
        self.figures["quiet_points"] += 1
        last: dict[str, subprocess.CompletedProcess] = {}
        for _ in range(3):
            for name, folder in self.folders.items():
                last[name] = self.dosecal("sync", str(self.schedule), "--vdir", str(folder))
        for name, r in last.items():
            if r.returncode != 0 or " 0 new, 0 changed, 0 deleted" not in r.stdout:
                self.lost.append(f"{at}: folder {name} does not converge: exit {r.returncode}: {r.stdout.strip()} {r.stderr.strip()}")
        data = self.read_schedule(at)
        if data is None:
            return
        meds = {m["id"]: m for m in data["medications"]}
        for u, (who, m, s, new) in sorted(self.pending.items()):
            med = meds[m]
            slot = next((t for t in med["times"] if t["id"] == s), None)
            if new is None:
                ok = "end" in med or (slot is not None and "until" in slot)
                what = "deletion"
            else:
                ok = slot is not None and slot["time"] == new
                what = f"move to {new}"
            if not ok:
                self.lost_edits += 1
                self.lost.append(f"{at}: phone {who}'s {what} of {m}/{s} is lost (schedule: {slot})")
                if slot is not None and new is not None:
                    self.times[u] = slot["time"]
        self.pending.clear()
        for (m, s), allowed in sorted(self.reconciled.items()):
            slot = next((t for t in meds[m]["times"] if t["id"] == s), None)
            if slot is None or slot["time"] not in allowed:
                self.lost_edits += 1
                self.lost.append(f"{at}: the calendar's move of {m}/{s} to {sorted(allowed)} is lost (schedule: {slot})")
            if slot is not None:
                self.reconciled[(m, s)] = {slot["time"]}
                self.times[uid(m, s)] = slot["time"]
        a, b = events(self.folders["A"]), events(self.folders["B"])
        for u in sorted(set(a) & set(b)):
            if a[u] != b[u]:
                self.lost.append(f"{at}: A and B hold different events for {u}")
        self.check_writes(at)

    def leftovers(self) -> list[str]:
        return sorted(str(p.relative_to(self.root)) for p in self.root.rglob("*") if ".dosecal-" in p.name and p.name.endswith(".tmp"))


def moved(current: str, base: str) -> str:
    """15 minutes later, within two hours of the slot's first time (no slot ever meets another)."""
    offset = (minutes(current) - minutes(base) + 15) % 120
    t = minutes(base) + offset
    return f"{t // 60:02d}:{t % 60:02d}"


def subset_sums(values: list[int]) -> set[int]:
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums


def events(folder: Path) -> dict[str, list[str]]:
    """UID -> the item's event lines, without the ones that follow each folder's own history."""
    result: dict[str, list[str]] = {}
    for p in folder.glob("*.ics"):
        text = re.sub(r"\r?\n[ \t]", "", p.read_text(errors="replace"))
        lines = [ln for ln in text.splitlines() if not ln.startswith(("DTSTAMP", "SEQUENCE", "LAST-MODIFIED"))]
        u = next((ln[4:] for ln in lines if ln.startswith("UID:")), None)
        if u:
            result[u] = lines
    return result


def three_logs(binary: str, runs: int, root: Path) -> tuple[int, int, float]:
    """RUNS times three `log` at once on a fresh schedule: (entries reported, entries lost, seconds)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(NOW_EPOCH))
    base = schedule_json()
    reported = lost = 0
    started = time.monotonic()
    path = root / "three" / "meds.json"
    path.parent.mkdir()
    for i in range(runs):
        path.write_text(json.dumps(base, indent=2))
        day = date(2026, 11, 1) + timedelta(days=i % 28)
        procs = []
        for m, hhmm in (("m0", "08:00"), ("m1", "09:00"), ("m3", "07:00")):
            local = datetime(day.year, day.month, day.day, int(hhmm[:2]), int(hhmm[3:]), tzinfo=BERLIN)
            at = int(local.timestamp()) + i
            argv = [binary, "log", str(path), "taken", m, "--slot", "a", "--at", rfc3339(at)]
            procs.append((m, at, subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)))
        results = [(m, at, p.communicate()[0], p.returncode) for (m, at, p) in procs]
        present = {(e["medication"], epoch(e["at"])) for e in json.loads(path.read_text()).get("log", [])}
        for m, at, out, code in results:
            if code in (0, 1) and out.startswith("Logged"):
                reported += 1
                lost += (m, at) not in present
    return reported, lost, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("DOSECAL_WRITERS_SEED", random.randrange(1 << 32))))
    parser.add_argument("--trials", type=int, default=120)
    parser.add_argument("--log-runs", type=int, default=200)
    args = parser.parse_args()
    binary = str(Path(args.binary).resolve())
    print(f"check_writers: seed {args.seed} (replay with --seed {args.seed} or DOSECAL_WRITERS_SEED={args.seed})")
    sys.stdout.flush()
    failed = False
    with tempfile.TemporaryDirectory(prefix="dosecal-writers-") as tmp:
        root = Path(tmp)
        reported, lost, seconds = three_logs(binary, args.log_runs, root)
        print(f"{'ok' if lost == 0 and reported else 'FAIL'} three logs at once: {args.log_runs} runs, "
              f"{reported} entries reported, {lost} lost ({seconds:.1f} s)")
        failed |= lost > 0 or reported == 0
        started = time.monotonic()
        machine = Machine(binary, args.seed, root)
        machine.setup()
        for t in range(1, args.trials + 1):
            machine.trial()
            if t % 5 == 0 or t == args.trials:
                machine.quiet(f"quiet point after trial {t}")
        # One more run of each writer: every temporary of a killed run is gone.
        machine.dosecal("log", str(machine.schedule), "taken", "m0", "--slot", "a", "--at", "2026-11-29T07:00:00Z")
        machine.dosecal("refill", str(machine.schedule), "m0", "--add", "1", "--at", REFILL_AT)
        machine.dosecal("export", str(machine.schedule), "-o", str(machine.feed), "--keep-base", "--quiet")
        machine.dosecal("reconcile", "--apply", str(machine.schedule), str(machine.feed))
        for folder in machine.folders.values():
            machine.dosecal("sync", str(machine.schedule), "--vdir", str(folder))
        for name in machine.leftovers():
            machine.lost.append(f"a temporary is left after every writer ran again: {name}")
        f = machine.figures
        print(f"state machine: {f['trials']} trials, {f['processes']} processes, {f['kills']} killed, "
              f"{f['phone_edits']} phone edits, {f['calendar_edits']} calendar edits, {f['quiet_points']} quiet points, "
              f"{f['refused']} refused for another sync running, "
              f"{len(machine.logs)} log entries reported ({time.monotonic() - started:.1f} s)")
        print(f"lost: {len(machine.lost_logs)} log entries, {machine.lost_refills} refills, "
              f"{machine.lost_edits} phone or calendar edits; {len(machine.lost)} problems")
        for line in machine.lost[:60]:
            print(f"  {line}")
        failed |= bool(machine.lost) or f["refused"] > 0
    print("FAIL" if failed else "ok: nothing lost")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
