#!/usr/bin/env python3
"""No function over LIMIT lines (default 60) in the given Swift files or folders.

usage: function_length.py [--limit N] [--verify] PATH...

Prints `file:line: name: N lines (limit L)` for each function longer than the limit and exits 1
when there is one. A function is a `func`, `init`, `deinit` or `subscript` body, or an accessor
(a computed property's getter, `get`, `set`, `willSet`, `didSet`, ...); its length runs from the
line of its keyword to the line of its closing brace (swift_scan.py says exactly what counts).

--verify also parses every file with the compiler (`swift-frontend -dump-parse`) and checks that
the scanner found exactly the function bodies the compiler did (their first and last lines); a
difference is printed and fails the run. The compiler's dump leaves out code between `#if` and
`#endif`, so functions there are not compared. It takes a few seconds per hundred files, so the lint
runs it on the self-test's tricky inputs only; run it over Sources after changing the scanner.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import swift_scan  # noqa: E402

DECL = re.compile(r"^( *)\((func_decl|constructor_decl|destructor_decl|subscript_decl|accessor_decl) ")
BRACE = re.compile(r"^( *)\(brace_stmt range=\[[^:\]]*:(\d+):\d+ - line:(\d+):\d+\]")


def swift_files(paths: list[str]) -> list[pathlib.Path]:
    files: list[pathlib.Path] = []
    for p in map(pathlib.Path, paths):
        files.extend(sorted(p.rglob("*.swift")) if p.is_dir() else [p])
    return files


def compiler_bodies(path: pathlib.Path) -> set[tuple[int, int]]:
    """(first line, last line) of every function body the compiler's parser sees."""
    frontend = shutil.which("swift-frontend")
    if frontend is None:
        raise SystemExit("function_length.py --verify: swift-frontend is not on PATH (it is in the Swift toolchain)")
    mode = [] if path.name == "main.swift" else ["-parse-as-library"]
    out = subprocess.run(
        [frontend, "-dump-parse", *mode, str(path)], capture_output=True, text=True, errors="replace"
    ).stdout
    bodies = set()
    decl_indent = None
    for line in out.splitlines():
        m = DECL.match(line)
        if m:
            # A `defer` block is an implicit function to the compiler, not one of ours.
            decl_indent = None if " implicit " in line else len(m.group(1))
            continue
        m = BRACE.match(line)
        if m and decl_indent is not None and len(m.group(1)) == decl_indent + 2:
            bodies.add((int(m.group(2)), int(m.group(3))))
            decl_indent = None
    return bodies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    failed = False
    for path in swift_files(args.paths):
        found = swift_scan.scan_file(path, swift_scan.functions)
        if found is None:
            failed = True
            continue
        for f in sorted(found, key=lambda f: f.line):
            if f.length > args.limit:
                print(f"{path}:{f.line}: {f.name}: {f.length} lines (limit {args.limit})")
                failed = True
        if args.verify:
            # The compiler's parse dump leaves out everything between `#if` and `#endif`.
            hidden = swift_scan.conditional_lines(path.read_text(encoding="utf-8"))
            ours = {(f.body_start, f.end) for f in found if f.body_start not in hidden}
            theirs = compiler_bodies(path)
            for first, last in sorted(ours - theirs):
                print(f"{path}:{first}: the scanner sees a function body (lines {first}-{last}) the compiler does not")
                failed = True
            for first, last in sorted(theirs - ours):
                print(f"{path}:{first}: the compiler sees a function body (lines {first}-{last}) the scanner missed")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
