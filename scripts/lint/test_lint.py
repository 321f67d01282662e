#!/usr/bin/env python3
"""Tests of the lint checks themselves: each must find what it is for and nothing else.

Run by `scripts/lint.sh` (check `selftest`) before the checks, or alone:
`python3 scripts/lint/test_lint.py`. Every case builds its own small project in a temporary
folder; the function scanner is also held to the compiler's own parse of fixtures/tricky.swift.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import doc_types  # noqa: E402
import issue_numbers  # noqa: E402
import swift_scan  # noqa: E402


def run(script: str, *args: str, cwd: pathlib.Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(HERE / script), *args], capture_output=True, text=True, cwd=cwd)


def write(root: pathlib.Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def function_of(lines: int, name: str = "long") -> str:
    """A Swift function that spans exactly `lines` lines, keyword to closing brace."""
    body = "\n".join(f"        total += {i}" for i in range(lines - 4))
    return f"struct S {{\n    func {name}() -> Int {{\n        var total = 0\n{body}\n        return total\n    }}\n}}\n"


class FunctionLengthTests(unittest.TestCase):
    def check(self, source: str, *args: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as tmp:
            path = pathlib.Path(tmp) / "F.swift"
            path.write_text(source, encoding="utf-8")
            return run("function_length.py", *args, str(path))

    def test_sixty_lines_pass(self):
        [f] = swift_scan.functions(function_of(60))
        self.assertEqual(f.length, 60)
        result = self.check(function_of(60))
        self.assertEqual((result.returncode, result.stdout), (0, ""))

    def test_sixty_one_lines_fail_with_place_name_and_length(self):
        result = self.check(function_of(61))
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stdout, r"F\.swift:2: S\.long: 61 lines \(limit 60\)\n$")

    def test_the_limit_is_a_parameter(self):
        self.assertEqual(self.check(function_of(61), "--limit", "61").returncode, 0)
        self.assertEqual(self.check(function_of(10), "--limit", "9").returncode, 1)

    def test_braces_in_strings_and_comments_do_not_count(self):
        source = function_of(61).replace(
            "        var total = 0\n",
            '        var total = 0 // }\n        _ = "}}}" + #"}"# + "\\("}")" /* } */\n',
        )
        # One line more, and still one function that closes where it did.
        [f] = swift_scan.functions(source)
        self.assertEqual((f.name, f.line, f.length), ("S.long", 2, 62))
        opened = function_of(60).replace("        var total = 0\n", '        let brace = "{" // {\n        var total = 0\n')
        [g] = swift_scan.functions(opened)
        self.assertEqual(g.length, 61)

    def test_the_tricky_fixture_as_marked(self):
        path = HERE / "fixtures" / "tricky.swift"
        expected = []
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = re.search(r"// expect (\S+) (\d+)$", line)
            if m:
                expected.append((m.group(1), number, int(m.group(2))))
        found = sorted(((f.name, f.line, f.length) for f in swift_scan.functions(path.read_text())), key=lambda t: t[1])
        self.assertEqual(found, expected)
        self.assertGreater(len(expected), 12)

    def test_the_tricky_fixture_agrees_with_the_compiler(self):
        # swift-frontend is part of the Swift toolchain `make lint` needs anyway; without it this
        # fails (it does not skip).
        result = run("function_length.py", "--verify", "--limit", "1000", str(HERE / "fixtures" / "tricky.swift"))
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))

    def test_unbalanced_input_is_reported_not_guessed(self):
        with self.assertRaises(swift_scan.ScanError):
            swift_scan.functions('func f() {\n    let s = "unterminated\n}\n')
        with self.assertRaises(swift_scan.ScanError):
            swift_scan.functions("func f() {\n")
        result = self.check("func f() {\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot be scanned", result.stdout)


class ImportTests(unittest.TestCase):
    def test_only_the_one_file_imports_libical(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            write(root, {
                "Sources/ICal/Libical.swift": "internal import CLibical\ninternal import CLibicalICU\n",
                "Sources/ICal/Other.swift": """\
                    import Foundation
                    // import CLibical in a comment
                    let s = "import CLibical in a string"
                    @preconcurrency internal import CLibicalICU
                    """,
                "Tests/ICalTests/T.swift": "import struct CLibical.icaltimetype\n",
                "Sources/DoseCal/Fine.swift": "import ICal\n",
            })
            result = run("c_imports.py", str(root))
            self.assertEqual(result.returncode, 1)
            lines = result.stdout.splitlines()
            self.assertEqual(len(lines), 2)
            self.assertTrue(lines[0].startswith("Sources/ICal/Other.swift:4: imports CLibicalICU"))
            self.assertTrue(lines[1].startswith("Tests/ICalTests/T.swift:1: imports CLibical"))

    def test_only_the_one_file_imports_sqlite(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            write(root, {
                "Sources/DoseCal/Support/SQLite/SQLiteDatabase.swift": "import CSQLite\n",
                "Sources/DoseCal/Vdir/SyncStore.swift": "import Foundation\n@preconcurrency import CSQLite\n",
                "Sources/ICal/Libical.swift": "import CSQLite\n",
            })
            result = run("c_imports.py", str(root))
            self.assertEqual(result.returncode, 1)
            lines = result.stdout.splitlines()
            self.assertEqual(len(lines), 2)
            self.assertTrue(lines[0].startswith("Sources/DoseCal/Vdir/SyncStore.swift:2: imports CSQLite"))
            self.assertTrue(lines[1].startswith("Sources/ICal/Libical.swift:1: imports CSQLite"))


class IssueNumberTests(unittest.TestCase):
    REPORTED = [
        "fixed in issue 28", "see Issue #7", "issues 12 and 13", "from issue-5", "issue12",
        "tracked at issues/44", "pull/9 merged", "as #31 said", "(#4)",
    ]
    NOT_REPORTED = [
        "RFC 5545 section 3.3.10", "decision 0040", "`#RRGGBB` colours like #008080 and #00808",
        "meds.json:6:60: an error", "&#39; a character reference", "[ $# -eq 2 ]",
        "https://github.com/libical/libical/issues/343 upstream", "`vendors/outlook/issue-343.ics`",
        "#if os(Linux)", "## A heading", "the issue was the zone", "line 28 of the example",
    ]

    def test_patterns(self):
        for text in self.REPORTED:
            self.assertEqual(len(list(issue_numbers.findings(text))), 1, text)
        for text in self.NOT_REPORTED:
            self.assertEqual(list(issue_numbers.findings(text)), [], text)

    def test_files_and_fixtures(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            write(root, {
                "docs/a.md": "Line one.\nThis came from issue 28.\n",
                "Sources/M/A.swift": "// fixes #12\nlet colour = \"#008080\"\n",
                "fixtures/corpus/issue_86.ics": "see issue 86 upstream\n",
            })
            result = run("issue_numbers.py", str(root))
            self.assertEqual(result.returncode, 1)
            self.assertEqual([line.split(": ")[0] for line in result.stdout.splitlines()],
                             ["Sources/M/A.swift:1", "docs/a.md:2"])


class DocTypeTests(unittest.TestCase):
    def test_spans(self):
        self.assertEqual(doc_types.names_in_span("FeedBuilder.write()"), ["FeedBuilder"])
        self.assertEqual(doc_types.names_in_span("SyncError.Cause"), ["SyncError", "Cause"])
        self.assertEqual(doc_types.names_in_span("[DoseKey: (Dose, Rank)]"), ["DoseKey", "Dose", "Rank"])
        self.assertEqual(doc_types.names_in_span("Zone(id, database: ZoneDatabase(directory:))"), ["Zone", "ZoneDatabase"])
        for prose in ["W. Europe Standard Time", "FREQ=DAILY", "America/New_York", "RRULE", "PST",
                      "dosecal check", "--zone", "Sources/ICal/Libical.swift", '"Chicago"', "ICal.docc/x",
                      "Package.swift", "Google1.ics", "Options:"]:
            self.assertEqual(doc_types.names_in_span(prose), [], prose)

    def test_docs_against_declarations_and_the_allowlist(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            write(root, {
                "Sources/Mod/A.swift": """\
                    struct Alpha {
                        enum Beta {}
                        let s = "struct Fake"
                    }
                    typealias Gamma = Alpha
                    """,
                "Tests/ModTests/T.swift": "final class AlphaTests {}\n",
                "scripts/lint/doc-types-allowed.txt": "# not ours\nString  # the standard library\n",
                "docs/a.md": """\
                    `Alpha`, `Alpha.Beta`, `Gamma.make()`, `[String: Alpha]`, `AlphaTests`, `Mod`.
                    `Delta` went away; `Fake` is only in a string.
                    ```swift
                    let x = Epsilon()  // `Epsilon` in a fenced block is an example
                    ```
                    """,
                "docs/decisions/0001-x.md": "# 0001: x\n\nStatus: accepted\n\n`Alpha.Zeta(1)`\n",
            })
            result = run("doc_types.py", str(root))
            self.assertEqual(result.returncode, 1)
            self.assertEqual([line.split(" is no type")[0] for line in result.stdout.splitlines()[:-1]],
                             ["docs/a.md:2: `Delta`", "docs/a.md:2: `Fake`", "docs/decisions/0001-x.md:5: `Zeta`"])
            self.assertIn("doc-types-allowed.txt", result.stdout.splitlines()[-1])


class DecisionTests(unittest.TestCase):
    GOOD = {
        "docs/performance.md": "# Performance\n\n### Decision 0002\n\nFigures.\n",
        "docs/decisions/0001-old.md": "# 0001: Old way\n\nStatus: superseded by [0002](0002-new.md)\n\nNow 0002.\n",
        "docs/decisions/0002-new.md": (
            "# 0002: New way\n\nStatus: accepted\n\nFigures: [performance](../performance.md#decision-0002).\n"
            "`[a link in code](nowhere.md)` is no link.\n\n**History.** 0001 did it the old way.\n\n"
            "**Amended by [0003](0003-more.md).** More.\n"
        ),
        "docs/decisions/0003-more.md": "# 0003: More\n\nStatus: accepted; amends [0002](0002-new.md)\n",
        "docs/decisions/README.md": (
            "# Decisions\n\n| decision | title | status | concerns |\n|---|---|---|---|\n"
            "| [0001](0001-old.md) | Old way | superseded by 0002 | feed |\n"
            "| [0002](0002-new.md) | New way | accepted | feed |\n"
            "| [0003](0003-more.md) | More | accepted; amends 0002 | sync |\n"
        ),
    }

    def check(self, changes: dict[str, str | None]) -> list[str]:
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            files = {**self.GOOD, **changes}
            write(root, {k: v for k, v in files.items() if v is not None})
            result = run("decisions.py", str(root))
            self.assertEqual(result.returncode, 1 if result.stdout else 0)
            return result.stdout.splitlines()

    def test_a_good_set_passes(self):
        self.assertEqual(self.check({}), [])

    def test_a_missing_or_malformed_status(self):
        new = self.GOOD["docs/decisions/0002-new.md"]
        [line] = self.check({"docs/decisions/0002-new.md": new.replace("Status: accepted\n", "We decided.\n")})
        self.assertTrue(line.startswith("docs/decisions/0002-new.md:2: the status line comes right under the title"))
        [line] = self.check({"docs/decisions/0002-new.md": new.replace("Status: accepted\n", "Status: Accepted\n")})
        self.assertIn("`Status: Accepted` is not a status line", line)

    def test_links_in_a_status_must_name_a_decision(self):
        lines = self.check({"docs/decisions/0003-more.md": "# 0003: More\n\nStatus: accepted; amends [0009](0009-x.md)\n"})
        self.assertEqual(lines[0], "docs/decisions/0003-more.md:3: [0009](0009-x.md) is no decision file of that number")
        self.assertIn("docs/decisions/0003-more.md:3: the link to 0009-x.md leads nowhere", lines)

    def test_every_decision_needs_its_row(self):
        lines = self.check({"docs/decisions/0004-late.md": "# 0004: Late\n\nStatus: accepted\n"})
        self.assertEqual(lines, ["docs/decisions/0004-late.md:1: decision 0004 has no row in docs/decisions/README.md"
                                 " (decisions.py --rows prints it)"])

    def test_rows_must_agree_with_their_files(self):
        index = self.GOOD["docs/decisions/README.md"].replace("| New way | accepted |", "| New way | superseded by 0003 |")
        [line] = self.check({"docs/decisions/README.md": index})
        self.assertIn("the status is `accepted` in 0002-new.md", line)
        index = self.GOOD["docs/decisions/README.md"] + "| [0005](0005-gone.md) | Gone | accepted | x |\n"
        lines = self.check({"docs/decisions/README.md": index})
        self.assertEqual(lines[0], "docs/decisions/README.md:8: [0005](0005-gone.md) is no decision file")

    def test_links_must_lead_somewhere(self):
        [line] = self.check({"docs/performance.md": "# Performance\n"})
        self.assertIn("../performance.md has no heading #decision-0002", line)

    def test_amended_and_superseded_decisions_say_so(self):
        new = self.GOOD["docs/decisions/0002-new.md"]
        lines = self.check({"docs/decisions/0002-new.md": new.replace("**Amended by [0003](0003-more.md).** More.\n", "")})
        self.assertEqual(lines, ["docs/decisions/0002-new.md:1: 0003 amends 0002: mark the changed part in 0002"
                                 " (**Amended by [0003](0003-more.md).** what changed)"])
        lines = self.check({"docs/decisions/0002-new.md": new.replace("**History.** 0001 did it the old way.\n\n", "")})
        self.assertEqual(lines, ["docs/decisions/0002-new.md:1: 0002 supersedes 0001: tell in a History paragraph"
                                 " what 0001 decided and why it changed"])

    def test_a_number_used_twice(self):
        lines = self.check({"docs/decisions/0002-other.md": "# 0002: Other\n\nStatus: accepted\n"})
        self.assertTrue(any("decision 0002 is also" in line for line in lines), lines)


if __name__ == "__main__":
    unittest.main(verbosity=0)
