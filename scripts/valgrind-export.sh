#!/usr/bin/env bash
# Runs `dosecal export` under valgrind and fails on any definite or indirect leak.
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
echo "valgrind: no leaks in dosecal export"
