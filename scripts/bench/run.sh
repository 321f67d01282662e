#!/usr/bin/env bash
# make bench: export 1,000 medications x 4 slots with the release build; the same feed with
# Python icalendar. Prints wall time, CPU time and peak memory (GNU time).
set -euo pipefail
bin="${1:-.build/release/dosecal}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 scripts/bench/gen_schedule.py 1000 > "$tmp/bench.json"
measure() {  # label, command...
    local label=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" > /dev/null
    read -r wall user sys rss < "$tmp/time"
    printf '%-44s wall %6.2f s  cpu %6.2f s  peak %7.1f MiB\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "scale=1; $rss / 1024" | bc)"
}
echo "Export, 1,000 medications x 4 slots ($(wc -c < "$tmp/bench.json") bytes of schedule):"
for i in 1 2 3; do
    rm -f "$tmp/out.ics"
    measure "dosecal export (release), run $i" "$bin" export "$tmp/bench.json" -o "$tmp/out.ics" --now 2026-11-30T12:00:00Z --quiet
done
measure "dosecal export, re-run over its own file" "$bin" export "$tmp/bench.json" -o "$tmp/out.ics" --now 2026-12-01T12:00:00Z --quiet
echo "  feed: $(wc -c < "$tmp/out.ics") bytes, $(grep -c '^BEGIN:VEVENT' "$tmp/out.ics") events"
for i in 1 2; do
    measure "python icalendar $(python3 -c 'import icalendar; print(icalendar.__version__)'), run $i" python3 scripts/bench/python_feed.py "$tmp/bench.json" "$tmp/py.ics"
done
echo "  python feed: $(wc -c < "$tmp/py.ics") bytes, $(grep -c '^BEGIN:VEVENT' "$tmp/py.ics") events"
