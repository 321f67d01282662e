#!/usr/bin/env python3
"""Docs name only types that exist.

usage: doc_types.py [--list] [ROOT]

Reads every `docs/*.md` and `docs/decisions/*.md` under ROOT (default: the current folder) and
checks each type name written as code (between backticks) against the types declared in
`Sources/`, `Tests/` and `Fuzz/` (struct, class, enum, protocol, actor, typealias,
associatedtype, nested ones included), the module names (the folders of `Sources/` and
`Tests/`), and `scripts/lint/doc-types-allowed.txt` (names that are not ours: the standard
library, Foundation, Apple's frameworks, ...; each listed with why). Prints
`file:line: `Name` is no type in Sources/ or Tests/` for each other name and exits 1.

What counts as a type name: a code span that reads as a Swift reference (a dotted path, maybe
with an argument list or generic arguments: `FeedBuilder.write()`, `SyncError.Cause`,
`Set<String>`, `[DoseKey: Int]`) yields each of its UpperCamelCase identifiers (a capital
first, a lower-case letter somewhere, letters and digits only: `ReturnedSeries`, `ICalError`;
not `RRULE`, `PST` or `SHA256`, which read as iCalendar names and abbreviations). A span with words separated by
spaces (`W. Europe Standard Time`), with `=`, `/`, `-`, `+` or quotes is prose, a path, an option
or iCalendar text, not a type. Members (`Zone.utc`, `ICalError.unknownZone`) and labels are lower
case, so only the types of a path and of its arguments are checked.

--list prints every name found with its count, for reviewing the allowlist.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import swift_scan  # noqa: E402

# A file's name (`Package.swift`, `Google1.ics`) is not a type's, even when it reads like one.
FILE_NAME = re.compile(r"\.(swift|md|c|cpp|h|ics|json|py|sh|txt|dict|docc)$")
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# Only identifiers, dots, argument lists, generic and collection brackets, labels' colons and
# the spaces Swift puts after a comma or colon; a `?`/`!` after a type.
CODE = re.compile(r"^[\[(]?[A-Za-z_][\w.]*(?:[\w.\[\]()<>:,?!&]|(?<=[,:]) )*$")
IDENT = re.compile(r"[A-Za-z_]\w*")
UPPER_CAMEL = re.compile(r"^[A-Z][A-Za-z0-9]*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def is_type_like(name: str) -> bool:
    return bool(UPPER_CAMEL.match(name)) and any(c.islower() for c in name)


def names_in_span(span: str) -> list[str]:
    """The type names a code span holds, or none when it is not a Swift reference."""
    if not CODE.match(span) or FILE_NAME.search(span) or span.endswith(":"):
        return []  # not code, a file's name, or a label (`Options:` in a help text)
    return [m.group(0) for m in IDENT.finditer(span) if is_type_like(m.group(0))]


def declared(root: pathlib.Path) -> set[str]:
    names: set[str] = set()
    for folder in ("Sources", "Tests", "Fuzz"):
        base = root / folder
        if not base.is_dir():
            continue
        if folder != "Fuzz":
            names.update(p.name for p in base.iterdir() if p.is_dir())
        for path in base.rglob("*.swift"):
            names.update(swift_scan.declared_types(path.read_text(encoding="utf-8")))
    return names


def allowed(path: pathlib.Path) -> set[str]:
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.update(line.split())
    return names


def doc_files(root: pathlib.Path) -> list[pathlib.Path]:
    return sorted((root / "docs").glob("*.md")) + sorted((root / "docs" / "decisions").glob("*.md"))


def spans(path: pathlib.Path):
    """(line number, span) of every inline code span outside fenced blocks."""
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            for m in SPAN.finditer(line):
                yield number, m.group(1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("root", nargs="?", default=".")
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    known = declared(root) | allowed(root / "scripts" / "lint" / "doc-types-allowed.txt")
    counts: collections.Counter[str] = collections.Counter()
    failed = False
    for path in doc_files(root):
        for number, span in spans(path):
            for name in names_in_span(span):
                counts[name] += 1
                if name not in known and not args.list:
                    print(f"{path.relative_to(root)}:{number}: `{name}` is no type in Sources/ or Tests/")
                    failed = True
    if failed:
        print("Name the type that does this now, or describe it in words; a name that is not ours"
              " goes in scripts/lint/doc-types-allowed.txt with why.")
    if args.list:
        for name, count in sorted(counts.items()):
            print(f"{count:5} {name}{'' if name in known else '   <- unknown'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
