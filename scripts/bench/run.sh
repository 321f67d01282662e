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

# check: a 50-slot schedule (10 medications x 5 slots, mixed recurrences) over one year in 12 zones.
python3 - "$tmp/check.json" <<'PY'
import json, sys
kinds = [{"kind": "daily"}, {"kind": "weekly", "weekdays": ["MO", "WE", "FR"]}, {"kind": "everyNDays", "days": 2},
         {"kind": "cycle", "daysOn": 21, "daysOff": 7}, {"kind": "daily"}]
meds = []
for i in range(10):
    times = [f"{(h * 3 + i) % 24:02d}:{(15 * i) % 60:02d}" for h in range(5)]
    meds.append({"id": f"m{i}", "name": f"Medication {i}", "times": times, "recurrence": kinds[i % 5],
                 "start": "2026-01-01"})
json.dump({"version": 1, "homeZone": "America/New_York", "medications": meds}, open(sys.argv[1], "w"))
PY
zones="America/New_York Europe/Berlin Europe/London Australia/Sydney Australia/Lord_Howe America/Santiago America/Havana Asia/Beirut Pacific/Chatham Asia/Kolkata Pacific/Apia America/Mexico_City"
echo "Check, 50 slots, one year (2027), 12 zones:"
start=$(date +%s.%N)
for z in $zones; do
    measure "dosecal check --zone $z" "$bin" check "$tmp/check.json" --zone "$z" --from 2027-01-01 --to 2027-12-31 --json
done
echo "  all 12 zones: $(echo "$(date +%s.%N) - $start" | bc) s wall"

# sync: a ~5,000-item vdir folder (720 medications x 4 slots, cycles in 3 rules, refill warnings).
python3 scripts/bench/gen_schedule.py 720 > "$tmp/sync.json"
vdir="$tmp/vdir/doses"
echo "Sync, 720 medications (5,040 items) into a vdir folder:"
measure "dosecal sync, first (empty folder)" "$bin" sync "$tmp/sync.json" --vdir "$vdir" --now 2026-11-30T12:00:00Z
echo "  folder: $(ls "$vdir" | wc -l) files"
measure "dosecal sync, no-op" "$bin" sync "$tmp/sync.json" --vdir "$vdir" --now 2026-12-01T12:00:00Z
# 10 daily medications get a new morning time: 10 dose series change.
python3 - "$tmp/sync.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in [m for m in d["medications"] if m["recurrence"]["kind"] == "daily"][:10]:
    m["times"][0]["time"] = "05:45"
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
"$bin" sync "$tmp/sync.json" --vdir "$vdir" --now 2026-12-02T12:00:00Z --dry-run --json \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print("  a dry run plans", len(d["updated"]), "changed files")'
measure "dosecal sync, 10 changed items" "$bin" sync "$tmp/sync.json" --vdir "$vdir" --now 2026-12-02T12:00:00Z
if command -v vdirsyncer >/dev/null; then
    mkdir -p "$tmp/copy/doses" "$tmp/vs-status"
    cat > "$tmp/vdirsyncer.conf" <<CONF
[general]
status_path = "$tmp/vs-status/"
[pair bench]
a = "bench_a"
b = "bench_b"
collections = null
[storage bench_a]
type = "filesystem"
path = "$vdir/"
fileext = ".ics"
[storage bench_b]
type = "filesystem"
path = "$tmp/copy/doses/"
fileext = ".ics"
CONF
    vs=(env XDG_CONFIG_HOME="$tmp/xdg" vdirsyncer -v ERROR -c "$tmp/vdirsyncer.conf")
    "${vs[@]}" discover > /dev/null 2>&1
    measure "vdirsyncer $(vdirsyncer --version | awk '{print $NF}') fs->fs, first (copy)" "${vs[@]}" sync
    measure "vdirsyncer fs->fs, no-op" "${vs[@]}" sync
    python3 - "$tmp/sync.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in [m for m in d["medications"] if m["recurrence"]["kind"] == "daily"][:10]:
    m["times"][0]["time"] = "05:30"
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
    "$bin" sync "$tmp/sync.json" --vdir "$vdir" --now 2026-12-03T12:00:00Z > /dev/null
    measure "vdirsyncer fs->fs, 10 changed items" "${vs[@]}" sync
else
    echo "  (vdirsyncer not installed: pip install vdirsyncer)"
fi
# reconcile: a 5 MB returned calendar with 20,000 events (dosecal's export of 500 medications with
# client edits, plus foreign events), parsed and reconciled; the same parse + expand + compare in
# Python (icalendar + recurring-ical-events).
python3 scripts/bench/gen_schedule.py 500 > "$tmp/rec.json"
"$bin" export "$tmp/rec.json" -o "$tmp/rec-base.ics" --now 2026-11-20T00:00:00Z --quiet
python3 scripts/bench/gen_returned_calendar.py "$tmp/rec-base.ics" 0 20000 > "$tmp/rec-returned.ics"
echo "Reconcile, $(wc -c < "$tmp/rec-returned.ics") bytes, $(grep -c '^BEGIN:VEVENT' "$tmp/rec-returned.ics") events ($(grep -c '^BEGIN:VEVENT' "$tmp/rec-base.ics") from dosecal):"
for i in 1 2; do
    measure "dosecal reconcile (release), run $i" "$bin" reconcile "$tmp/rec.json" "$tmp/rec-returned.ics" --base "$tmp/rec-base.ics" --now 2026-12-15T12:00:00Z --json
done
"$bin" reconcile "$tmp/rec.json" "$tmp/rec-returned.ics" --base "$tmp/rec-base.ics" --now 2026-12-15T12:00:00Z --json > "$tmp/rec-out.json"
python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print('  changes', len(r['changes']), 'conflicts', len(r['conflicts']), 'unmapped', len(r['unmapped']))" "$tmp/rec-out.json"
measure "dosecal import (release), same file" "$bin" import "$tmp/rec-returned.ics" -o "$tmp/rec-imported.json"
measure "python icalendar + recurring-ical-events" python3 scripts/bench/python_reconcile.py "$tmp/rec-base.ics" "$tmp/rec-returned.ics"
# long values: 50 MB of notes in one medication (each of its items carries them): linear reading
# and writing (decision 0059).
python3 - "$tmp/notes.json" <<'PY'
import json, sys
d = json.load(open("fixtures/schedules/daily.json"))
d["medications"][0]["notes"] = "take with food. " * (50 * 65536)
json.dump(d, open(sys.argv[1], "w"))
PY
echo "Long notes, $(wc -c < "$tmp/notes.json") bytes of schedule:"
measure "dosecal check" "$bin" check "$tmp/notes.json" --now 2026-12-01T12:00:00Z
measure "dosecal sync, first" "$bin" sync "$tmp/notes.json" --vdir "$tmp/notes-vdir" --now 2026-12-01T12:00:00Z
measure "dosecal sync, no-op" "$bin" sync "$tmp/notes.json" --vdir "$tmp/notes-vdir" --now 2026-12-02T12:00:00Z
