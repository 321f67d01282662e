#!/usr/bin/env bash
# The project's rules that a program can check (`make lint`; docs: scripts/lint/README.md).
#
# Usage: scripts/lint.sh [CHECK...]   (default: all, in this order)
#   selftest   the checkers' own tests (scripts/lint/test_lint.py): a checker that stopped
#              working would pass everything
#   format     swift format lint --strict over Sources and Tests (.swift-format)
#   functions  no function over 60 lines in Sources
#   imports    only Sources/ICal/Libical.swift imports CLibical / CLibicalICU, only
#              Sources/DoseCal/Support/SQLite/SQLiteDatabase.swift imports CSQLite
#   issues     no issue numbers in code or docs
#   doc-types  docs name only types that exist (allowlist: scripts/lint/doc-types-allowed.txt)
#   decisions  every decision has a status line and a row in docs/decisions/README.md
# Each check prints what is wrong and where; the script runs them all and exits 1 when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
LINT=scripts/lint

checks=("$@")
((${#checks[@]})) || checks=(selftest format functions imports issues doc-types decisions)

run() {
    case "$1" in
    selftest) "$PYTHON" "$LINT/test_lint.py" ;;
    format) "$SWIFT" format lint --strict --recursive Sources Tests ;;
    functions) "$PYTHON" "$LINT/function_length.py" --limit 60 Sources ;;
    imports) "$PYTHON" "$LINT/c_imports.py" . ;;
    issues) "$PYTHON" "$LINT/issue_numbers.py" . ;;
    doc-types) "$PYTHON" "$LINT/doc_types.py" . ;;
    decisions) "$PYTHON" "$LINT/decisions.py" . ;;
    *)
        echo "lint: unknown check '$1' (selftest, format, functions, imports, issues, doc-types, decisions)" >&2
        return 64
        ;;
    esac
}

failed=()
for check in "${checks[@]}"; do
    out=$(run "$check" 2>&1)
    status=$?
    if ((status == 0)) && [[ -z "$out" || "$check" == selftest ]]; then
        echo "lint $check: ok"
    else
        # swift format lint reports findings on stderr and may exit 0 without --strict; any
        # output of a check is a finding.
        echo "lint $check: FAILED"
        printf '%s\n' "$out" | sed 's/^/  /'
        failed+=("$check")
    fi
done
if ((${#failed[@]})); then
    echo "lint: failed: ${failed[*]}"
    exit 1
fi
