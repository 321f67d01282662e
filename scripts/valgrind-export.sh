#!/usr/bin/env bash
# Runs `dosecal export` and `dosecal check` (libical parse, expansion, libical's own iterator,
# built-in zones) under valgrind and fails on any definite or indirect leak or memory error.
set -euo pipefail
bin="${1:-.build/debug/dosecal}"
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install valgrind" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in fixtures/schedules/demo.json fixtures/schedules/cycle-21-7.json fixtures/schedules/taper.json; do
    valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 \
        --log-file="$tmp/valgrind.log" "$bin" export "$f" -o "$tmp/out.ics" --now 2026-11-30T12:00:00Z --quiet || {
        echo "valgrind found errors or leaks in: dosecal export $f" >&2
        cat "$tmp/valgrind.log" >&2
        exit 1
    }
    grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$tmp/valgrind.log" | sed "s|^==[0-9]*==|  $(basename "$f"):|"
done
run() {  # label, command...
    local label=$1; shift
    valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 \
        --log-file="$tmp/valgrind.log" "$@" > /dev/null || {
        local rc=$?
        if [[ $rc == 9 ]] || grep -q "ERROR SUMMARY: [1-9]" "$tmp/valgrind.log"; then
            echo "valgrind found errors or leaks in: $label" >&2; cat "$tmp/valgrind.log" >&2; exit 1
        fi
    }
    grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$tmp/valgrind.log" | sed "s|^==[0-9]*==|  $label:|"
}
run "check demo" "$bin" check fixtures/schedules/demo.json --from 2027-03-01 --to 2027-03-31 --json
run "check utc-rewritten" "$bin" check fixtures/schedules/demo.json --calendar fixtures/calendars/demo-utc-rewritten.ics --from 2027-03-10 --to 2027-03-16
echo "valgrind: no leaks in dosecal export and check"
