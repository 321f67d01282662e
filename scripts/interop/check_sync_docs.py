#!/usr/bin/env python3
"""The set-up that docs/sync.md gives to copy and paste, run as written (paths moved into a
temporary home):

  1. the vdirsyncer configuration loads in vdirsyncer (its own config reader: unknown options
     are errors), names storage types vdirsyncer has, and its filesystem storage lists every
     item of a folder `dosecal sync` filled;
  2. the systemd unit's dosecal line (ExecStart, %h = the home) fills the folder and exits 0;
  3. khal, with the khal configuration, lists the doses of that folder without a warning.

Usage: check_sync_docs.py DOSECAL_BINARY FIXTURES_DIR
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import common

failures = 0


def check(ok: bool, what: str) -> None:
    global failures
    print(("ok: " if ok else "FAIL: ") + what)
    failures += 0 if ok else 1


def ini_after(doc: str, title: str) -> str:
    """The ```ini block that follows the line naming `title`."""
    start = doc.index(title)
    body = doc.index("```ini\n", start) + len("```ini\n")
    return doc[body:doc.index("```", body)]


def main() -> None:
    binary, schedules = common.args_or_die(sys.argv, "check_sync_docs.py DOSECAL_BINARY FIXTURES_DIR")
    vdirsyncer_config = common.require("vdirsyncer.cli.config", "vdirsyncer")
    vdirsyncer_utils = common.require("vdirsyncer.cli.utils", "vdirsyncer")
    khal = shutil.which("khal") or common.die("khal is not installed (pip install khal)")
    doc = (Path(__file__).resolve().parents[2] / "docs" / "sync.md").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as t:
        home = Path(t)
        folder = home / ".calendars" / "doses"
        shutil.copy(schedules / "demo.json", home / "meds.json")

        # 2. The service's dosecal line, as systemd would run it.
        service = ini_after(doc, "`~/.config/systemd/user/dosecal-sync.service`")
        line = next(l for l in service.splitlines() if l.startswith("ExecStart=") and "dosecal sync" in l)
        command = line[len("ExecStart="):].replace("%h", str(home)).replace("/usr/local/bin/dosecal", str(binary.resolve()))
        words = re.findall(r"'[^']*'|\S+", command)
        env = dict(os.environ, SOURCE_DATE_EPOCH="1796040000")
        r = subprocess.run([w.strip("'") for w in words], capture_output=True, text=True, env=env, timeout=300)
        items = sorted(folder.glob("*.ics")) if folder.is_dir() else []
        check(r.returncode == 0 and len(items) > 0, f"the unit's dosecal line fills the folder ({r.returncode}, {len(items)} items; {r.stderr.strip()[:200]})")

        # 1. vdirsyncer reads the configuration and the folder.
        conf = home / "vdirsyncer.conf"
        conf.write_text(ini_after(doc, "`~/.config/vdirsyncer/config`").replace("~/", f"{home}/"), encoding="utf-8")
        try:
            config = vdirsyncer_config.load_config(str(conf))
            loaded = True
        except Exception as e:  # noqa: BLE001 - any failure to load is the finding
            loaded, config = False, None
            print(f"  {e}")
        check(loaded, "vdirsyncer loads the documented configuration")
        if config:
            types = [s["type"] for s in config.storages.values()]
            known = all(vdirsyncer_utils.storage_names[t] for t in types)
            check(known and set(types) == {"filesystem", "caldav"}, f"its storages are vdirsyncer's filesystem and caldav ({types})")
            local = dict(config.storages["doses_local"])
            cls = vdirsyncer_utils.storage_names[local.pop("type")]
            local.pop("instance_name", None)
            storage = cls(**local)
            listed = storage.list()
            count = len(list(listed)) if not hasattr(listed, "__aiter__") else len(asyncio_list(listed))
            check(count == len(items), f"its filesystem storage lists every item dosecal wrote ({count} of {len(items)})")

        # 3. khal reads the same folder.
        khal_conf = home / "khal.conf"
        khal_conf.write_text(ini_after(doc, "`~/.config/khal/config`").replace("~/", f"{home}/"), encoding="utf-8")
        kenv = dict(os.environ, XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"), TZ="America/New_York")
        r = subprocess.run([khal, "-c", str(khal_conf), "list", "2026-12-01", "2d"], capture_output=True, text=True, timeout=300, env=kenv)
        noisy = [l for l in (r.stdout + r.stderr).splitlines() if "warning" in l.lower() or "error" in l.lower()]
        check(r.returncode == 0 and not noisy and "Metformin" in r.stdout,
              f"khal lists the folder's doses with the documented configuration ({r.returncode}; {noisy[:2]})")
    if failures:
        sys.exit(1)


def asyncio_list(aiter) -> list:
    import asyncio

    async def collect():
        return [x async for x in aiter]

    return asyncio.run(collect())


if __name__ == "__main__":
    main()
