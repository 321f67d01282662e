#!/usr/bin/env python3
"""Each C library's modules are imported in one Swift file only: libical's, SQLite's.

usage: c_imports.py [ROOT]

Every Swift file under Sources/, Tests/ and Fuzz/ is read with the Swift scanner (so an
`import` in a comment or a string does not count, and `@preconcurrency internal import
CLibical`, `import struct CLibical.icaltimetype` do); a file other than
Sources/ICal/Libical.swift that imports a module whose name begins with `CLibical` (the
system-library target CLibical and the C target CLibicalICU), or a file other than
Sources/DoseCal/Support/SQLite/SQLiteDatabase.swift that imports CSQLite, is printed as
`file:line: imports MODULE` and the run exits 1. The C targets' own files (Sources/CLibical, Sources/CLibicalICU)
are C, not Swift, and are not read.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import swift_scan  # noqa: E402

# A module name prefix, the one file that may import such modules, and what that file is for.
THE_ONE_FILES = (
    ("CLibical", pathlib.PurePosixPath("Sources/ICal/Libical.swift"), "calls libical (add the call there, docs/ical.md)"),
    ("CSQLite", pathlib.PurePosixPath("Sources/DoseCal/Support/SQLite/SQLiteDatabase.swift"),
     "calls SQLite (add the call there, docs/sync.md)"),
)


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    failed = False
    for folder in ("Sources", "Tests", "Fuzz"):
        for path in sorted((root / folder).rglob("*.swift")):
            relative = pathlib.PurePosixPath(path.relative_to(root).as_posix())
            imports = swift_scan.scan_file(path, swift_scan.imported_modules, relative)
            if imports is None:
                failed = True
                continue
            for line, module in imports:
                for prefix, the_one, role in THE_ONE_FILES:
                    if module.startswith(prefix) and relative != the_one:
                        print(f"{relative}:{line}: imports {module}; only {the_one} {role}")
                        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
