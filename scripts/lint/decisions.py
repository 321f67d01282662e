#!/usr/bin/env python3
"""Every decision has a status line and a row in the index, and its links lead somewhere.

usage: decisions.py [--rows] [ROOT]

Checks docs/decisions/ under ROOT (default: the current folder):
- each `NNNN-short-name.md` starts with `# NNNN: Title`, an empty line, and a status line in one
  of three forms:
      Status: accepted
      Status: accepted; amends [NNNN](NNNN-name.md)[, [NNNN](NNNN-name.md)...]
      Status: superseded by [NNNN](NNNN-name.md)
  where each link names an existing decision of that number (a superseding one not itself
  superseded), and the decision named mentions this one (the amended part marked
  **Amended by NNNN**, or a History paragraph in the successor);
- no two files share a number;
- README.md (the index) has exactly one row per decision, in number order, of the form
      | [NNNN](NNNN-short-name.md) | Title | status | what it concerns |
  whose title is the file's title and whose status is the file's status with each link written
  as its number (`accepted; amends 0034`, `superseded by 0040`), and no row for a missing file;
- every relative link in a decision file or the index (outside code spans) leads to a file that
  exists, and a link with `#anchor` to a heading of that file.
Prints `file:line: what is wrong` and exits 1 when anything is.

--rows prints the index row of every decision that has none (with `?` for what it concerns, to
be filled in), for pasting into README.md.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys

NAME = re.compile(r"^([0-9]{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$")
TITLE = re.compile(r"^# ([0-9]{4}): (\S.*)$")
REF = r"\[([0-9]{4})\]\(([0-9]{4}-[a-z0-9-]+\.md)\)"
ACCEPTED = re.compile(r"^Status: accepted$")
AMENDS = re.compile(rf"^Status: accepted; amends {REF}((?:, {REF})*)$")
SUPERSEDED = re.compile(rf"^Status: superseded by {REF}$")
ROW = re.compile(r"^\| \[([0-9]{4})\]\(([^)]+)\) \| (.+?) \| (.+?) \| (.+?) \|$")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: pathlib.Path) -> set[str]:
    found = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


class Decisions:
    def __init__(self, root: pathlib.Path):
        self.root = root
        self.folder = root / "docs" / "decisions"
        self.problems: list[str] = []
        self.files: dict[str, pathlib.Path] = {}
        self.titles: dict[str, str] = {}
        self.statuses: dict[str, str] = {}  # as the index writes it

    def problem(self, path: pathlib.Path, line: int, text: str) -> None:
        self.problems.append(f"{path.relative_to(self.root)}:{line}: {text}")

    def read_files(self) -> None:
        for path in sorted(self.folder.glob("*.md")):
            if path.name == "README.md":
                continue
            m = NAME.match(path.name)
            if not m:
                self.problem(path, 1, "a decision file is named NNNN-short-name.md (four digits, lower-case words)")
                continue
            number = m.group(1)
            if number in self.files:
                self.problem(path, 1, f"decision {number} is also {self.files[number].name}; take the next free number")
                continue
            self.files[number] = path
        for number, path in self.files.items():
            self.read_head(number, path)

    def read_head(self, number: str, path: pathlib.Path) -> None:
        lines = path.read_text(encoding="utf-8").splitlines() + ["", "", ""]
        m = TITLE.match(lines[0])
        if not m or m.group(1) != number:
            self.problem(path, 1, f"the first line is the title: `# {number}: What was decided`")
        else:
            self.titles[number] = m.group(2)
        status = lines[2]
        if lines[1] != "" or not status.startswith("Status: "):
            self.problem(path, 2, "the status line comes right under the title, after one empty line:"
                                  " `Status: accepted`, `Status: accepted; amends [NNNN](NNNN-name.md)`"
                                  " or `Status: superseded by [NNNN](NNNN-name.md)`")
            return
        if not (ACCEPTED.match(status) or AMENDS.match(status) or SUPERSEDED.match(status)):
            self.problem(path, 3, f"`{status}` is not a status line; use `Status: accepted`,"
                                  " `Status: accepted; amends [NNNN](NNNN-name.md)[, ...]`"
                                  " or `Status: superseded by [NNNN](NNNN-name.md)`")
            return
        self.statuses[number] = re.sub(REF, r"\1", status.removeprefix("Status: "))

    def check_references(self) -> None:
        for number, path in self.files.items():
            status = path.read_text(encoding="utf-8").splitlines()[2:3]
            for ref, target in re.findall(REF, status[0] if status else ""):
                if ref == number:
                    self.problem(path, 3, f"decision {number} names itself in its status")
                elif ref not in self.files or self.files[ref].name != target:
                    self.problem(path, 3, f"[{ref}]({target}) is no decision file of that number")
                elif self.statuses.get(number, "").startswith("superseded"):
                    if self.statuses.get(ref, "").startswith("superseded"):
                        self.problem(path, 3, f"{ref} is superseded itself; name the decision that holds now")
                    elif not re.search(rf"\b{number}\b", self.files[ref].read_text(encoding="utf-8")):
                        self.problem(self.files[ref], 1, f"{ref} supersedes {number}: tell in a History"
                                                         f" paragraph what {number} decided and why it changed")
                elif not re.search(rf"\b{number}\b", self.files[ref].read_text(encoding="utf-8")):
                    self.problem(self.files[ref], 1, f"{number} amends {ref}: mark the changed part in {ref}"
                                                     f" (**Amended by [{number}]({path.name}).** what changed)")

    def check_index(self, print_rows: bool) -> None:
        index = self.folder / "README.md"
        if not index.exists():
            self.problem(self.folder / "README.md", 1, "the index of decisions is missing")
            return
        seen: dict[str, int] = {}
        previous = ""
        for line_number, line in enumerate(index.read_text(encoding="utf-8").splitlines(), 1):
            if not re.match(r"^\| \[[0-9]", line):
                continue
            m = ROW.match(line)
            if not m:
                self.problem(index, line_number, "a row is `| [NNNN](NNNN-name.md) | Title | status | concerns |`")
                continue
            number, target, title, status, concerns = m.groups()
            if number in seen:
                self.problem(index, line_number, f"decision {number} has a row already (line {seen[number]})")
                continue
            seen[number] = line_number
            if number < previous:
                self.problem(index, line_number, f"row {number} comes after {previous}; keep the rows in number order")
            previous = max(previous, number)
            path = self.files.get(number)
            if path is None or path.name != target:
                self.problem(index, line_number, f"[{number}]({target}) is no decision file")
                continue
            if number in self.titles and title != self.titles[number]:
                self.problem(index, line_number, f"the title is `{self.titles[number]}` in {target}")
            if number in self.statuses and status != self.statuses[number]:
                self.problem(index, line_number, f"the status is `{self.statuses[number]}` in {target}")
            if concerns.strip() in ("", "?"):
                self.problem(index, line_number, "say which module or doc the decision concerns")
        for number, path in self.files.items():
            if number not in seen:
                self.problem(path, 1, f"decision {number} has no row in docs/decisions/README.md"
                                      " (decisions.py --rows prints it)")
                if print_rows:
                    print(f"| [{number}]({path.name}) | {self.titles.get(number, '?')} |"
                          f" {self.statuses.get(number, '?')} | ? |")

    def check_links(self) -> None:
        for path in sorted(self.folder.glob("*.md")):
            fenced = False
            for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                    if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                        continue
                    file_part, _, anchor = target.partition("#")
                    linked = (path.parent / file_part).resolve()
                    if not linked.exists():
                        self.problem(path, line_number, f"the link to {target} leads nowhere")
                    elif anchor and linked.is_file() and anchor not in anchors(linked):
                        self.problem(path, line_number, f"{file_part} has no heading #{anchor}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", action="store_true")
    parser.add_argument("root", nargs="?", default=".")
    args = parser.parse_args()
    d = Decisions(pathlib.Path(args.root).resolve())
    d.read_files()
    d.check_references()
    d.check_index(args.rows)
    d.check_links()
    if not args.rows:
        for p in d.problems:
            print(p)
    return 1 if d.problems else 0


if __name__ == "__main__":
    sys.exit(main())
