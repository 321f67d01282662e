#!/usr/bin/env python3
"""Code and docs name capabilities, never issue numbers.

usage: issue_numbers.py [ROOT]

Reads every text file of the project (the files git tracks or would track, from ROOT) except
fixtures/ (calendars and schedules from elsewhere, whose names and texts are not ours: the
corpus has `issue_86_...ics`, named after another project's tracker) and prints
`file:line: "TEXT" names an issue number` for:
- `issue 28`, `issues 28`, `issue #28`, `Issue-28`, `issue28` (any case);
- `issues/28`, `pull/28` (a tracker path);
- `#28`: a `#` and a number from 1 to 99999 that starts no longer number or word.
Not reported, because they are something else:
- colours and hex values: `#008080`, `#00808` (a number after `#` that begins with 0 or has six
  digits or more);
- `&#39;` (a character reference), `$#` (a shell's argument count), `##1`;
- a full URL (`https://host/owner/project/issues/28`): a citation of another project's tracker;
- a file name or path (`vendors/outlook/issue-343.ics`, a corpus file named by its project);
- decision numbers (`decision 0040`), RFC numbers, line numbers (`meds.json:6:60`): not issue
  words.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

PATTERNS = [
    re.compile(r"\bissues?[ \t]*[-#]?[ \t]*[0-9]+\b", re.IGNORECASE),
    re.compile(r"\b(?:issues|pull)/[0-9]+\b", re.IGNORECASE),
    re.compile(r"(?<![\w&#$/])#[1-9][0-9]{0,4}(?![\w])"),
]
URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
# A file name or path (`vendors/outlook/issue-343.ics`): another project's file, named by it.
FILE_NAME = re.compile(r"[\w./-]*\w\.[A-Za-z]{1,5}\b")
# This check's own description and tests spell out what it reports.
SKIPPED = ("fixtures/", "scripts/lint/issue_numbers.py", "scripts/lint/test_lint.py", "scripts/lint/README.md")


def project_files(root: pathlib.Path) -> list[str]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=root, capture_output=True, text=True, check=True,
        ).stdout
        names = out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        names = [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and ".git" not in p.parts]
    return sorted(n for n in names if not n.startswith(SKIPPED) and (root / n).is_file())


def findings(text: str):
    for number, line in enumerate(text.splitlines(), 1):
        plain = FILE_NAME.sub(" ", URL.sub(" ", line))
        taken: list[range] = []
        for pattern in PATTERNS:
            for m in pattern.finditer(plain):
                if not any(m.start() in r or m.end() - 1 in r for r in taken):
                    taken.append(range(m.start(), m.end()))
                    yield number, m.group(0)


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    failed = False
    for name in project_files(root):
        try:
            text = (root / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # not text
        for number, found in findings(text):
            print(f"{name}:{number}: \"{found}\" names an issue number; name the capability instead")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
