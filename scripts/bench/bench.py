#!/usr/bin/env python3
"""make bench: dosecal against the programs people would use instead, on inputs generated here.

usage: bench.py DOSECAL WORKDIR VENV_PYTHON LIBICAL_EXPAND

Every input is generated deterministically (fixed seeds, fixed --now). Each row runs dosecal
and its peer alternately, ROUNDS times (environment, default 3; the Python reconcile peer, which
takes minutes, PEER_SLOW_ROUNDS, default 1), and reports the median CPU time (user + sys) and
the largest peak resident memory: CPU from the kernel's rusage of the finished process (wait4,
at microsecond resolution: what GNU time prints as %U and %S at 10 ms), peak memory as GNU time
prints it (%M). Prints one table and writes it to WORKDIR/results.md.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BIN, WORK, VPY, CEXP = sys.argv[1:5]
HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
SLOW_ROUNDS = int(os.environ.get("PEER_SLOW_ROUNDS", "1"))
VENV_BIN = os.path.dirname(VPY)
NOW = "2026-11-30T12:00:00Z"


class Sample:
    def __init__(self, cpu, wall, rss, out):
        self.cpu, self.wall, self.rss, self.out = cpu, wall, rss, out


def run_reaped(cmd, env=None):
    """Runs cmd under GNU time; its CPU time from the kernel's rusage (wait4, microseconds; GNU
    time's own few hundred microseconds included), its peak RSS as GNU time reports it (%M:
    measured in the small time process's child, not inherited from this larger driver through
    fork), wall time and standard output."""
    fd, rss_file = tempfile.mkstemp(prefix="bench-rss-")
    os.close(fd)
    start = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss_file] + cmd,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    rss = int(open(rss_file).read().split()[-1])
    os.unlink(rss_file)
    if p.returncode not in (0, 1):
        sys.stderr.write(f"bench: {' '.join(cmd)} exited {p.returncode}\n{err.decode(errors='replace')}\n")
        sys.exit(2)
    return Sample(usage.ru_utime + usage.ru_stime, wall, rss, out[:4096] if len(out) > 4096 else out)


def sh(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)


def gen(script, args, path):
    with open(path, "wb") as f:
        subprocess.run([sys.executable, os.path.join(HERE, script)] + args, check=True, stdout=f)
    return path


rows = []


def row(work, ours, peer=None, goal="", check=None, note=""):
    """ours/peer: lists of Sample. check(our_cpu, peer_cpu, our_sample) -> bool."""
    cpu = statistics.median(s.cpu for s in ours)
    wall = statistics.median(s.wall for s in ours)
    rss = max(s.rss for s in ours) / 1024
    pc = statistics.median(s.cpu for s in peer) if peer else None
    prss = max(s.rss for s in peer) / 1024 if peer else None
    ratio = pc / cpu if peer and cpu > 0 else None
    met = None
    if check:
        met = check(cpu, pc, wall, rss, prss) if check.__code__.co_argcount == 5 else check(cpu, pc, wall, rss)
    rows.append((work, cpu, wall, rss, pc, prss, ratio, goal, met, note))
    print(f"  {work}: dosecal {cpu:.3f} s cpu ({wall:.3f} s wall, {rss:.0f} MiB)"
          + (f", peer {pc:.3f} s ({prss:.0f} MiB), {ratio:.1f}x" if peer else ""), flush=True)


def alternate(ours_cmd, peer_cmd, rounds=ROUNDS, peer_rounds=None, before_ours=None, before_peer=None):
    ours, peer = [], []
    for r in range(max(rounds, peer_rounds or rounds)):
        if r < rounds:
            if before_ours:
                before_ours(r)
            ours.append(run_reaped(ours_cmd(r) if callable(ours_cmd) else ours_cmd))
        if peer_cmd and r < (peer_rounds or rounds):
            if before_peer:
                before_peer(r)
            peer.append(run_reaped(peer_cmd(r) if callable(peer_cmd) else peer_cmd))
    return ours, peer


def expand_cmd(path, start="2026-01-01", end="2027-01-01"):
    return [BIN, "expand", path, "--from", start, "--to", end, "--count"]


def bench_expand():
    print("parse + expand", flush=True)
    cal = gen("gen_calendar.py", ["20000", "3000", "1"], f"{WORK}/cal-20000.ics")
    ours, py = alternate(expand_cmd(cal), [VPY, f"{HERE}/python_expand.py", cal, "2026-01-01", "2027-01-01"])
    size = os.path.getsize(cal) / 2**20
    n = int(ours[0].out)
    note = f"{size:.2f} MB, 20,000 events; dosecal {n:,} instances, Python {int(py[0].out):,}"
    row("parse + expand, 20,000 events, vs Python", ours, py, ">= 40x", lambda c, p, w, m: p / c >= 40, note)
    ours, c = alternate(expand_cmd(cal), [CEXP, cal, "2026-01-01", "2027-01-01"])
    row("parse + expand, 20,000 events, vs libical C", ours, c, ">= 1x (aim 1.67x)", lambda c_, p, w, m: p / c_ >= 1,
        f"C program counts {int(c[0].out):,}; peak goal <= 3x input + 30 MiB ({3 * size + 30:.0f} MiB)")
    for n in (5000, 20000, 80000):
        cal = gen("gen_calendar.py", [str(n), str(n * 3 // 20), "1"], f"{WORK}/cal-{n}.ics")
        ours, c = alternate(expand_cmd(cal), [CEXP, cal, "2026-01-01", "2027-01-01"])
        row(f"scaling: parse + expand {n:,} events", ours, c, "linear",
            None, f"{statistics.median(s.cpu for s in ours) / n * 1000:.3f} s per 1,000 events")


def bench_real():
    """Calendars with the content of real ones (gen_real_calendar.py): seed 1, a work and family
    calendar (about 283 bytes an event), seed 2, long descriptions and many attendees. 20,000
    events against libical's C program and Python over 2026; 80,000 over 2026 for memory; 20,000,
    80,000 and 320,000 over the first quarter of 2026 (the budget of 1,000,000 instances cuts a
    year of 320,000) for memory and linear time."""
    print("parse + expand, realistic calendars", flush=True)
    year, quarter = ("2026-01-01", "2027-01-01"), ("2026-01-01", "2026-04-01")
    for seed, what in ((1, "realistic"), (2, "realistic with long descriptions")):
        cals = {n: gen("gen_real_calendar.py", [str(n), str(n * 3 // 20), str(seed)], f"{WORK}/real{seed}-{n}.ics")
                for n in (20000, 80000, 320000)}
        mib = {n: os.path.getsize(c) / 2**20 for n, c in cals.items()}

        def peak(n):
            return lambda c, p, w, m: m <= mib[n] + 30
        cal = cals[20000]
        ours, py = alternate(expand_cmd(cal), [VPY, f"{HERE}/python_expand.py", cal] + list(year))
        row(f"parse + expand, {what}, 20,000 events, vs Python", ours, py, ">= 100x", lambda c, p, w, m: p / c >= 100,
            f"{mib[20000]:.2f} MB; dosecal {int(ours[0].out):,} instances, Python {int(py[0].out):,}")
        ours, c = alternate(expand_cmd(cal), [CEXP, cal] + list(year))
        row(f"parse + expand, {what}, 20,000 events, vs libical C", ours, c,
            f">= 4x, peak <= {mib[20000] + 30:.0f} MiB", lambda c_, p, w, m: p / c_ >= 4 and m <= mib[20000] + 30,
            f"C program counts {int(c[0].out):,}")
        ours, _ = alternate(expand_cmd(cals[80000]), None)
        row(f"parse + expand, {what}, 80,000 events", ours, None, f"peak <= {mib[80000] + 30:.0f} MiB", peak(80000),
            f"{mib[80000]:.1f} MB; {int(ours[0].out.split()[-1]):,} instances in 2026")
        for n, cal in cals.items():
            ours, _ = alternate(expand_cmd(cal, *quarter), None)
            row(f"scaling: {what}, {n:,} events, first quarter", ours, None, f"peak <= {mib[n] + 30:.0f} MiB, linear",
                peak(n), f"{mib[n]:.1f} MB; {statistics.median(s.cpu for s in ours) / n * 1000:.4f} s per 1,000 events")


def bench_export():
    print("export", flush=True)
    sched = gen("gen_schedule.py", ["1000"], f"{WORK}/export-1000.json")
    out = f"{WORK}/export-1000.ics"

    def fresh(_):
        if os.path.exists(out):
            os.unlink(out)
    ours, py = alternate([BIN, "export", sched, "-o", out, "--now", NOW, "--quiet"],
                         [VPY, f"{HERE}/python_feed.py", sched, f"{WORK}/export-py.ics"], before_ours=fresh)
    row("export 1,000 medications x 4 slots", ours, py, ">= 20x", lambda c, p, w, m: p / c >= 20,
        f"{os.path.getsize(out):,} bytes")
    rerun, _ = alternate([BIN, "export", sched, "-o", out, "--now", "2026-12-01T12:00:00Z", "--quiet"], None)
    row("export again over its own file", rerun, None, "", None, "revisions read back, nothing changes")
    for n in (1000, 10000):
        sched = gen("gen_schedule.py", [str(n)], f"{WORK}/export-{n}.json")
        ours, _ = alternate([BIN, "export", sched, "-o", "-", "--now", NOW], None)
        row(f"scaling: export {n:,} medications", ours, None, "linear", None,
            f"{statistics.median(s.cpu for s in ours) / n * 1000:.3f} s per 1,000 medications")


def vdirsyncer_pair(name, program, items):
    """A filesystem pair of two copies of `items` for one vdirsyncer, synced once: (command, env,
    side a, side b)."""
    a, b, status = f"{WORK}/{name}-a", f"{WORK}/{name}-b", f"{WORK}/{name}-status"
    for p in (a, b, status):
        shutil.rmtree(p, ignore_errors=True)
    shutil.copytree(items, a)
    shutil.copytree(items, b)
    os.makedirs(status)
    conf = f"{WORK}/{name}.conf"
    with open(conf, "w") as f:
        f.write(f'[general]\nstatus_path = "{status}/"\n[pair bench]\na = "bench_a"\nb = "bench_b"\n'
                f'collections = null\n[storage bench_a]\ntype = "filesystem"\npath = "{a}/"\nfileext = ".ics"\n'
                f'[storage bench_b]\ntype = "filesystem"\npath = "{b}/"\nfileext = ".ics"\n')
    env = dict(os.environ, XDG_CONFIG_HOME=f"{WORK}/xdg", PATH=os.path.dirname(program) + ":" + os.environ["PATH"])
    cmd = [program, "-v", "ERROR", "-c", conf]
    sh(cmd + ["discover"], env=env, stderr=subprocess.DEVNULL)
    sh(cmd + ["sync"], env=env)
    return cmd + ["sync"], env, a, b


def peers_of_sync():
    """vdirsyncer from PyPI (the bench's venv) and from Debian (apt package vdirsyncer)."""
    found = [("vdirsyncer (PyPI)", f"{VENV_BIN}/vdirsyncer")]
    if os.path.exists("/usr/bin/vdirsyncer"):
        found.append(("vdirsyncer (Debian)", "/usr/bin/vdirsyncer"))
    else:
        print("  bench: /usr/bin/vdirsyncer missing (apt package vdirsyncer); its rows are left out", flush=True)
    return found


def bench_sync():
    """The first fill, then what people do with a filled 5,040-item folder: nothing (no-op),
    schedule edits (1 and 10 medications' morning time), and edits on the phone (1 and 10 series
    moved, 10 items' SEQUENCE raised, 10 items touched: scripts/bench/phone_edit.py). Each row
    alternates dosecal with vdirsyncer from PyPI and from Debian, each on its own pair of copies
    of the folder, given the same kind of change on one side."""
    print("sync", flush=True)
    base = gen("gen_schedule.py", ["720"], f"{WORK}/sync-base.json")
    edited = {}
    for n in (1, 10):
        edited[n] = f"{WORK}/sync-changed-{n}.json"
        sh([sys.executable, f"{HERE}/edit_schedule.py", base, edited[n], "05:45", str(n)])
    # First fill: a fresh folder and status each round (wall time matters: fsync).
    fills = []
    for r in range(ROUNDS):
        d = f"{WORK}/fill-{r}"
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        shutil.copy(base, f"{d}/sync.json")
        fills.append(run_reaped([BIN, "sync", f"{d}/sync.json", "--vdir", f"{d}/doses", "--now", NOW]))
        items = len(os.listdir(f"{d}/doses"))
        if r:
            shutil.rmtree(d)
    row(f"first sync filling {items:,} items", fills, None, "<= 2 s wall", lambda c, p, w, m: w <= 2,
        "wall time; every file durable before it is renamed")
    d = f"{WORK}/fill-0"
    sched, vdir = f"{d}/sync.json", f"{d}/doses"
    peers = [(label,) + vdirsyncer_pair(f"vs{k}", program, vdir) for k, (label, program) in enumerate(peers_of_sync())]
    day = [0]

    def now():
        day[0] += 1
        return f"2026-12-{day[0] // 24 + 2:02d}T{day[0] % 24:02d}:00:00Z"

    def sync_row(work, goal, check, note, ours_before, peer_before):
        """ROUNDS rounds of: change, dosecal sync; the same change on each peer's side b, its sync."""
        ours, theirs = [], [[] for _ in peers]
        for r in range(ROUNDS):
            ours_before(r)
            ours.append(run_reaped([BIN, "sync", sched, "--vdir", vdir, "--now", now()]))
            for k, (_, cmd, env, a, b) in enumerate(peers):
                peer_before(r, b)
                theirs[k].append(run_reaped(cmd, env=env))
        for (label, *_), samples in zip(peers, theirs):
            row(f"{work} (vs {label})", ours, samples, goal, check, note)

    def nothing(*_):
        pass

    sync_row(f"no-op sync of a {items:,}-item folder", ">= 15x", lambda c, p, w, m: p / c >= 15,
             "nothing changed on either side", nothing, nothing)
    for n in (1, 10):
        variants = [edited[n], base]

        def toggle(r, variants=variants):
            shutil.copy(variants[r % 2], sched)

        def changed_on_a(r, b, n=n):  # the peer copies n changed items from side b to a
            sh([sys.executable, f"{HERE}/phone_edit.py", b, str(n), "sequence", str(r)])
        whose = "1 medication's" if n == 1 else f"{n} medications'"
        sync_row(f"sync after {n} schedule edit{'s' if n > 1 else ''}", ">= 10x", lambda c, p, w, m: p / c >= 10,
                 f"{whose} morning time; vdirsyncer copies {n} changed item{'s' if n > 1 else ''}", toggle, changed_on_a)
    phone = ((1, "move", "sync after a phone edit of 1 item", ">= 10x", lambda c, p, w, m, pm: p / c >= 10),
             (10, "move", "sync after a phone edit of 10 items", ">= 5x, less memory",
              lambda c, p, w, m, pm: p / c >= 5 and m < pm),
             (10, "sequence", "sync after SEQUENCE raised on 10 items", ">= 10x", lambda c, p, w, m, pm: p / c >= 10),
             (10, "touch", "sync after 10 items touched", ">= 10x", lambda c, p, w, m, pm: p / c >= 10))
    for n, mode, work, goal, check in phone:
        def edit(r, folder=vdir, n=n, mode=mode):
            sh([sys.executable, f"{HERE}/phone_edit.py", folder, str(n), mode, str(r)])
        sync_row(work, goal, check, f"phone_edit.py {mode} on {n} item{'s' if n > 1 else ''}; the same on vdirsyncer's "
                 "side b", edit, lambda r, b, edit=edit: edit(r, b))


def bench_check():
    print("check", flush=True)
    sched = gen("gen_check_schedule.py", [], f"{WORK}/check.json")
    zones = ("America/New_York Europe/Berlin Europe/London Australia/Sydney Australia/Lord_Howe America/Santiago "
             "America/Havana Asia/Beirut Pacific/Chatham Asia/Kolkata Pacific/Apia America/Mexico_City").split()
    totals = []
    for _ in range(ROUNDS):
        runs = [run_reaped([BIN, "check", sched, "--zone", z, "--from", "2027-01-01", "--to", "2027-12-31", "--json"])
                for z in zones]
        totals.append(Sample(sum(s.cpu for s in runs), sum(s.wall for s in runs), max(s.rss for s in runs), b""))
    row("check, 50 slots, one year, 12 zones (all 12)", totals, None, "<= 1 s", lambda c, p, w, m: c <= 1, "")


def bench_reconcile():
    print("reconcile", flush=True)
    sched = gen("gen_schedule.py", ["500"], f"{WORK}/rec.json")
    base = f"{WORK}/rec-base.ics"
    sh([BIN, "export", sched, "-o", base, "--now", "2026-11-20T00:00:00Z", "--quiet"])
    returned = gen("gen_returned_calendar.py", [base, "0", "20000"], f"{WORK}/rec-returned.ics")
    ours, py = alternate(
        [BIN, "reconcile", sched, returned, "--base", base, "--now", "2026-12-15T12:00:00Z", "--json"],
        [VPY, f"{HERE}/python_reconcile.py", base, returned], peer_rounds=SLOW_ROUNDS)
    row("reconcile a 20,000-event returned calendar", ours, py, "<= 0.5 s, <= 80 MiB",
        lambda c, p, w, m: c <= 0.5 and m <= 80, f"{os.path.getsize(returned) / 2**20:.2f} MB")


def edit_schedules(folder, count, variant):
    """Moves the first dose time of the first medication of `count` schedules (spread over the
    folder) to one of two times, so that consecutive rounds change the same files."""
    paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) if ".dosecal-publish" not in d
                   for f in fs if f.endswith(".json"))
    step = max(1, len(paths) // count)
    for path in paths[::step][:count]:
        with open(path) as f:
            data = json.load(f)
        data["medications"][0]["times"][0]["time"] = "05:1" + str(variant % 2)
        with open(path, "w") as f:
            json.dump(data, f, indent=1)


def bench_publish():
    """First run, no-op and 10 changed at each size of PUBLISH_SIZES (default 1,000 and 10,000):
    peak memory should not depend on the number of schedules, so each row after the first size
    is held to that size's peak + 2 MiB."""
    print("publish", flush=True)
    jobs = os.cpu_count()
    sizes = [int(n) for n in os.environ.get("PUBLISH_SIZES", "1000,10000").split(",")]
    peaks = {}

    def memory(kind, n, peak, goal="", check=None):
        """The goal and check of a row: its own (`goal`, `check`) and, after the first size, the
        first size's peak + 2 MiB."""
        if kind not in peaks:
            peaks[kind] = (n, peak)
            return goal, check
        first, limit = peaks[kind][0], peaks[kind][1] + 2
        both = f"{goal}; " if goal else ""
        return (f"{both}peak <= {first:,}'s + 2 MiB (independent of the number of schedules)",
                lambda c, p, w, m: m <= limit and (check is None or check(c, p, w, m)))

    for n in sizes:
        src, site = f"{WORK}/publish-{n}", f"{WORK}/publish-{n}-site"
        if not os.path.isdir(src):
            sh([sys.executable, f"{HERE}/gen_schedules_dir.py", src, str(n)])
        publish = [BIN, "publish", src, "--out", site]

        def fresh(_):
            shutil.rmtree(site, ignore_errors=True)
            shutil.rmtree(f"{src}/.dosecal-publish", ignore_errors=True)
        firsts, _ = alternate(publish, None, before_ours=fresh)
        size = sum(os.path.getsize(f"{site}/{f}") for f in os.listdir(site)) / 2**20
        row(f"publish {n:,} schedules: first run", firsts, None,
            *memory("first", n, max(s.rss for s in firsts) / 1024),
            f"{jobs} jobs; wall {statistics.median(s.wall for s in firsts):.2f} s; {size:.1f} MB of feeds")
        ours, find = alternate(publish, ["find", src, "-type", "f", "-printf", "%T@ %s\n"])
        row(f"publish {n:,} schedules: nothing changed, vs find", ours, find,
            *memory("no-op", n, max(s.rss for s in ours) / 1024, "<= 3x find's CPU", lambda c, p, w, m: c <= 3 * p),
            "peer: find SCHEDULES_DIR -type f -printf '%T@ %s\\n' in the same run")
        changed, _ = alternate(publish, None, before_ours=lambda r: edit_schedules(src, 10, r))
        row(f"publish {n:,} schedules: 10 changed", changed, None,
            *memory("10 changed", n, max(s.rss for s in changed) / 1024), "10 schedules edited before each run")


def bench_scale():
    print("check, plan and status of 10,000 medications x 6 slots, one year", flush=True)
    sched = gen("gen_schedule.py", ["10000", "6"], f"{WORK}/scale-10000x6.json")
    check = [BIN, "check", sched, "--from", "2027-01-01", "--to", "2027-12-31", "--now", NOW]
    ours, _ = alternate(check, None, rounds=int(os.environ.get("SCALE_ROUNDS", "1")))
    row("check 10,000 medications x 6 slots, one year", ours, None, "< 10 s", lambda c, p, w, m: c < 10,
        "365 dose days, 13.7 million doses; the table (doses needing attention); every channel; "
        "memory should not grow with the days")
    plan = [BIN, "plan", sched, "--days", "365", "--at", "2027-01-01T00:00:00Z"]
    ours, _ = alternate(plan, None, rounds=int(os.environ.get("SCALE_ROUNDS", "1")))
    row("plan 10,000 medications x 6 slots, one year", ours, None, "linear", None, "--days 365, budget 64")
    status = [BIN, "status", sched, "--at", "2027-12-31T12:00:00Z"]
    ours, _ = alternate(status, None, rounds=int(os.environ.get("SCALE_ROUNDS", "1")))
    row("status 10,000 medications x 6 slots, a year after the supply record", ours, None, "linear", None,
        "text; supply counted over 14 months")


def table():
    head = "| work | dosecal CPU | peer CPU | peer / dosecal | goal | met | peak memory (dosecal / peer) | notes |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for work, cpu, wall, rss, pc, prss, ratio, goal, met, note in rows:
        ours = f"{cpu:.3f} s" + (f" ({wall:.2f} s wall)" if "wall" in goal else "")
        lines.append(f"| {work} | {ours} | {f'{pc:.3f} s' if pc is not None else '-'} | "
                     f"{f'{ratio:.1f}x' if ratio else '-'} | {goal or '-'} | "
                     f"{'-' if met is None else ('yes' if met else 'NO')} | "
                     f"{rss:.0f} MiB" + (f" / {prss:.0f} MiB" if prss else "") + f" | {note} |")
    return "\n".join(lines)


def main():
    os.makedirs(WORK, exist_ok=True)
    started = time.monotonic()
    only = os.environ.get("BENCH_ONLY", "expand,real,export,sync,check,reconcile,publish,scale").split(",")
    for name in only:
        globals()[f"bench_{name}"]()
    text = table()
    print()
    print(f"dosecal {BIN}, {ROUNDS} rounds, medians of CPU time (user+sys); "
          f"{time.monotonic() - started:.0f} s in all")
    print(text)
    with open(f"{WORK}/results.md", "w") as f:
        f.write(text + "\n")


main()
