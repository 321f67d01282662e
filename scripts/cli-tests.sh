#!/usr/bin/env bash
# End-to-end checks of the dosecal command line: exit codes, nothing written on bad input,
# file modes, stdin/stdout, determinism.
set -uo pipefail
bin="${1:-.build/debug/dosecal}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
check() {  # description, expected exit, command...
    local what=$1 want=$2; shift 2
    "$@" > "$tmp/stdout" 2> "$tmp/stderr"
    local got=$?
    if [[ $got == "$want" ]]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: $what: exit $got, expected $want"; sed 's/^/  stderr: /' "$tmp/stderr"; fi
}
expect() {  # description, condition...
    if "${@:2}"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
demo=fixtures/schedules/demo.json
check "no arguments is a usage error" 64 "$bin"
check "--help" 0 "$bin" --help
expect "--help lists export" grep -q export "$tmp/stdout"
check "--version" 0 "$bin" --version
check "help export" 0 "$bin" help export
expect "help export shows usage" grep -q "Usage: dosecal export" "$tmp/stdout"
check "export --help" 0 "$bin" export --help
check "unknown command" 64 "$bin" frobnicate
check "unknown option" 64 "$bin" export "$demo" --frob
check "missing schedule argument" 64 "$bin" export
check "missing schedule file" 2 "$bin" export "$tmp/nope.json" -o "$tmp/nope.ics"
expect "nothing written for a missing schedule" test ! -e "$tmp/nope.ics"
printf '{"version": 1, "homeZone": "America/New_York", "medications": [{"id": "a", "name": "A", "start": "2026-01-01", "times": ["25:00"]}]}' > "$tmp/bad.json"
check "bad schedule" 2 "$bin" export "$tmp/bad.json" -o "$tmp/bad.ics"
expect "bad schedule: nothing written" test ! -e "$tmp/bad.ics"
expect "bad schedule: error names file, path and valid values" grep -q 'bad.json:1: medications\[0\].times\[0\]: "25:00" is not a time; use HH:MM' "$tmp/stderr"
check "export to a file" 0 "$bin" export "$demo" -o "$tmp/a.ics" --now 2026-11-30T12:00:00Z
expect "the file is mode 0600" test "$(stat -c %a "$tmp/a.ics")" = 600
expect "summary names the file" grep -q "Wrote $tmp/a.ics" "$tmp/stdout"
cp "$tmp/a.ics" "$tmp/first.ics"
check "re-run at a later time" 0 "$bin" export "$demo" -o "$tmp/a.ics" --now 2026-12-30T12:00:00Z
expect "a re-run changes nothing" cmp -s "$tmp/a.ics" "$tmp/first.ics"
check "stdin to stdout" 0 sh -c "'$bin' export - --now 2026-11-30T12:00:00Z < '$demo' > '$tmp/b.ics'"
expect "stdout export equals file export" cmp -s "$tmp/b.ics" "$tmp/first.ics"
check "SOURCE_DATE_EPOCH fixes the clock" 0 env SOURCE_DATE_EPOCH=1796040000 "$bin" export "$demo" -o "$tmp/c.ics"
expect "SOURCE_DATE_EPOCH gives the same bytes" cmp -s "$tmp/c.ics" "$tmp/first.ics"
echo "not a calendar" > "$tmp/foreign.ics"
check "refuses to replace a file dosecal did not write" 2 "$bin" export "$demo" -o "$tmp/foreign.ics"
expect "the foreign file is untouched" grep -q "not a calendar" "$tmp/foreign.ics"
check "--force replaces it" 0 "$bin" export "$demo" -o "$tmp/foreign.ics" --force --quiet
check "privacy export" 0 "$bin" export "$demo" -o "$tmp/p.ics" --privacy
expect "privacy: no medicine name in the file" bash -c "! grep -qiE 'metformin|levothyroxine|methotrexate|vitamin' '$tmp/p.ics'"
expect "privacy: no medicine name in the summary" bash -c "! grep -qiE 'metformin|levothyroxine|methotrexate|vitamin' '$tmp/stdout'"
check "bad --now" 64 "$bin" export "$demo" --now yesterday
# check
check "check --help" 0 "$bin" check --help
expect "check --help shows usage" grep -q "Usage: dosecal check" "$tmp/stdout"
check "check: dosecal's own feed fires every dose as promised" 0 "$bin" check "$demo" --now 2026-11-20T00:00:00Z
expect "check: summary line" grep -qE "^[0-9]+ doses expected: [0-9]+ fire as promised, 0 at another time, 0 missing; 0 extra" "$tmp/stdout"
utc=fixtures/calendars/demo-utc-rewritten.ics
check "check: a feed rewritten into UTC fails" 1 "$bin" check "$demo" --calendar "$utc" --from 2027-03-10 --to 2027-03-16
expect "check: names a drifting dose" grep -q "Metformin (morning) 08:00 America/New_York: expected 08:00 (12:00Z); calendar: AT 09:00 (13:00Z), +1 h" "$tmp/stdout"
check "check --json" 1 "$bin" check "$demo" --calendar "$utc" --from 2027-03-10 --to 2027-03-16 --json
expect "check --json: doses with uid, expected, feed, status" python3 -c "
import json,sys; d=json.load(open('$tmp/stdout')); x=[r for r in d['doses'] if r['status']=='moved'][0]
assert x['uid'].endswith('@dosecal.app') and x['expected']=='2027-03-14T10:30:00Z' and x['feed']=='2027-03-14T11:30:00Z', x
assert any(r['status']=='missing' and r['feed'] is None for r in d['doses'])"
check "check --strict fails on warnings" 1 "$bin" check "$demo" --now 2026-11-20T00:00:00Z --strict
check "check: bad --gap-policy" 64 "$bin" check "$demo" --gap-policy sometimes
check "check: unknown zone" 64 "$bin" check "$demo" --zone Mars/Base
check "check: --zone and --itinerary together" 64 "$bin" check "$demo" --zone Europe/Berlin --itinerary "$tmp/x.json"
check "check: unreadable calendar" 2 "$bin" check "$demo" --calendar "$tmp/none.ics"
echo "not a calendar" > "$tmp/junk.ics"
check "check: a file that is not a calendar" 2 "$bin" check "$demo" --calendar "$tmp/junk.ics"
printf '[{"from": "2027-01-10", "zone": "Nowhere/Town"}]' > "$tmp/trip.json"
check "check: bad itinerary" 2 "$bin" check "$demo" --itinerary "$tmp/trip.json"
expect "check: itinerary error names the file and key" grep -q "trip.json:1: \[0\].zone" "$tmp/stderr"
printf '[{"from": "2027-01-10", "zone": "Asia/Tokyo"}]' > "$tmp/trip.json"
check "check: travel with dosecal's re-exported feed passes" 0 "$bin" check "$demo" --itinerary "$tmp/trip.json" --from 2027-01-08 --to 2027-01-12 --json
expect "check: travel shows the home-zone drift" python3 -c "
import json; d=json.load(open('$tmp/stdout')); assert any('homeZone' in r for r in d['doses'] if r['day']=='2027-01-11')"
check "check: privacy schedule" 0 "$bin" check fixtures/schedules/privacy.json --now 2026-11-20T00:00:00Z --all --json
expect "check: privacy shows no medicine name or id" bash -c "! grep -qiE 'emtricitabine|sertraline|prep' '$tmp/stdout'"
# Reminder commands: status, log, refill, plan (docs/reminders.md).
for c in status log refill plan; do
    check "$c --help" 0 "$bin" $c --help
    expect "$c --help shows usage and exit status" bash -c "grep -q 'Usage: dosecal $c' '$tmp/stdout' && grep -q 'Exit status' '$tmp/stdout'"
done
check "status" 0 "$bin" status "$demo" --at 2026-11-30T12:00:00Z
expect "status shows the feed's run-out date" grep -q "runs out: 2026-12-20; refill by 2026-12-13 09:00" "$tmp/stdout"
check "status --json" 0 "$bin" status "$demo" --at 2026-11-30T12:00:00Z --json
expect "status --json is JSON" python3 -c "import json,sys; json.load(open('$tmp/stdout'))"
check "status with a bad --grace" 64 "$bin" status "$demo" --grace -5
check "status with a bad --at" 64 "$bin" status "$demo" --at yesterday
check "status of a bad schedule" 2 "$bin" status "$tmp/bad.json"
cp "$demo" "$tmp/log.json"
"$bin" log "$tmp/log.json" taken metformin --at 2026-11-30T08:05:00-05:00 > /dev/null
cp "$tmp/log.json" "$tmp/log-before.json"
check "log taken" 0 "$bin" log "$tmp/log.json" taken metf --slot evening --at 2026-11-30T19:20:00-05:00
expect "log: the file is mode 0600" test "$(stat -c %a "$tmp/log.json")" = 600
expect "log: earlier bytes kept, one entry appended" bash -c "head -c \$(( \$(stat -c %s '$tmp/log-before.json') - 7 )) '$tmp/log-before.json' | cmp -s - <(head -c \$(( \$(stat -c %s '$tmp/log-before.json') - 7 )) '$tmp/log.json')"
expect "log: the new entry is last" bash -c "tail -3 '$tmp/log.json' | grep -q '\"slot\": \"evening\", \"date\": \"2026-11-30\", \"status\": \"taken\", \"at\": \"2026-12-01T00:20:00Z\"'"
expect "log: a hand-written file was kept as .bak" cmp -s "$tmp/log.json.bak" "$demo"
cp "$tmp/log.json" "$tmp/log-before.json"
check "log: ambiguous name" 2 "$bin" log "$tmp/log.json" taken met
expect "log: ambiguous name lists the candidates" grep -q "metformin, methotrexate" "$tmp/stderr"
check "log: unknown name" 2 "$bin" log "$tmp/log.json" taken aspirin
check "log: unknown slot" 2 "$bin" log "$tmp/log.json" taken metformin --slot noon
check "log: bad status" 64 "$bin" log "$tmp/log.json" forgot metformin
check "log: standard input is refused" 64 "$bin" log - taken metformin
expect "log: nothing written on bad input" cmp -s "$tmp/log.json" "$tmp/log-before.json"
check "log: missing file" 2 "$bin" log "$tmp/none.json" taken metformin
expect "log: no file created" test ! -e "$tmp/none.json"
check "refill" 0 "$bin" refill "$tmp/log.json" levothyroxine --add 30 --at 2026-11-30T12:00:00Z
expect "refill: supply counted again" grep -q '"supply": {"pills": 110, "asOf": "2026-11-30", "refillReminderTime": "10:00"}' "$tmp/log.json"
cp "$tmp/log.json" "$tmp/log-before.json"
check "refill without --add" 64 "$bin" refill "$tmp/log.json" levothyroxine
check "refill with a bad amount" 64 "$bin" refill "$tmp/log.json" levothyroxine --add -3
check "refill before the supply date" 2 "$bin" refill "$tmp/log.json" levothyroxine --add 3 --at 2026-11-01T12:00:00Z
expect "refill: nothing written on bad input" cmp -s "$tmp/log.json" "$tmp/log-before.json"
check "plan" 0 "$bin" plan "$demo" --at 2026-11-30T12:00:00Z
check "plan --json" 0 "$bin" plan "$demo" --at 2026-11-30T12:00:00Z --json
expect "plan --json: requests with identifier, trigger, fires" python3 -c "
import json; p = json.load(open('$tmp/stdout'))
assert p['requests'] and all({'identifier', 'trigger', 'fires'} <= r.keys() and r['fires'].endswith('Z') for r in p['requests'])"
"$bin" plan "$demo" --at 2026-11-30T12:00:00Z --json > "$tmp/plan1.json"
check "plan is deterministic" 0 env SOURCE_DATE_EPOCH=1796040000 "$bin" plan "$demo" --json
expect "plan: same bytes for the same instant" cmp -s "$tmp/stdout" "$tmp/plan1.json"
check "plan: margin not below budget" 64 "$bin" plan "$demo" --budget 4 --margin 4
check "plan: bad --days" 64 "$bin" plan "$demo" --days 0
check "privacy: plan names no medicine" 0 "$bin" plan fixtures/schedules/privacy.json --at 2026-11-30T12:00:00Z --json
expect "privacy: no medication ids in the plan" bash -c "! grep -q '\"medication\"' '$tmp/stdout'"
# sync
sync_s="$tmp/sync/meds.json"; sync_v="$tmp/sync/cal/doses"
mkdir -p "$tmp/sync"; cp "$demo" "$sync_s"
check "sync: missing --vdir" 64 "$bin" sync "$sync_s"
check "sync: bad --prefer" 64 "$bin" sync "$sync_s" --vdir "$sync_v" --prefer phone
check "sync: bad --zone" 64 "$bin" sync "$sync_s" --vdir "$sync_v" --zone Mars/Olympus
check "sync: stdin schedule is refused" 64 "$bin" sync - --vdir "$sync_v"
check "sync: dry run" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --dry-run --now 2026-11-30T12:00:00Z
expect "sync: dry run writes nothing" test ! -e "$sync_v"
check "sync: first run fills a new folder" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --now 2026-11-30T12:00:00Z
expect "sync: 9 files, mode 0600" test "$(stat -c %a "$sync_v"/*.ics | sort -u)" = 600 -a "$(ls "$sync_v" | wc -l)" = 9
stat -c '%n %Y %i' "$sync_v"/* > "$tmp/sync/before"
check "sync: second run" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --now 2026-12-01T12:00:00Z
stat -c '%n %Y %i' "$sync_v"/* > "$tmp/sync/after"
expect "sync: second run writes nothing" cmp -s "$tmp/sync/before" "$tmp/sync/after"
one=$(ls "$sync_v" | head -1)
sed -i 's/^DURATION:PT15M/DURATION:PT20M/' "$sync_v/$one"
check "sync: a phone edit the schedule cannot hold is kept and reported" 1 "$bin" sync "$sync_s" --vdir "$sync_v" --now 2026-12-01T12:00:00Z
expect "sync: the report names the file" grep -q "conflict: $one: changed on the phone" "$tmp/stdout"
expect "sync: the edit is kept" grep -q "DURATION:PT20M" "$sync_v/$one"
mkdir -p "$tmp/sync/moved"; mv "$sync_v"/*.ics "$tmp/sync/moved/"
check "sync: an emptied folder stops the sync" 2 "$bin" sync "$sync_s" --vdir "$sync_v"
expect "sync: the error says --force" grep -q "use --force" "$tmp/stderr"
check "sync: --force fills it again" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --force --now 2026-12-01T12:00:00Z
check "sync: --zone moves future doses" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --zone Asia/Tokyo --now 2026-12-01T12:00:00Z --json
expect "sync: --zone writes series from today in Tokyo" grep -rq "DTSTART;TZID=Asia/Tokyo:20261201" "$sync_v"
check "sync: back home" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --now 2026-12-01T12:00:00Z
"$bin" sync "$sync_s" --vdir "$sync_v" --watch --now 2026-12-01T12:00:00Z > "$tmp/sync/watch.out" 2>&1 &
watch_pid=$!
sleep 1
sed -i 's/"08:00"/"08:15"/' "$sync_s"
for _ in $(seq 1 50); do grep -q "[1-9] changed" "$tmp/sync/watch.out" && break; sleep 0.2; done
kill -TERM "$watch_pid"; wait "$watch_pid"; watch_rc=$?
expect "sync --watch: a schedule change is synced" grep -q "[1-9] changed" "$tmp/sync/watch.out"
expect "sync --watch: SIGTERM stops it with exit 0" test "$watch_rc" = 0
# sync killed with SIGKILL during a first fill of about 1,000 items: the next run converges.
python3 scripts/bench/gen_schedule.py 150 > "$tmp/sync/big.json"
big_items=$("$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/nowhere" --dry-run --json --now 2026-11-30T12:00:00Z \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["created"]))')
"$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/big" --now 2026-11-30T12:00:00Z > /dev/null 2>&1 &
kill_pid=$!
for _ in $(seq 1 100); do [[ $(ls "$tmp/sync/big" 2>/dev/null | wc -l) -gt 50 ]] && break; sleep 0.05; done
kill -KILL "$kill_pid"; wait "$kill_pid" 2>/dev/null
check "sync: the run after a kill -9" 0 "$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/big" --now 2026-11-30T12:00:00Z
expect "sync: after a kill -9, every item once and no temporary file" \
    test "$(ls -A "$tmp/sync/big" | grep -c '\.ics$')" = "$big_items" -a "$(ls -A "$tmp/sync/big" | grep -c 'tmp$')" = 0
stat -c '%n %Y %i' "$tmp/sync/big"/* > "$tmp/sync/big.before"
check "sync: then a run that writes nothing" 0 "$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/big" --now 2026-12-01T12:00:00Z
stat -c '%n %Y %i' "$tmp/sync/big"/* > "$tmp/sync/big.after"
expect "sync: nothing written after convergence" cmp -s "$tmp/sync/big.before" "$tmp/sync/big.after"
# reconcile
check "reconcile --help" 0 "$bin" reconcile --help
expect "reconcile --help shows usage" grep -q "Usage: dosecal reconcile" "$tmp/stdout"
expect "--help lists reconcile" bash -c "'$bin' --help | grep -q reconcile"
check "reconcile: missing CALENDAR" 64 "$bin" reconcile "$demo"
check "reconcile: bad --prefer" 64 "$bin" reconcile "$demo" "$demo" --prefer both
mkdir -p "$tmp/rec"
cp "$demo" "$tmp/rec/meds.json"
chmod 644 "$tmp/rec/meds.json"
check "export --keep-base" 0 "$bin" export "$tmp/rec/meds.json" -o "$tmp/rec/feed.ics" --keep-base --quiet --now 2026-11-20T00:00:00Z
expect "export --keep-base: base next to the schedule, mode 0600" test "$(stat -c %a "$tmp/rec/meds.dosecal-base.ics")" = 600
expect "export --keep-base: base equals the feed" cmp -s "$tmp/rec/meds.dosecal-base.ics" "$tmp/rec/feed.ics"
check "export: no base without --keep-base" 0 "$bin" export "$demo" -o "$tmp/nobase.ics" --quiet
expect "export: nothing written next to the schedule" test ! -e fixtures/schedules/demo.dosecal-base.ics
python3 - "$tmp/rec/feed.ics" fixtures/clients/google-split.ics "$tmp/rec/theirs.ics" <<'PY'
import re, sys
base = open(sys.argv[1], newline='').read()
edit = open(sys.argv[2], newline='').read()
events = lambda t: re.findall(r'BEGIN:VEVENT\r\n.*?END:VEVENT\r\n', t, re.S)
uids = ('dose-bbc7306c05e0f4dde4e11953@dosecal.app', 'dose-2104fe0d82263d7add254334@dosecal.app')
keep = [e for e in events(base) if not any(u in e for u in uids)]
foreign = 'BEGIN:VEVENT\r\nUID:dentist-1@example.com\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20261204T150000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n'
open(sys.argv[3], 'w', newline='').write(base[:base.index('BEGIN:VEVENT')] + ''.join(keep + events(edit)) + foreign + 'END:VCALENDAR\r\n')
PY
cp "$tmp/rec/meds.json" "$tmp/rec/before.json"
check "reconcile: a Google split" 0 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/rec/theirs.ics" --now 2026-12-15T12:00:00Z
expect "reconcile: changes in plain words" grep -qx "  Metformin 08:00 -> 09:00 from 2026-12-10" "$tmp/stdout"
expect "reconcile: the foreign event is ignored" bash -c "! grep -q Dentist '$tmp/stdout'"
expect "reconcile: nothing written without --apply" cmp -s "$tmp/rec/meds.json" "$tmp/rec/before.json"
expect "reconcile: no backup without --apply" test ! -e "$tmp/rec/meds.json.bak"
check "reconcile --json" 0 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/rec/theirs.ics" --now 2026-12-15T12:00:00Z --json
expect "reconcile --json: changes and conflicts arrays" python3 -c "
import json; r = json.load(open('$tmp/stdout'))
assert [c['kind'] for c in r['changes']] == ['slotTime', 'slotTime'] and r['conflicts'] == [], r"
check "reconcile --apply" 0 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/rec/theirs.ics" --now 2026-12-15T12:00:00Z --apply
expect "reconcile --apply: backup is the old file" cmp -s "$tmp/rec/meds.json.bak" "$tmp/rec/before.json"
expect "reconcile --apply: schedule mode 0600" test "$(stat -c %a "$tmp/rec/meds.json")" = 600
expect "reconcile --apply: taper step written" grep -q '"from": "2026-12-10"' "$tmp/rec/meds.json"
check "reconcile again: nothing left" 0 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/rec/theirs.ics" --now 2026-12-15T12:00:00Z
expect "reconcile again: no changes" grep -q "^No changes" "$tmp/stdout"
check "check after reconcile" 0 "$bin" check "$tmp/rec/meds.json" --now 2026-12-15T12:00:00Z
sed -i 's/"time": "19:00"/"time": "19:30"/' "$tmp/rec/before.json"
cp "$tmp/rec/before.json" "$tmp/rec/ours.json"
cp "$tmp/rec/feed.ics" "$tmp/rec/ours.dosecal-base.ics"
python3 - "$tmp/rec/feed.ics" "$tmp/rec/evening.ics" <<'PY'
import sys
t = open(sys.argv[1], newline='').read().replace('DTSTART;TZID=America/New_York:20260105T190000', 'DTSTART;TZID=America/New_York:20260105T191500')
open(sys.argv[2], 'w', newline='').write(t)
PY
cp "$tmp/rec/ours.json" "$tmp/rec/ours-before.json"
check "reconcile: both sides changed the evening dose: conflict" 1 "$bin" reconcile "$tmp/rec/ours.json" "$tmp/rec/evening.ics" --now 2026-12-15T12:00:00Z --apply
expect "conflict: both values shown" grep -q "the schedule says 19:30, the calendar says 19:15" "$tmp/stdout"
expect "conflict: schedule untouched" cmp -s "$tmp/rec/ours.json" "$tmp/rec/ours-before.json"
check "conflict: --prefer schedule" 0 "$bin" reconcile "$tmp/rec/ours.json" "$tmp/rec/evening.ics" --now 2026-12-15T12:00:00Z --prefer schedule
check "conflict: --prefer calendar --apply" 0 "$bin" reconcile "$tmp/rec/ours.json" "$tmp/rec/evening.ics" --now 2026-12-15T12:00:00Z --prefer calendar --apply
expect "conflict: calendar's time taken" grep -q '"time": "19:15"' "$tmp/rec/ours.json"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VEVENT\r\nUID:d@x\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20261204T150000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$tmp/rec/other.ics"
cp "$tmp/rec/meds.json" "$tmp/rec/meds-now.json"
check "reconcile: a calendar without dosecal's events" 2 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/rec/other.ics" --now 2026-12-15T12:00:00Z --apply
expect "reconcile: not read as everything deleted" grep -q "none of dosecal's doses" "$tmp/stderr"
expect "reconcile: nothing written on bad input" cmp -s "$tmp/rec/meds.json" "$tmp/rec/meds-now.json"
check "reconcile: not a calendar" 2 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/bad.json"
check "reconcile: missing calendar" 2 "$bin" reconcile "$tmp/rec/meds.json" "$tmp/none.ics"
cp fixtures/schedules/privacy.json "$tmp/rec/private.json"
check "privacy: export" 0 "$bin" export "$tmp/rec/private.json" -o "$tmp/rec/private.ics" --keep-base --quiet --now 2026-11-20T00:00:00Z
sed 's/^SUMMARY:.*/SUMMARY:My pills/' "$tmp/rec/private.ics" > "$tmp/rec/private-edited.ics"
check "privacy: a retitled event is no change" 0 "$bin" reconcile "$tmp/rec/private.json" "$tmp/rec/private-edited.ics" --now 2026-12-15T12:00:00Z
expect "privacy: no changes" grep -q "^No changes" "$tmp/stdout"
expect "privacy: nothing on stderr" test ! -s "$tmp/stderr"
# import
check "import --help" 0 "$bin" import --help
expect "import --help shows usage" grep -q "Usage: dosecal import" "$tmp/stdout"
check "import: missing CALENDAR" 64 "$bin" import
check "import: --json without -o" 64 "$bin" import "$tmp/rec/feed.ics" --json
check "import: bad --match" 64 "$bin" import "$tmp/rec/feed.ics" --match "("
check "import: bad --zone" 64 "$bin" import "$tmp/rec/feed.ics" --zone Mars/Base
check "import: unreadable calendar" 2 "$bin" import "$tmp/none.ics"
check "import to a file" 0 "$bin" import "$tmp/rec/feed.ics" -o "$tmp/rec/imported.json"
expect "import: schedule mode 0600" test "$(stat -c %a "$tmp/rec/imported.json")" = 600
expect "import: report names what was found" grep -q "Metformin: 08:00, 19:00 (from 2 × a recurring event)" "$tmp/stdout"
expect "import: refill reminders reported, not dropped" grep -q "a refill reminder (CATEGORIES:REFILL), not a dose" "$tmp/stdout"
check "import: the schedule is valid" 0 "$bin" export "$tmp/rec/imported.json" -o "$tmp/rec/imported.ics" --quiet
check "import: an existing output is not replaced" 2 "$bin" import "$tmp/rec/feed.ics" -o "$tmp/rec/imported.json"
check "import --json" 0 "$bin" import "$tmp/rec/feed.ics" -o "$tmp/rec/imported2.json" --json
expect "import --json: medications and unmapped" python3 -c "
import json; r = json.load(open('$tmp/stdout'))
assert [m['id'] for m in r['medications']] == ['methotrexate', 'metformin', 'levothyroxine', 'vitamin-d3'] and len(r['unmapped']) == 4, r"
check "import to standard output" 0 "$bin" import "$tmp/rec/feed.ics"
expect "import: stdout is the schedule" python3 -c "import json; assert json.load(open('$tmp/stdout'))['version'] == 1"
expect "import: no progress on a non-terminal" bash -c "! grep -q 'events' '$tmp/stderr' || ! grep -q \$'\r' '$tmp/stderr'"
check "import: no dose-like event" 1 "$bin" import "$tmp/rec/other.ics" -o "$tmp/rec/none.json"
expect "import: nothing written when nothing found" test ! -e "$tmp/rec/none.json"
check "import: --match finds it, but one event is no rule" 1 "$bin" import "$tmp/rec/other.ics" --match dentist -o "$tmp/rec/none2.json"
expect "import: a single event is reported, not dropped" grep -q "too few to tell a rule" "$tmp/stdout"
# privacy in the commands that read calendars back
mkdir -p "$tmp/priv" && cp fixtures/schedules/privacy.json "$tmp/priv/p.json"
"$bin" export "$tmp/priv/p.json" -o "$tmp/priv/feed.ics" --keep-base --now 2026-11-20T00:00:00Z --quiet
sed 's/T090000/T093000/' "$tmp/priv/feed.ics" > "$tmp/priv/edited.ics"
check "privacy: reconcile lists the changes" 0 "$bin" reconcile "$tmp/priv/p.json" "$tmp/priv/edited.ics" --now 2026-11-20T00:00:00Z
expect "privacy: reconcile names medications by position" grep -q "Medication 2 09:00 -> 09:30" "$tmp/stdout"
expect "privacy: reconcile text names no medicine" bash -c "! grep -qiE 'emtricitabine|sertraline|prep' '$tmp/stdout'"
check "privacy: reconcile --json" 0 "$bin" reconcile "$tmp/priv/p.json" "$tmp/priv/edited.ics" --now 2026-11-20T00:00:00Z --json
expect "privacy: reconcile JSON names no medicine or id" bash -c "! grep -qiE 'emtricitabine|sertraline|prep' '$tmp/stdout'"
# hostile calendars: a clear error naming the file and line, never a crash
mkdir -p "$tmp/hostile" && cp "$demo" "$tmp/hostile/s.json"
python3 -c 'import sys; sys.stdout.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + "BEGIN:X-A\r\n" * 20000 + "END:X-A\r\n" * 20000 + "END:VCALENDAR\r\n")' > "$tmp/hostile/nested.ics"
for cmd in import check reconcile; do
    case $cmd in
    import) args=(import "$tmp/hostile/nested.ics" -o "$tmp/hostile/out.json") ;;
    check) args=(check "$tmp/hostile/s.json" --calendar "$tmp/hostile/nested.ics") ;;
    reconcile) args=(reconcile "$tmp/hostile/s.json" "$tmp/hostile/nested.ics") ;;
    esac
    check "20,000 nested components: $cmd fails cleanly" 2 "$bin" "${args[@]}"
    expect "20,000 nested components: $cmd names file, line and limit" \
        grep -q "nested.ics: line 18: BEGIN:X-A opens more than 16 nested components" "$tmp/stderr"
done
printf 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VCALENDAR\r\n' > "$tmp/hostile/broken.ics"
check "reconcile: a broken calendar" 2 "$bin" reconcile "$tmp/hostile/s.json" "$tmp/hostile/broken.ics"
expect "reconcile: the error names the file" grep -q "broken.ics: line 2: BEGIN:VEVENT is never closed" "$tmp/stderr"
mkdir -p "$tmp/hostile/folder" && cp "$tmp/hostile/broken.ics" "$tmp/hostile/folder/b.ics"
check "reconcile: a folder with a broken item" 2 "$bin" reconcile "$tmp/hostile/s.json" "$tmp/hostile/folder"
expect "reconcile: the error names the item" grep -q "folder/b.ics: line 2: BEGIN:VEVENT is never closed" "$tmp/stderr"
"$bin" export "$tmp/hostile/s.json" -o "$tmp/hostile/feed.ics" --now 2026-11-30T12:00:00Z --quiet
{ printf '\xef\xbb\xbf'; cat "$tmp/hostile/feed.ics"; } > "$tmp/hostile/bom.ics"
check "byte order mark: check reads it" 0 "$bin" check "$tmp/hostile/s.json" --calendar "$tmp/hostile/bom.ics" --from 2026-12-01 --to 2026-12-03 --now 2026-11-30T12:00:00Z
check "byte order mark: reconcile reads it" 0 "$bin" reconcile "$tmp/hostile/s.json" "$tmp/hostile/bom.ics" --now 2026-11-30T12:00:00Z
expect "byte order mark: reconcile finds no change" grep -q "No changes" "$tmp/stdout"
check "byte order mark: import reads it" 0 "$bin" import "$tmp/hostile/bom.ics" --match . -o "$tmp/hostile/bom.json"
python3 - "$tmp/hostile/feed.ics" "$tmp/hostile/twozones.ics" <<'PY'
import sys
text = open(sys.argv[1], newline="").read()
start = text.index("BEGIN:VTIMEZONE")
end = text.index("END:VTIMEZONE\r\n") + len("END:VTIMEZONE\r\n")
zone = text[start:end]
bogus = "".join(l for l in zone.splitlines(True) if not l.startswith(("TZOFFSET", "RRULE", "RDATE")))
bogus = bogus.replace("END:STANDARD", "TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\nEND:STANDARD").replace(
    "END:DAYLIGHT", "TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\nEND:DAYLIGHT")
open(sys.argv[2], "w", newline="").write(text[:end] + bogus + text[end:])
PY
check "two VTIMEZONEs of one TZID: check warns" 1 "$bin" check "$tmp/hostile/s.json" --calendar "$tmp/hostile/twozones.ics" --from 2026-12-01 --to 2026-12-03 --now 2026-11-30T12:00:00Z --strict
expect "two VTIMEZONEs of one TZID: check names the second and says the first is read" \
    grep -q "twozones.ics: line [0-9]*: a second VTIMEZONE for TZID .* the first one is read" "$tmp/stdout"
check "two VTIMEZONEs of one TZID: reconcile warns" 0 "$bin" reconcile "$tmp/hostile/s.json" "$tmp/hostile/twozones.ics" --now 2026-11-30T12:00:00Z
expect "two VTIMEZONEs of one TZID: reconcile's warning" grep -q "a second VTIMEZONE for TZID" "$tmp/stderr"
echo "cli: $pass passed, $fail failed"
[[ $fail == 0 ]]
