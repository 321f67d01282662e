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
check "check: travel on the wall clock compresses doses (the feed itself fires every dose)" 1 "$bin" check "$demo" --itinerary "$tmp/trip.json" --from 2027-01-08 --to 2027-01-12 --json
expect "check: travel shows the home-zone drift and the compressed doses" python3 -c "
import json; d=json.load(open('$tmp/stdout')); assert any('homeZone' in r for r in d['doses'] if r['day']=='2027-01-11')
assert d['summary']['ok'] == d['summary']['expected'] and d['spacing'], d['spacing']
assert {p['medication'] for p in d['spacing']} == {'metformin', 'levothyroxine'}, d['spacing']"
# spacing and the gradual time policy
travel=fixtures/schedules/travel-spacing.json
check "check: the Tokyo week on the wall clock fails on spacing" 1 "$bin" check "$travel" --from 2026-12-01 --to 2026-12-20
expect "check: names the compressed doses in words" grep -qF "Amoxicillin suspension: the doses at 14:00 America/Chicago on 2026-12-04 (afternoon) and 07:00 Asia/Tokyo on 2026-12-05 (morning; 16:00 in America/Chicago) are 2 h apart, on the way to Asia/Tokyo; at least 3 h 30 min are needed" "$tmp/stdout"
expect "check: says how many pairs" grep -q "^7 pairs of consecutive doses are closer together or further apart" "$tmp/stdout"
check "check --json: the Tokyo week" 1 "$bin" check "$travel" --from 2026-12-01 --to 2026-12-20 --json
expect "check --json: spacing pairs with local times, zones and instants" python3 -c "
import json; d=json.load(open('$tmp/stdout')); p=d['spacing'][0]
assert (p['medication'], p['problem'], p['hours'], p['minimumHours'], p['default'], p['causes']) == ('amoxicillin', 'tooClose', 2, 3.5, True, ['travel']), p
assert p['first'] == {'slot': 'afternoon', 'day': '2026-12-04', 'local': '14:00', 'zone': 'America/Chicago', 'at': '2026-12-04T20:00:00Z'}, p
assert p['second'] == {'slot': 'morning', 'day': '2026-12-05', 'local': '07:00', 'zone': 'Asia/Tokyo', 'at': '2026-12-04T22:00:00Z'}, p
assert len(d['spacing']) == 7"
check "check: the Tokyo week moving gradually in words" 0 "$bin" check fixtures/schedules/travel-spacing-gradual.json --from 2026-12-01 --to 2026-12-20
expect "check: says how the gradual medications move" grep -q "Amoxicillin suspension moves toward Asia/Tokyo time by at most 2 h a day: not on it before the next stop." "$tmp/stdout"
check "check: the Tokyo week moving gradually passes" 0 "$bin" check fixtures/schedules/travel-spacing-gradual.json --from 2026-12-01 --to 2026-12-20 --json
expect "check --json: no spacing problem, every dose on time" python3 -c "
import json; d=json.load(open('$tmp/stdout')); assert d['spacing'] == [] and d['summary']['ok'] == d['summary']['expected'] == 96
assert not any(k in r for r in d['doses'] for k in ('libical', 'plan', 'ios', 'systemZoneData'))"
sed 's/"feed": {"name": "Family medications"}/"feed": {"name": "Family medications", "privacy": true}/' "$travel" > "$tmp/private-travel.json"
check "check: privacy spacing" 1 "$bin" check "$tmp/private-travel.json" --from 2026-12-01 --to 2026-12-20
expect "check: privacy spacing says Medication 1" bash -c "grep -q '^  Medication 1: the doses at' '$tmp/stdout' && ! grep -qiE 'amoxicillin|prednisolone|methotrexate' '$tmp/stdout'"
sed 's/"version": 2/"version": 1/' "$travel" > "$tmp/v1-spacing.json"
check "validate: spacing needs version 2" 2 "$bin" validate "$tmp/v1-spacing.json"
expect "validate: says to set version 2" grep -q 'spacing needs schedule format version 2; set "version": 2' "$tmp/stdout" "$tmp/stderr"
check "check: privacy schedule" 0 "$bin" check fixtures/schedules/privacy.json --now 2026-11-20T00:00:00Z --all --json
expect "check: privacy shows no medicine name or id" bash -c "! grep -qiE 'emtricitabine|sertraline|prep' '$tmp/stdout'"
# Every command's help: its Options block and the command's declared options agree (else exit 70).
for c in $("$bin" --help | awk '/^Commands:/{f=1;next} /^$/{f=0} f{print $1}' | grep -v '^help$'); do
    check "$c --help agrees with its declared options" 0 "$bin" $c --help
done
# Reminder commands: status, log, refill, plan (docs/reminders.md).
for c in status log refill plan; do
    check "$c --help" 0 "$bin" $c --help
    expect "$c --help shows usage and exit status" bash -c "grep -q 'Usage: dosecal $c' '$tmp/stdout' && grep -q 'Exit status' '$tmp/stdout'"
done
check "status" 0 "$bin" status "$demo" --at 2026-11-30T12:00:00Z
expect "status shows the feed's run-out date" grep -q "runs out: 2026-12-20; refill by 2026-12-13 09:00" "$tmp/stdout"
expect "status states the rule for doses without a log entry" grep -qx "A past dose with no log entry counts as taken for pills left and as not recorded (not missed) for adherence." "$tmp/stdout"
expect "status: without a log no dose is missed" grep -qx "  adherence: 7 days no dose recorded, 14 not recorded; 30 days no dose recorded, 59 not recorded" "$tmp/stdout"
check "status --json" 0 "$bin" status "$demo" --at 2026-11-30T12:00:00Z --json
expect "status --json is JSON" python3 -c "import json,sys; json.load(open('$tmp/stdout'))"
expect "status --json: the rule and the not recorded doses" python3 -c "
import json; d = json.load(open('$tmp/stdout')); m = d['medications'][0]
assert d['version'] == 1 and d['noEntryRule']['pillsLeft'] == 'taken' and d['noEntryRule']['adherence'] == 'notRecorded', d
a = m['adherence']['days30']
assert (a['notRecorded'], a['recorded'], a['recordedRate'], a['missedLogged']) == (59, 0, None, 0), a
assert a['missed'] == 59 and a['rate'] == 0, a  # version 1 keeps its meaning
assert len(m['notRecorded']) == 14 and all(x['state'] == 'not-recorded' for x in m['notRecorded']), m"
check "status with a bad --grace" 64 "$bin" status "$demo" --grace -5
check "status with a bad --at" 64 "$bin" status "$demo" --at yesterday
check "status of a bad schedule" 2 "$bin" status "$tmp/bad.json"
# Times people type: local date-times, dates, times of today, now and today, read in the
# person's zone on that date; a time in a daylight-saving gap or overlap is refused.
check "status --at a local date-time" 0 "$bin" status "$demo" --at "2026-11-30 07:00"
expect "status --at 2026-11-30 07:00 is 07:00 in New York" grep -qx "Status at 2026-11-30 07:00 America/New_York (grace 120 min)" "$tmp/stdout"
check "status --at a time of today" 0 env SOURCE_DATE_EPOCH=1796040000 "$bin" status "$demo" --at 07:00
expect "status --at 07:00 is today's 07:00" grep -qx "Status at 2026-11-30 07:00 America/New_York (grace 120 min)" "$tmp/stdout"
check "status --at today" 0 env SOURCE_DATE_EPOCH=1796040000 "$bin" status "$demo" --at today --json
expect "status --at today is the start of today" grep -q '"at": "2026-11-30T05:00:00Z"' "$tmp/stdout"
check "status --at a time in the spring-forward gap" 64 "$bin" status "$demo" --at 2026-03-08T02:30
expect "the gap is named" grep -q "dosecal status: --at 2026-03-08T02:30 does not exist in America/New_York: the clocks go from 02:00 to 03:00 that night" "$tmp/stderr"
check "status --at a time that happens twice" 64 "$bin" status "$demo" --at "2026-11-01 01:30"
expect "both instants are offered" grep -q "happens twice in America/New_York (the clocks go back that night); give 2026-11-01T01:30:00-04:00 for the first or 2026-11-01T01:30:00-05:00 for the second" "$tmp/stderr"
check "plan --at a date" 0 "$bin" plan "$demo" --at 2026-11-30 --json
expect "plan --at 2026-11-30 starts at New York's midnight" grep -q '"from": "2026-11-30T05:00:00Z"' "$tmp/stdout"
check "check --from today" 0 env SOURCE_DATE_EPOCH=1796040000 "$bin" check "$demo" --from today --to 2026-12-02 --json
expect "check --from today is the person's date" grep -q '"from": "2026-11-30"' "$tmp/stdout"
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
expect "log: no lock file made for a schedule that is not there" test ! -e "$tmp/.none.json.lock"
check "log: a folder as the schedule" 2 "$bin" log "$tmp" taken metformin
expect "log: a folder is named as one" grep -q "$tmp is a folder; expected a schedule file (.json)" "$tmp/stderr"
# A log means what the person did: the dose whose window holds the time, else an extra dose in
# words (exit 1); the reminders of doses still to come stay.
cat > "$tmp/win.json" <<'JSON'
{"version": 1, "homeZone": "America/Chicago", "medications": [
  {"id": "metformin", "name": "Metformin", "strength": "500 mg", "times": [{"id": "morning", "time": "08:00"}, {"id": "afternoon", "time": "14:00"}], "start": "2026-11-01", "supply": {"pills": 60, "asOf": "2026-12-01"}},
  {"id": "methotrexate", "name": "Methotrexate", "times": [{"id": "friday", "time": "19:00"}], "recurrence": {"kind": "weekly", "weekdays": ["FR"]}, "start": "2026-11-06"},
  {"id": "ibuprofen", "name": "Ibuprofen", "strength": "200 mg", "recurrence": {"kind": "asNeeded", "minimumHours": 6, "maxPerDay": 3}, "start": "2026-11-01"}]}
JSON
check "log: 12:00 between doses at 08:00 and 14:00 is the 08:00 dose, late" 0 "$bin" log "$tmp/win.json" taken FORMIN --at "2026-12-04 12:00"
expect "log: the confirmation names the dose, local with its zone" grep -qx "Logged taken: Metformin 500 mg, dose of 2026-12-04 08:00 America/Chicago (slot morning), at 12:00." "$tmp/stdout"
check "log: 12:30 again is an extra dose" 1 "$bin" log "$tmp/win.json" taken metformin --at "2026-12-04 12:30"
expect "log: the extra dose in words" grep -qx "Warning: Metformin 500 mg: the 08:00 dose was already logged taken at 12:00; this is an extra dose, 1 hour 30 minutes before the 14:00 dose; the 14:00 reminder stays." "$tmp/stdout"
expect "log: an extra dose is an entry without slot or date" grep -q '{"medication": "metformin", "status": "taken", "at": "2026-12-04T18:30:00Z"}' "$tmp/win.json"
check "plan after the extra dose" 0 "$bin" plan "$tmp/win.json" --at "2026-12-04 12:30" --days 1 --json
expect "plan: the 14:00 reminder stays" grep -q '"fires": "2026-12-04T20:00:00Z"' "$tmp/stdout"
check "log: weekly methotrexate on a Tuesday" 1 "$bin" log "$tmp/win.json" taken metho --at "2026-12-08 10:00"
expect "log: an early weekly dose in words" grep -qx "Warning: Methotrexate is taken weekly: this is 3 days before Friday's dose; Friday's reminder stays." "$tmp/stdout"
check "plan after the early weekly dose" 0 "$bin" plan "$tmp/win.json" --at "2026-12-08 10:00" --json
expect "plan: Friday's reminder stays" grep -q '"fires": "2026-12-12T01:00:00Z"' "$tmp/stdout"
check "log: methotrexate 14 hours after an unlogged Friday dose" 1 "$bin" log "$tmp/win.json" taken metho --at "2026-12-05 09:00"
expect "log: the later Friday is the next one" grep -qx "Warning: Methotrexate is taken weekly: this is 14 hours after Friday's dose; next Friday's reminder stays." "$tmp/stdout"
expect "log: how to file it as Friday's dose taken late" grep -qx "If this was the dose of 2026-12-04 19:00 America/Chicago taken late, log it as that dose instead: --slot friday --date 2026-12-04; the log keeps this entry as well, so the supply then counts one dose more." "$tmp/stdout"
check "log: an as-needed dose" 0 "$bin" log "$tmp/win.json" taken ibu --at "2026-12-04 08:00"
expect "log: as needed, local, with the next allowed time" grep -qx "Logged taken: Ibuprofen 200 mg, as needed, at 2026-12-04 08:00 America/Chicago; the next dose is allowed from 2026-12-04 14:00 America/Chicago." "$tmp/stdout"
check "log: an as-needed dose 2 hours after the last (6 hours apart)" 1 "$bin" log "$tmp/win.json" taken ibu --at "2026-12-04 10:00" --json
expect "log --json: the warning and the next allowed time" python3 -c "
import json; d = json.load(open('$tmp/stdout'))
assert d['kind'] == 'asNeeded' and d['nextAllowed'] == '2026-12-04T22:00:00Z' and d['nextAllowedLocal'] == '2026-12-04T16:00:00-06:00', d
assert [w['kind'] for w in d['warnings']] == ['asNeededEarly'], d
assert d['warnings'][0]['text'] == 'Ibuprofen 200 mg is taken at least 6 hours apart: this dose is 2 hours after the last one (2026-12-04 08:00 America/Chicago); the next dose is allowed from 2026-12-04 16:00 America/Chicago.', d
assert d['recorded'] == {'medication': 'ibuprofen', 'status': 'taken', 'at': '2026-12-04T16:00:00Z'}, d"
cp "$tmp/win.json" "$tmp/win-before.json"
check "log: a skip in no dose's window is refused" 2 "$bin" log "$tmp/win.json" skipped metformin --at "2026-12-05 03:00"
expect "log: the refusal says how to name the dose" grep -q 'name the dose with --slot and --date (the last dose before it: --slot afternoon --date 2026-12-04)' "$tmp/stderr"
expect "log: nothing written when refused" cmp -s "$tmp/win.json" "$tmp/win-before.json"
check "log: a named skip of a dose to come cancels it" 0 "$bin" log "$tmp/win.json" skipped metformin --slot afternoon --date 2026-12-05 --at "2026-12-04 22:00" --json
expect "log --json: the dose named, local with its zone" grep -q '"dose": {"slot": "afternoon", "date": "2026-12-05", "at": "2026-12-05T20:00:00Z", "local": "2026-12-05T14:00:00-06:00", "zone": "America/Chicago"}' "$tmp/stdout"
check "refill --json" 0 "$bin" refill "$tmp/win.json" metformin --add 30 --at "2026-12-04 12:00" --json
expect "refill --json: the supply as the file holds it" python3 -c "
import json; d = json.load(open('$tmp/stdout'))
assert d['medication'] == 'metformin' and d['added'] == 30 and d['supply']['asOf'] == '2026-12-04' and d['local'] == '2026-12-04T12:00:00-06:00', d"
check "status MEDICATION: any part of the name" 0 "$bin" status "$demo" thyrox --at 2026-11-30T12:00:00Z
expect "status MEDICATION: only that medication" bash -c "grep -qx 'Levothyroxine 75 mcg' '$tmp/stdout' && ! grep -q Metformin '$tmp/stdout'"
check "status MEDICATION: ambiguous" 2 "$bin" status "$demo" met --at 2026-11-30T12:00:00Z
expect "status MEDICATION: the candidates are listed" grep -q '"met" matches several medications; use one of these ids: metformin, methotrexate' "$tmp/stderr"
check "status MEDICATION --json" 0 "$bin" status "$demo" vitamin --at 2026-11-30T12:00:00Z --json
expect "status MEDICATION --json: one medication" python3 -c "
import json; d = json.load(open('$tmp/stdout')); assert [m['id'] for m in d['medications']] == ['vitamin-d'], d"
# Local time everywhere: a trip from Chicago to Tokyo and back, and the end of daylight saving.
cat > "$tmp/trip.json" <<'JSON'
{"version": 1, "homeZone": "America/Chicago", "medications": [
  {"id": "amoxicillin", "name": "Amoxicillin", "times": [{"id": "morning", "time": "07:00"}, {"id": "afternoon", "time": "14:00"}, {"id": "night", "time": "21:00"}], "start": "2026-10-25"},
  {"id": "prednisolone", "name": "Prednisolone", "times": [{"id": "morning", "time": "08:00"}], "start": "2026-10-25", "timePolicy": {"kind": "pinned", "zone": "America/Chicago"}},
  {"id": "cipro", "name": "Ciprofloxacin", "times": [{"id": "q8h", "time": "06:00"}], "recurrence": {"kind": "everyNHours", "hours": 8}, "start": "2026-10-25"}],
 "itinerary": [{"from": "2026-12-08", "zone": "Asia/Tokyo"}, {"from": "2026-12-15", "zone": "America/Chicago"}]}
JSON
check "status during a trip" 0 "$bin" status "$tmp/trip.json" --at 2026-12-09T00:00:00Z
expect "status: the heading is where the person is" grep -qx "Status at 2026-12-09 09:00 Asia/Tokyo (grace 120 min)" "$tmp/stdout"
expect "status: Tokyo's doses in Tokyo time" grep -qx "  next: 2026-12-09 14:00, 2026-12-09 21:00, 2026-12-10 07:00" "$tmp/stdout"
expect "status: a pinned-zone dose names its zone" grep -qx "  next: 2026-12-09 08:00 America/Chicago, 2026-12-10 08:00 America/Chicago, 2026-12-11 08:00 America/Chicago" "$tmp/stdout"
expect "status: the flight day in the order the doses happen, each with its zone" grep -qx "  not recorded (7 days): 22: 2026-12-07 14:00 America/Chicago, 2026-12-08 07:00, 2026-12-07 21:00 America/Chicago, 2026-12-08 14:00, 2026-12-08 21:00, and 17 earlier" "$tmp/stdout"
expect "status: every 8 hours in the zone of the person" grep -qx "  next: 2026-12-09 12:00, 2026-12-09 20:00, 2026-12-10 04:00" "$tmp/stdout"
check "plan text during a trip" 0 "$bin" plan "$tmp/trip.json" --at 2026-12-09T00:00:00Z --days 1
expect "plan: the window in Tokyo time" grep -qx "Notification plan 2026-12-09 09:00 to 2026-12-10 09:00 Asia/Tokyo" "$tmp/stdout"
expect "plan: a repeating request at its Tokyo time" grep -q "^  2026-12-09 14:00  every day at 14:00  Amoxicillin (slot afternoon)  dose-" "$tmp/stdout"
expect "plan: a pinned-zone request in its zone" grep -q "^  2026-12-09 08:00 America/Chicago  once  Prednisolone (slot morning)  dose-" "$tmp/stdout"
check "export summary during a trip" 0 "$bin" export "$tmp/trip.json" -o "$tmp/trip.ics" --now 2026-12-09T00:00:00Z
expect "export: next doses where the person is" bash -c "grep -qx 'Next doses (Asia/Tokyo):' '$tmp/stdout' && grep -qx '  2026-12-09 We 12:00  Ciprofloxacin' '$tmp/stdout' && grep -qx '  2026-12-09 We 08:00 America/Chicago  Prednisolone' '$tmp/stdout'"
check "expand: each dose in its event's zone" 0 "$bin" expand "$tmp/trip.ics" --from 2026-12-08 --to 2026-12-09 --zone America/Chicago
expect "expand: a Tokyo dose in Tokyo time" grep -qP '^2026-12-09T07:00:00\+09:00\[Asia/Tokyo\]\t2026-12-09T07:15:00\+09:00\[Asia/Tokyo\]\tdose-[0-9a-f]+@dosecal.app\tAmoxicillin$' "$tmp/stdout"
check "plan text across the end of daylight saving" 0 "$bin" plan "$tmp/trip.json" --at "2026-10-31 18:00" --days 1
expect "plan: 24 hours from 18:00 CDT end at 17:00 CST" grep -qx "Notification plan 2026-10-31 18:00 to 2026-11-01 17:00 America/Chicago" "$tmp/stdout"
expect "plan: every 8 hours drifts from 22:00 CDT to 05:00 CST" bash -c "grep -q '^  2026-10-31 22:00  once  Ciprofloxacin' '$tmp/stdout' && grep -q '^  2026-11-01 05:00  once  Ciprofloxacin' '$tmp/stdout'"
check "log across the end of daylight saving" 0 "$bin" log "$tmp/trip.json" taken amox --at "2026-11-01 07:10" --json
expect "log --json: the dose local with its offset after the change" grep -q '"dose": {"slot": "morning", "date": "2026-11-01", "at": "2026-11-01T13:00:00Z", "local": "2026-11-01T07:00:00-06:00", "zone": "America/Chicago"}' "$tmp/stdout"
check "log during the trip" 0 "$bin" log "$tmp/trip.json" taken amox --at "2026-12-09 07:05"
expect "log: the dose in Tokyo time" grep -qx "Logged taken: Amoxicillin, dose of 2026-12-09 07:00 Asia/Tokyo (slot morning), at 07:05." "$tmp/stdout"
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
expect "privacy: no medication ids in the plan" bash -c "! grep -qi 'prep\\|sertraline\\|emtricitabine' '$tmp/stdout'"
check "plan --pending: its own plan" 0 "$bin" plan "$demo" --at 2026-11-30T12:00:00Z --json --pending "$tmp/plan1.json"
expect "plan --pending: applying a plan leaves nothing to add or remove" python3 -c "
import json; p = json.load(open('$tmp/stdout'))
assert p['add'] == [] and p['remove'] == [] and len(p['keep']) == len(p['requests'])"
printf '["dose-x@dosecal.app/daily", "my-snooze"]' > "$tmp/pending.json"
check "plan --pending: stale and foreign identifiers" 0 "$bin" plan "$demo" --at 2026-11-30T12:00:00Z --json --pending - < "$tmp/pending.json"
expect "plan --pending: the stale one removed, the foreign one left alone" python3 -c "
import json; p = json.load(open('$tmp/stdout'))
assert p['remove'] == ['dose-x@dosecal.app/daily'] and p['ignored'] == ['my-snooze'] and len(p['add']) == len(p['requests'])"
printf '{"identifier": 3}' > "$tmp/pending-bad.json"
check "plan --pending: a bad file" 2 "$bin" plan "$demo" --pending "$tmp/pending-bad.json"
expect "plan --pending: the error names the file and what is valid" grep -q "pending-bad.json:1:1: .*expected a JSON array" "$tmp/stderr"
check "plan --pending: both on standard input" 64 "$bin" plan - --pending -
# As-needed medicines: log a dose, then status and plan give the next allowed dose.
cp fixtures/schedules/as-needed.json "$tmp/prn.json"
check "log: an as-needed dose" 0 "$bin" log "$tmp/prn.json" taken ibuprofen --at 2026-12-01T09:00:00Z
check "status --json: as needed" 0 "$bin" status "$tmp/prn.json" --at 2026-12-01T10:00:00Z --json
expect "status --json: nextAllowed after the gap" python3 -c "
import json; s = json.load(open('$tmp/stdout')); m = s['medications'][0]
assert s['version'] == 1 and m['nextAllowed'] == '2026-12-01T15:00:00Z' and m['dosesLast24Hours'] == ['2026-12-01T09:00:00Z'], m"
check "plan: the next allowed dose is a one-off" 0 "$bin" plan "$tmp/prn.json" --at 2026-12-01T10:00:00Z --json
expect "plan: one-off at nextAllowed" grep -q '"fires": "2026-12-01T15:00:00Z"' "$tmp/stdout"
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
# A phone edit merged into a schedule written by another program keeps that file as .bak; the next
# merge into the file dosecal wrote keeps no backup (the merge tells which without encoding it all).
pe="$tmp/sync/pe"; mkdir -p "$pe"
python3 scripts/bench/gen_schedule.py 12 > "$pe/meds.json"; cp "$pe/meds.json" "$pe/hand.json"
"$bin" sync "$pe/meds.json" --vdir "$pe/cal" --now 2026-11-30T12:00:00Z > /dev/null
python3 scripts/bench/phone_edit.py "$pe/cal" 1 move 1
check "sync: a phone edit merged into a file dosecal did not write" 0 "$bin" sync "$pe/meds.json" --vdir "$pe/cal" --now 2026-12-01T12:00:00Z
expect "sync: that file is kept as .bak" cmp -s "$pe/meds.json.bak" "$pe/hand.json"
python3 scripts/bench/phone_edit.py "$pe/cal" 1 move 2
check "sync: a phone edit merged into the file dosecal wrote" 0 "$bin" sync "$pe/meds.json" --vdir "$pe/cal" --now 2026-12-01T13:00:00Z
expect "sync: no backup of dosecal's own file" cmp -s "$pe/meds.json.bak" "$pe/hand.json"
# A no-op reads only the inputs record; a schedule edit that keeps the file's size and time is synced.
"$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/big" --now 2026-12-01T12:00:00Z > /dev/null
cp -p "$tmp/sync/big.json" "$tmp/sync/big.times"
sed -i '0,/"06:00"/s//"06:01"/' "$tmp/sync/big.json"
touch -r "$tmp/sync/big.times" "$tmp/sync/big.json"
expect "sync: the edit keeps size and time" test "$(stat -c '%s %Y' "$tmp/sync/big.json")" = "$(stat -c '%s %Y' "$tmp/sync/big.times")"
check "sync: a same-size edit with the old time" 0 "$bin" sync "$tmp/sync/big.json" --vdir "$tmp/sync/big" --now 2026-12-01T12:00:00Z
expect "sync: the same-size edit is written" grep -q " 1 changed" "$tmp/stdout"
# sync: names other programs chose are printed one line each; links and others' temporaries are left.
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:lunch-1\r\nDTSTART:20261201T170000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
    > "$sync_v/$(printf 'lunch\n  not an item, left alone: fake\t.ics')"
printf 'not a calendar' > "$sync_v/$(printf 'odd\x1b[2J.ics')"
ln -s "$tmp/sync/outside.ics" "$sync_v/linked.ics"
: > "$sync_v/.lunch.ics.4242.tmp"
check "sync: hostile names" 0 "$bin" sync "$sync_s" --vdir "$sync_v" --now 2026-12-01T12:00:00Z
expect "sync: a newline and a tab in a name are escaped" grep -qF 'not dosecal'"'"'s, left alone: lunch\n  not an item, left alone: fake\t.ics' "$tmp/stdout"
expect "sync: an escape character in a name is escaped" grep -qF 'odd\u{1B}[2J.ics' "$tmp/stdout"
expect "sync: no raw control character in the report" bash -c "! grep -qP '[\x00-\x08\x0b-\x1f\x7f]' '$tmp/stdout'"
expect "sync: a link is reported and left" grep -qF 'linked.ics is a symbolic link' "$tmp/stdout"
expect "sync: the link's target is not created" test ! -e "$tmp/sync/outside.ics"
expect "sync: another program's temporary is left" test -e "$sync_v/.lunch.ics.4242.tmp"
rm -f "$sync_v"/lunch* "$sync_v"/odd* "$sync_v/linked.ics" "$sync_v/.lunch.ics.4242.tmp"
# publish: a folder of schedules as feeds for a web server
pub="$tmp/pub"; mkdir -p "$pub/s/home-a" "$pub/s/home-b"
cp "$demo" "$pub/s/home-a/anna.json"; cp fixtures/schedules/daily.json "$pub/s/home-a/bob.json"
cp fixtures/schedules/privacy.json "$pub/s/home-b/carl.json"
check "publish --help" 0 "$bin" publish --help
expect "publish --help shows usage" grep -q "Usage: dosecal publish SCHEDULES_DIR --out SITE_DIR" "$tmp/stdout"
check "publish: missing --out" 64 "$bin" publish "$pub/s"
check "publish: missing folder" 2 "$bin" publish "$pub/none" --out "$pub/site"
check "publish: a site inside the schedules is refused" 64 "$bin" publish "$pub/s" --out "$pub/s/www"
expect "publish: nothing created inside the schedules" test ! -e "$pub/s/www"
check "publish: bad --jobs" 64 "$bin" publish "$pub/s" --out "$pub/site" --jobs 0
check "publish: first run" 0 "$bin" publish "$pub/s" --out "$pub/site" --base-url https://feeds.example/d/ --json
expect "publish: three feeds of 32 hex digits, 0644, in a 0755 folder" test \
    "$(ls "$pub/site" | grep -cE '^[0-9a-f]{32}\.ics$')" = 3 -a "$(stat -c %a "$pub/site"/*.ics | sort -u)" = 644 \
    -a "$(stat -c %a "$pub/site")" = 755
expect "publish: secret, record and index are 0600 in a 0700 folder" test \
    "$(stat -c %a "$pub/s/.dosecal-publish"/* | sort -u)" = 600 -a "$(stat -c %a "$pub/s/.dosecal-publish")" = 700
expect "publish --json: written feeds with links in the index" python3 -c "
import json; d=json.load(open('$tmp/stdout')); assert len(d['written']) == 3 and d['problems'] == [], d
i=json.load(open('$pub/s/.dosecal-publish/index.json'))
assert all(f['url'] == 'https://feeds.example/d/' + f['feed'] for f in i['feeds']), i
assert [f['calendar'] for f in i['feeds']] == ['My medications', 'Medications', None], i"
expect "publish: a feed's modification time is its schedule's" test \
    "$(stat -c %Y "$pub/site/$(python3 -c "import json; print([f['feed'] for f in json.load(open('$pub/s/.dosecal-publish/index.json'))['feeds'] if f['schedule'] == 'home-a/anna.json'][0])")")" \
    = "$(stat -c %Y "$pub/s/home-a/anna.json")"
expect "publish: privacy mode names no medicine in its feed" bash -c \
    "! grep -qiE 'emtricitabine|sertraline' \$(grep -l 'CLASS:PRIVATE' '$pub/site'/*.ics)"
stat -c '%n %Y %i' "$pub/site"/* "$pub/s/.dosecal-publish"/* > "$pub/before"
check "publish: again" 0 "$bin" publish "$pub/s" --out "$pub/site"
stat -c '%n %Y %i' "$pub/site"/* "$pub/s/.dosecal-publish"/* > "$pub/after"
expect "publish: a publish with nothing to do writes nothing" cmp -s "$pub/before" "$pub/after"
expect "publish: its summary" grep -q "3 schedules: 0 written, 3 unchanged, 0 retired, 0 problems" "$tmp/stdout"
printf '{"version": 1, "homeZone": "Mars/Base", "medications": []}' > "$pub/s/home-b/dora.json"
check "publish: a bad schedule is named (exit 1)" 1 "$bin" publish "$pub/s" --out "$pub/site"
expect "publish: the problem names the file and line" grep -q 'problem: home-b/dora.json:1: homeZone: "Mars/Base"' "$tmp/stdout"
rm "$pub/s/home-b/dora.json"
old=$(python3 -c "import json; print([f['feed'] for f in json.load(open('$pub/s/.dosecal-publish/index.json'))['feeds'] if f['schedule'] == 'home-a/bob.json'][0])")
check "publish: --rotate" 0 "$bin" publish "$pub/s" --out "$pub/site" --rotate home-a/bob.json --prune
expect "publish: the old link is gone, a new one is there" test ! -e "$pub/site/$old" -a "$(ls "$pub/site" | grep -c '\.ics$')" = 3
expect "publish: the old name is marked retired (an empty file, for 410 Gone)" test -f "$pub/site/retired/$old" -a ! -s "$pub/site/retired/$old"
expect "publish: the summary says the old link answers 410" grep -q "retired: $old (home-a/bob.json): its link answers 410 Gone from now on" "$tmp/stdout"
check "publish: --rotate of an unknown feed" 64 "$bin" publish "$pub/s" --out "$pub/site" --rotate nobody.json
check "publish: another site for the same state is refused" 64 "$bin" publish "$pub/s" --out "$pub/other"
# publish killed with SIGKILL during a first run of 300 schedules: the next run converges.
python3 scripts/bench/gen_schedules_dir.py "$pub/many" 300
"$bin" publish "$pub/many" --out "$pub/many-site" --jobs 2 > /dev/null 2>&1 &
kill_pid=$!
for _ in $(seq 1 200); do [[ $(ls -A "$pub/many-site" 2>/dev/null | wc -l) -gt 30 ]] && break; sleep 0.02; done
kill -KILL "$kill_pid"; wait "$kill_pid" 2>/dev/null
check "publish: the run after a kill -9" 0 "$bin" publish "$pub/many" --out "$pub/many-site"
expect "publish: the killed run's temporaries are removed and named" \
    grep -q "removed a temporary file of an interrupted publish: \.[0-9a-f]*\.ics\.dosecal-$kill_pid\.tmp" "$tmp/stdout"
expect "publish: after a kill -9, 300 feeds and no temporary file" \
    test "$(ls -A "$pub/many-site" | grep -c '\.ics$')" = 300 -a "$(ls -A "$pub/many-site" | grep -c 'tmp$')" = 0
stat -c '%n %Y %i' "$pub/many-site"/* > "$pub/many.before"
check "publish: then a run that writes nothing" 0 "$bin" publish "$pub/many" --out "$pub/many-site"
stat -c '%n %Y %i' "$pub/many-site"/* > "$pub/many.after"
expect "publish: nothing written after convergence" cmp -s "$pub/many.before" "$pub/many.after"
# publish killed with SIGKILL between two batches of a first run of 2,500 schedules (some feeds in
# place, the record and the index not yet): the next run finishes it, and the site, the record's
# feeds and the index are those of a run never killed (the same secret, another state and site).
python3 scripts/bench/gen_schedules_dir.py "$pub/many2500" 2500
"$bin" publish "$pub/many2500" --out "$pub/many2500-site" --jobs 2 > /dev/null 2>&1 &
kill_pid=$!
for _ in $(seq 1 3000); do [[ $(ls "$pub/many2500-site" 2>/dev/null | grep -c '\.ics$') -gt 1100 ]] && break; sleep 0.02; done
kill -KILL "$kill_pid"; wait "$kill_pid" 2>/dev/null
expect "publish: killed between batches (some feeds, no index yet)" \
    test "$(ls "$pub/many2500-site" | grep -c '\.ics$')" -gt 1100 -a ! -e "$pub/many2500/.dosecal-publish/index.txt"
check "publish: the run after a kill -9 between batches" 0 "$bin" publish "$pub/many2500" --out "$pub/many2500-site"
mkdir -m 700 "$pub/many2500-state"
cp "$pub/many2500/.dosecal-publish/secret" "$pub/many2500-state/secret"
check "publish: the same schedules never killed" 0 "$bin" publish "$pub/many2500" --out "$pub/many2500-site2" --state "$pub/many2500-state"
expect "publish: after a kill -9 between batches, the feeds are those of a run never killed" \
    diff -r "$pub/many2500-site" "$pub/many2500-site2"
expect "publish: after a kill -9 between batches, the index is that of a run never killed" \
    cmp -s "$pub/many2500/.dosecal-publish/index.txt" "$pub/many2500-state/index.txt"
expect "publish: after a kill -9 between batches, 2,500 feeds in the index" \
    test "$(grep -c '\.ics' "$pub/many2500/.dosecal-publish/index.txt")" = 2500
# privacy mode: no medication id in status --json or in log and validation errors
check "privacy: status --json" 0 "$bin" status fixtures/schedules/privacy.json --at 2026-11-30T12:00:00Z --json
expect "privacy: status --json numbers medications" grep -q '"id": "Medication 1"' "$tmp/stdout"
expect "privacy: status --json gives no id" bash -c "! grep -qiE 'emtricitabine|sertraline|prep' '$tmp/stdout'"
cp fixtures/schedules/privacy.json "$tmp/private-log.json"
check "privacy: log of an unknown medication" 2 "$bin" log "$tmp/private-log.json" taken quetiapine --at 2026-11-30T12:00:00Z
expect "privacy: the log error gives no id" bash -c "! grep -qiE 'quetiapine|sertraline|prep' '$tmp/stderr'"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['medications'].append(dict(d['medications'][1])); json.dump(d, open(sys.argv[1],'w'))" "$tmp/private-log.json"
check "privacy: a duplicate id" 2 "$bin" check "$tmp/private-log.json"
expect "privacy: the validation error numbers it" grep -q "duplicate medication id Medication 2" "$tmp/stderr"
expect "privacy: the validation error gives no id" bash -c "! grep -qiE 'sertraline|prep' '$tmp/stderr'"
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
# reconcile: a reminder dismissed on the phone (RFC 9074 ACKNOWLEDGED) is a hint, not a dose taken
cp "$demo" "$tmp/rec/ack.json"
check "seen: export" 0 "$bin" export "$tmp/rec/ack.json" -o "$tmp/rec/ack.ics" --keep-base --quiet --now 2026-11-20T00:00:00Z
python3 - "$tmp/rec/ack.ics" <<'PY'
import sys
t = open(sys.argv[1], newline='').read()
at = t.index('END:VALARM', t.index('UID:dose-bbc7306c05e0f4dde4e11953@dosecal.app'))
open(sys.argv[1], 'w', newline='').write(t[:at] + 'ACKNOWLEDGED:20261210T130500Z\r\n' + t[at:])
PY
check "seen: reconcile" 0 "$bin" reconcile "$tmp/rec/ack.json" "$tmp/rec/ack.ics" --now 2026-12-15T12:00:00Z
expect "seen: no changes" grep -q "^No changes" "$tmp/stdout"
expect "seen: the hint in plain words" grep -qx "  Metformin 08:00 reminder seen at 2026-12-10 08:05 on a calendar (dose of 2026-12-10)" "$tmp/stdout"
check "seen: reconcile --json" 0 "$bin" reconcile "$tmp/rec/ack.json" "$tmp/rec/ack.ics" --now 2026-12-15T12:00:00Z --json
expect "seen: reconcile --json names it" python3 -c "
import json; r = json.load(open('$tmp/stdout'))
assert r['changes'] == [] and [(s['medication'], s['slot'], s['date'], s['at']) for s in r['seen']] == [('metformin', 'morning', '2026-12-10', '2026-12-10T13:05:00Z')], r"
check "seen: reconcile --apply" 0 "$bin" reconcile "$tmp/rec/ack.json" "$tmp/rec/ack.ics" --now 2026-12-15T12:00:00Z --apply
expect "seen: written to the schedule" grep -q '"medication": "metformin", "slot": "morning", "date": "2026-12-10", "at": "2026-12-10T13:05:00Z", "source": "calendar"' "$tmp/rec/ack.json"
cp "$tmp/rec/ack.json" "$tmp/rec/ack-applied.json"
check "seen: reconcile --apply again" 0 "$bin" reconcile "$tmp/rec/ack.json" "$tmp/rec/ack.ics" --now 2026-12-15T12:00:00Z --apply
expect "seen: nothing new written" cmp -s "$tmp/rec/ack.json" "$tmp/rec/ack-applied.json"
check "seen: status" 0 "$bin" status "$tmp/rec/ack.json" --at 2026-12-15T12:00:00Z
expect "seen: status shows it" grep -qx "  08:00 dose: reminder seen at 08:05 on a calendar (2026-12-10)" "$tmp/stdout"
check "seen: status --json" 0 "$bin" status "$tmp/rec/ack.json" --at 2026-12-15T12:00:00Z --json
expect "seen: status --json gives it, counts unchanged" python3 -c "
import json; m = json.load(open('$tmp/stdout'))['medications'][0]
assert m['seen'] == [{'slot': 'morning', 'date': '2026-12-10', 'at': '2026-12-10T13:05:00Z'}], m
assert m['adherence']['days7']['taken'] == 0, m"
# reconcile: an every-8-hours series moved 30 minutes and one dose deleted on the phone
cp fixtures/schedules/every-n-hours.json "$tmp/rec/q8h.json"
check "every-N-hours: export" 0 "$bin" export "$tmp/rec/q8h.json" -o "$tmp/rec/q8h.ics" --keep-base --quiet --now 2026-03-01T00:00:00Z
# as Android (DAVx5) writes it: the start kept in UTC, the deleted dose a UTC EXDATE
sed -e 's/^DTSTART:20260307T120000Z/DTSTART:20260307T123000Z/' \
    -e 's/^\(RRULE:FREQ=HOURLY;[^\r]*\)\r$/\1\r\nEXDATE:20260310T203000Z\r/' \
    "$tmp/rec/q8h.ics" > "$tmp/rec/q8h-phone.ics"
check "every-N-hours: reconcile --apply" 0 "$bin" reconcile "$tmp/rec/q8h.json" "$tmp/rec/q8h-phone.ics" --now 2026-03-08T12:00:00Z --apply
expect "every-N-hours: the series moved" grep -qx "  Amoxicillin 07:00 -> 07:30 (every dose)" "$tmp/stdout"
expect "every-N-hours: the dose deleted" grep -qx "  Amoxicillin 16:30 on 2026-03-10: skipped" "$tmp/stdout"
expect "every-N-hours: skipped at the dose's instant" grep -q '"status": "skipped", "at": "2026-03-10T20:30:00Z"' "$tmp/rec/q8h.json"
check "every-N-hours: reconcile again" 0 "$bin" reconcile "$tmp/rec/q8h.json" "$tmp/rec/q8h-phone.ics" --now 2026-03-08T12:00:00Z
expect "every-N-hours: nothing left" grep -q "^No changes" "$tmp/stdout"
check "every-N-hours: export after reconcile" 0 "$bin" export "$tmp/rec/q8h.json" -o "$tmp/rec/q8h-after.ics" --quiet --now 2026-03-08T12:00:00Z
expect "every-N-hours: the deleted dose stays deleted" grep -q "^EXDATE:20260310T203000Z" "$tmp/rec/q8h-after.ics"
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
expect "import: the refill warnings give back the supply" python3 -c "
import json; s = json.load(open('$tmp/rec/imported.json'))
assert [m['supply']['pills'] for m in s['medications']] == [24, 60, 90, 6], s"
check "import: the schedule is valid" 0 "$bin" export "$tmp/rec/imported.json" -o "$tmp/rec/imported.ics" --quiet
check "import: an existing output is not replaced" 2 "$bin" import "$tmp/rec/feed.ics" -o "$tmp/rec/imported.json"
check "import --json" 0 "$bin" import "$tmp/rec/feed.ics" -o "$tmp/rec/imported2.json" --json
expect "import --json: medications and unmapped" python3 -c "
import json; r = json.load(open('$tmp/stdout'))
assert [m['id'] for m in r['medications']] == ['methotrexate', 'metformin', 'levothyroxine', 'vitamin-d3'] and r['unmapped'] == [], r"
check "import to standard output" 0 "$bin" import "$tmp/rec/feed.ics"
expect "import: stdout is the schedule" python3 -c "import json; assert json.load(open('$tmp/stdout'))['version'] == 1"
expect "import: no progress on a non-terminal" bash -c "! grep -q 'events' '$tmp/stderr' || ! grep -q \$'\r' '$tmp/stderr'"
mkdir -p "$tmp/dash"
check "import -o - is standard output" 0 bash -c "cd '$tmp/dash' && '$(realpath "$bin")' import '$tmp/rec/feed.ics' -o -"
expect "import -o -: stdout is the schedule" python3 -c "import json; assert json.load(open('$tmp/stdout'))['version'] == 1"
expect "import -o -: no file named - and no lock .-.lock" test -z "$(ls -A "$tmp/dash")"
check "import -o - --json: the report needs a file" 64 bash -c "cd '$tmp/dash' && '$(realpath "$bin")' import '$tmp/rec/feed.ics' -o - --json"
expect "import -o - --json: nothing created" test -z "$(ls -A "$tmp/dash")"
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
# validate: every error at once
cat > "$tmp/several.json" <<'JSON'
{
  "version": 1,
  "homeZone": "America/Chicgo",
  "medications": [
    {"id": "a", "name": "A", "strenght": "5 mg", "times": ["25:00"], "start": "2026-01-01"},
    {"id": "b", "name": "B", "times": ["08:00"], "start": "2026-02-30", "timePolicy": {"kind": "wallclock"}}
  ]
}
JSON
check "validate: a file with several errors" 2 "$bin" validate "$tmp/several.json"
expect "validate: every error, each with file:line:col and path" diff <(grep -oE '^[^ ]+:[0-9]+:[0-9]+: [^ ]+' "$tmp/stderr") <(printf '%s\n' \
    "$tmp/several.json:3:15: homeZone:" "$tmp/several.json:5:30: medications[0]:" "$tmp/several.json:5:60: medications[0].times[0]:" \
    "$tmp/several.json:6:59: medications[1].start:" "$tmp/several.json:6:96: medications[1].timePolicy.kind:")
expect "validate: a zone suggestion" grep -q "(did you mean \"America/Chicago\"?)" "$tmp/stderr"
expect "validate: the count" grep -qx "$tmp/several.json: 5 problems" "$tmp/stderr"
check "export still stops at the first error" 2 "$bin" export "$tmp/several.json" -o "$tmp/several.ics"
expect "export: one error line" test "$(wc -l < "$tmp/stderr")" = 1
check "validate: valid files" 0 "$bin" validate "$demo" fixtures/schedules/privacy.json
expect "validate: one summary line per valid file" grep -qx "$demo: valid: 4 medications, 5 dose times, home zone America/New_York" "$tmp/stdout"
check "validate: standard input" 0 sh -c "'$bin' validate - < '$demo'"
check "validate: a valid and a bad file" 2 "$bin" validate "$demo" "$tmp/several.json" "$tmp/none.json"
expect "validate: the missing file is named" grep -q "none.json: no such file" "$tmp/stderr"
check "validate: no file" 64 "$bin" validate
# suggestions
check "a mistyped command" 64 "$bin" exprot "$demo"
expect "suggests the command" grep -q "unknown command 'exprot' (did you mean 'export'?)" "$tmp/stderr"
check "a mistyped option" 64 "$bin" export "$demo" --privcy
expect "suggests the option" grep -q "unknown option --privcy (did you mean '--privacy'?)" "$tmp/stderr"
check "a mistyped zone" 64 "$bin" check "$demo" --zone America/Chicgo
expect "suggests the zone" grep -q "(did you mean 'America/Chicago'?)" "$tmp/stderr"
check "a mistyped value" 64 "$bin" check "$demo" --gap-policy nxt
expect "suggests the value" grep -q "(did you mean 'next'?)" "$tmp/stderr"
check "help of a mistyped command" 64 "$bin" help chek
expect "help suggests the command" grep -q "(did you mean 'check'?)" "$tmp/stderr"
# feed colour
sed 's/"feed": {"name": "My medications"}/"feed": {"name": "My medications", "color": "#FF7F50"}/' "$demo" > "$tmp/color.json"
check "export with a colour" 0 "$bin" export "$tmp/color.json" -o "$tmp/color.ics" --quiet --now 2026-11-30T12:00:00Z
expect "COLOR and X-APPLE-CALENDAR-COLOR" bash -c "grep -q \$'^COLOR:coral\r\$' '$tmp/color.ics' && grep -q \$'^X-APPLE-CALENDAR-COLOR:#FF7F50\r\$' '$tmp/color.ics'"
expect "the colour is the only difference" bash -c "diff <(grep -v COLOR '$tmp/color.ics') '$tmp/first.ics' > /dev/null"
# man pages and completions come from the command table
check "man export" 0 "$bin" man export
expect "man export is roff with the help's usage" grep -q '^\.SH SYNOPSIS' "$tmp/stdout"
check "man of an unknown command" 64 "$bin" man frob
check "completion of an unknown shell" 64 "$bin" completion tcsh
# progress: one updating line on a terminal (script gives the command a pseudo-terminal;
# DOSECAL_PROGRESS_DELAY_MS=0 shows it at once instead of after a second), never in a pipe or with --json
abs_bin=$(realpath "$bin")
on_tty() { DOSECAL_PROGRESS_DELAY_MS=0 script -qec "$1 > /dev/null" /dev/null > "$tmp/tty.out" 2>&1; }
on_tty "'$abs_bin' check '$demo' --now 2026-11-20T00:00:00Z"
expect "progress: check on a terminal counts libical's events" grep -qa $'\r\e\\[Kdosecal check: libical.s expansion, events 9/9' "$tmp/tty.out"
expect "progress: the line is cleared at the end" bash -c "tail -c 4 '$tmp/tty.out' | od -c | grep -q '\\\\r 033   \\[   K'"
on_tty "'$abs_bin' check '$demo' --now 2026-11-20T00:00:00Z --json"
expect "progress: none with --json" test ! -s "$tmp/tty.out"
on_tty "'$abs_bin' import '$tmp/rec/feed.ics'"
expect "progress: import on a terminal" grep -qa 'dosecal import: events' "$tmp/tty.out"
mkdir -p "$tmp/prog" && cp "$demo" "$tmp/prog/meds.json"
on_tty "'$abs_bin' sync '$tmp/prog/meds.json' --vdir '$tmp/prog/cal' --now 2026-11-30T12:00:00Z"
expect "progress: a first sync on a terminal" grep -qa "dosecal sync: syncing $tmp/prog/cal" "$tmp/tty.out"
check "progress: a pipe" 0 "$bin" check "$demo" --now 2026-11-20T00:00:00Z
expect "progress: nothing on stderr in a pipe" test ! -s "$tmp/stderr"
# Two-way safety (decisions 0036, 0037): damage on the phone changes nothing and is repaired.
safe="$tmp/safe"; mkdir -p "$safe"; cp "$demo" "$safe/meds.json"; cp "$demo" "$safe/before.json"
check "safety: first sync" 0 "$bin" sync "$safe/meds.json" --vdir "$safe/cal" --now 2026-12-01T12:00:00Z
item="$safe/cal/dose-2104fe0d82263d7add254334.ics"
sed -i 's/^RRULE:FREQ=DAILY\r$/RRULE:FREQ=DAILY;INTERVAL=0\r/' "$item"
check "safety: an invalid rule from the phone is reported" 1 "$bin" sync "$safe/meds.json" --vdir "$safe/cal" --now 2026-12-02T12:00:00Z
expect "safety: it names the file, line and what is wrong" grep -q "damaged on the phone, nothing changed in the schedule: dose-2104fe0d82263d7add254334.ics: line [0-9]*: .*INTERVAL=0 must be a whole number" "$tmp/stdout"
expect "safety: the schedule is unchanged" cmp -s "$safe/meds.json" "$safe/before.json"
expect "safety: the item is repaired" grep -q $'^RRULE:FREQ=DAILY\r$' "$item"
expect "safety: the phone's copy is kept in the sync store, 0600" bash -c "grep -qa 'RRULE:FREQ=DAILY;INTERVAL=0' '$safe'/.meds.json.sync-*.db && test \"\$(stat -c %a '$safe'/.meds.json.sync-*.db)\" = 600"
expect "safety: the sync's own files next to the schedule: the store and the schedule's lock" test "$(cd "$safe" && ls -A | grep '^\.meds' | sed 's/sync-[0-9a-f]*/sync-X/' | tr '\n' ' ')" = ".meds.json.lock .meds.json.sync-X.db "
check "safety: the next sync is in step" 0 "$bin" sync "$safe/meds.json" --vdir "$safe/cal" --now 2026-12-02T13:00:00Z
"$bin" export "$safe/meds.json" -o "$safe/feed.ics" --now 2026-12-02T12:00:00Z > /dev/null
sed 's/^DTSTART;TZID=America\/New_York:20260105T190000/DTSTART;TZID=Nowhere\/Atlantis:20260105T190000/' "$safe/feed.ics" > "$safe/broken.ics"
check "safety: reconcile --apply with an unknown zone" 1 "$bin" reconcile "$safe/meds.json" "$safe/broken.ics" --apply --now 2026-12-02T12:00:00Z
expect "safety: reconcile names the calendar and the zone" grep -q "$safe/broken.ics: line [0-9]*: dose-.*unknown time zone Nowhere/Atlantis" "$tmp/stdout"
expect "safety: reconcile changed nothing" cmp -s "$safe/meds.json" "$safe/before.json"
sed -i 's/^RRULE:FREQ=DAILY\r$/RRULE:COUNT=3\r/' "$item"
check "safety: reconcile --apply of a folder with a damaged item" 1 "$bin" reconcile "$safe/meds.json" "$safe/cal" --apply --now 2026-12-02T14:00:00Z
expect "safety: the damaged item is named" grep -q "dose-2104fe0d82263d7add254334@dosecal.app: RRULE COUNT=3: FREQ is missing" "$tmp/stdout"
expect "safety: reconcile of the folder changed nothing" cmp -s "$safe/meds.json" "$safe/before.json"
if [[ $(id -u) -eq 0 ]] && command -v setpriv > /dev/null; then
    # An item the sync cannot read (permission denied) is damage, never a deleted series: as
    # root every file is readable, so this part runs as nobody.
    nob="$(mktemp -d)"; cp "$demo" "$nob/meds.json"; cp "$demo" "$nob/before.json"; chown -R nobody "$nob"; chmod 755 "$nob"
    as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$abs_bin" "$@"; }
    check "safety: first sync as another user" 0 as_nobody sync "$nob/meds.json" --vdir "$nob/cal" --now 2026-12-01T12:00:00Z
    # Changed on the phone (so the sync must read it), then unreadable for the sync's user.
    sed -i 's/T190000/T193000/' "$nob/cal/dose-2104fe0d82263d7add254334.ics"; chmod 000 "$nob/cal/dose-2104fe0d82263d7add254334.ics"
    check "safety: an unreadable item is reported" 1 as_nobody sync "$nob/meds.json" --vdir "$nob/cal" --now 2026-12-02T12:00:00Z
    expect "safety: it says the item cannot be read" grep -q "dose-2104fe0d82263d7add254334.ics: dose-2104fe0d82263d7add254334@dosecal.app: cannot be read" "$tmp/stdout"
    expect "safety: no series stopped" cmp -s "$nob/meds.json" "$nob/before.json"
    rm -rf "$nob"
else
    echo "FAIL: safety: the unreadable-item check needs root and setpriv to run as another user"; fail=$((fail + 1))
fi
# expand: instances overlapping a window, text, --count, --json, stdin, errors
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:fri13\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=America/New_York:19970902T090000\r\nDTEND;TZID=America/New_York:19970902T100000\r\nRRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=5\r\nSUMMARY:Friday 13th\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:float\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:19980213T235000\r\nDTEND:19980214T001000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$tmp/expand.ics"
check "expand --help" 0 "$bin" expand --help
expect "expand --help shows usage" grep -q "Usage: dosecal expand CALENDAR" "$tmp/stdout"
check "expand --count" 0 "$bin" expand "$tmp/expand.ics" --from 1997-01-01 --to 2000-01-01 --zone UTC --count
expect "expand counts DTSTART within COUNT (RFC 5545)" test "$(cat "$tmp/stdout")" = 6
check "expand text" 0 "$bin" expand "$tmp/expand.ics" --from 1998-02-01 --to 1998-03-01 --zone America/New_York
expect "expand text: start, end, UID, summary in the event's zone, named" grep -qP '^1998-02-13T09:00:00-05:00\[America/New_York\]\t1998-02-13T10:00:00-05:00\[America/New_York\]\tfri13\tFriday 13th$' "$tmp/stdout"
check "expand --json from stdin" 0 bash -c "'$bin' expand - --from 1998-02-14 --to 1998-02-15 --zone UTC --json < '$tmp/expand.ics'"
expect "expand --json: an instance overlapping the window's start, floating read in --zone" grep -q '"uid": "float", "recurrenceId": "1998-02-13T23:50:00Z", "start": "1998-02-13T23:50:00Z", "end": "1998-02-14T00:10:00Z", "summary": null' "$tmp/stdout"
check "expand: floating read in another --zone" 0 "$bin" expand "$tmp/expand.ics" --from 1998-02-14 --to 1998-02-15 --zone Asia/Tokyo --json
expect "expand: Tokyo's 23:50 is 14:50Z (and the window is Tokyo's day)" grep -q '"start": "1998-02-13T14:50:00Z", "end": "1998-02-13T15:10:00Z"' "$tmp/stdout"
check "expand: --from and --to as local date-times in --zone" 0 "$bin" expand "$tmp/expand.ics" --from "1998-02-13 08:59" --to 1998-02-13T09:01 --zone America/New_York --json
expect "expand: 08:59 to 09:01 New York holds the 09:00 instance" bash -c "grep -q '\"start\": \"1998-02-13T14:00:00Z\"' '$tmp/stdout' && ! grep -q float '$tmp/stdout'"
check "expand: missing --from" 64 "$bin" expand "$tmp/expand.ics" --to 2000-01-01
check "expand: bad --zone" 64 "$bin" expand "$tmp/expand.ics" --from 1997-01-01 --to 2000-01-01 --zone Mars/Base
check "expand: --to before --from" 64 "$bin" expand "$tmp/expand.ics" --from 2000-01-01 --to 1997-01-01
check "expand: the viewer zone from TZ" 0 env TZ=Asia/Tokyo "$bin" expand "$tmp/expand.ics" --from 1998-02-14 --to 1998-02-15 --json
expect "expand: TZ=Asia/Tokyo reads floating 23:50 as 14:50Z" grep -q '"start": "1998-02-13T14:50:00Z"' "$tmp/stdout"
check "expand: a TZ without zone data is a usage error, never UTC" 64 env TZ=Mars/Base "$bin" expand "$tmp/expand.ics" --from 1997-01-01 --to 2000-01-01
expect "expand: the TZ error names TZ" grep -q "TZ=Mars/Base is not a time zone with zone data" "$tmp/stderr"
if system_zone="$(readlink /etc/localtime 2>/dev/null)" && [[ "$system_zone" == *zoneinfo/* ]]; then
    check "expand: without TZ or --zone, the zone /etc/localtime links to" 0 env -u TZ "$bin" expand "$tmp/expand.ics" --from 1998-02-01 --to 1998-03-01
    cp "$tmp/stdout" "$tmp/expand-system.txt"
    check "expand: the same window in that zone by name" 0 "$bin" expand "$tmp/expand.ics" --from 1998-02-01 --to 1998-03-01 --zone "${system_zone##*zoneinfo/}"
    expect "expand: the system's zone reads as its name" cmp -s "$tmp/stdout" "$tmp/expand-system.txt"
fi
check "expand: missing calendar" 2 "$bin" expand "$tmp/nope.ics" --from 1997-01-01 --to 2000-01-01
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
# One writer at a time, links and limits (docs/sync.md "Writers and the lock", docs/schedule-format.md
# "How dosecal writes files"): a schedule that is a symbolic link is written at its target.
wl="$tmp/writers"; mkdir -p "$wl/real" "$wl/cal"; cp "$demo" "$wl/real/meds.json"; ln -s real/meds.json "$wl/meds.json"
check "link: log through a link" 0 "$bin" log "$wl/meds.json" taken metformin --slot morning --at 2026-11-30T08:05:00-05:00
check "link: refill through a link" 0 "$bin" refill "$wl/meds.json" levothyroxine --add 30 --at 2026-11-30T12:00:00Z
expect "link: the link is still a link to the same file" test "$(readlink "$wl/meds.json")" = real/meds.json
expect "link: the real file has the entry and the refill" bash -c "grep -q '\"at\": \"2026-11-30T13:05:00Z\"' '$wl/real/meds.json' && grep -q '\"pills\": 110' '$wl/real/meds.json'"
expect "link: backup and lock next to the real file, nothing next to the link" bash -c "cmp -s '$wl/real/meds.json.bak' '$demo' && test -e '$wl/real/.meds.json.lock' && test \"\$(ls -A '$wl')\" = \"$(printf 'cal\nmeds.json\nreal')\""
check "link: first sync through a link" 0 "$bin" sync "$wl/meds.json" --vdir "$wl/cal" --now 2026-12-01T12:00:00Z
sed -i 's/^DTSTART;TZID=America\/New_York:20260105T190000\r$/DTSTART;TZID=America\/New_York:20260105T193000\r/' "$wl/cal/dose-2104fe0d82263d7add254334.ics"
check "link: a sync merging a phone edit through a link" 0 "$bin" sync "$wl/meds.json" --vdir "$wl/cal" --now 2026-12-02T12:00:00Z
expect "link: the merge is in the real file, the link stays" bash -c "grep -q '\"time\": \"19:30\"' '$wl/real/meds.json' && test -L '$wl/meds.json'"
"$bin" export "$wl/meds.json" -o "$wl/feed.ics" --keep-base --quiet --now 2026-12-02T12:00:00Z
sed 's/^DTSTART;TZID=America\/New_York:20260105T080000\r$/DTSTART;TZID=America\/New_York:20260105T081500\r/' "$wl/feed.ics" > "$wl/edited.ics"
check "link: reconcile --apply through a link" 0 "$bin" reconcile "$wl/meds.json" "$wl/edited.ics" --apply --now 2026-12-02T12:00:00Z
expect "link: reconcile's change is in the real file, the link stays" bash -c "grep -q '\"time\": \"08:15\"' '$wl/real/meds.json' && test -L '$wl/meds.json'"
# A writer that waits says so after about a second, naming the holder: another process holds the
# lock's flock as a dosecal writer does (the lock file names its holder) for SECONDS.
hold_lock() {
    python3 -c 'import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR); fcntl.flock(fd, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(float(sys.argv[2]))' \
        "$wl/real/.meds.json.lock" "$1" > "$wl/locked" &
    holder=$!
    for _ in $(seq 1 200); do grep -q locked "$wl/locked" && break; sleep 0.05; done
}
printf '4242 dosecal sync\n' > "$wl/real/.meds.json.lock"
hold_lock 2
check "lock: a log waits for the holder" 0 "$bin" log "$wl/meds.json" taken metformin --slot evening --at 2026-11-30T19:05:00-05:00
wait "$holder"
expect "lock: the wait is said on stderr, naming the holder" grep -q "^dosecal log: waiting for dosecal sync (process 4242), which is writing $wl/meds.json$" "$tmp/stderr"
expect "lock: the entry is written after the wait" grep -q '"at": "2026-12-01T00:05:00Z"' "$wl/real/meds.json"
# A lock left by a killed process blocks nothing: the kernel dropped it with its process.
hold_lock 600
kill -KILL "$holder"; wait "$holder" 2> /dev/null
check "lock: the lock of a killed process is taken at once" 0 timeout 20 "$bin" log "$wl/meds.json" taken metformin --slot morning --at 2026-11-29T08:05:00-05:00
expect "lock: no wait said" test ! -s "$tmp/stderr"
check "import: onto an existing schedule through a link is refused" 2 "$bin" import "$wl/feed.ics" -o "$wl/meds.json"
expect "import: the existing schedule is untouched" grep -q '"at": "2026-11-29T13:05:00Z"' "$wl/real/meds.json"
# A 2 GB file (sparse: nothing is written to disk) given as schedule, calendar or item is not read.
truncate -s 2G "$wl/huge.json" "$wl/huge.ics"
too_large="holds 2147483648 bytes; dosecal reads files of at most 67108864 bytes (64 MiB), so nothing was read"
for args in "export $wl/huge.json" "validate $wl/huge.json" "log $wl/huge.json taken x" "check $demo --calendar $wl/huge.ics" \
    "reconcile $demo $wl/huge.ics" "import $wl/huge.ics"; do
    check "2 GB file: ${args%% *} refuses it" 2 /usr/bin/time -f %M -o "$tmp/rss" "$bin" $args
    expect "2 GB file: ${args%% *} names the file, its size and the limit" bash -c "grep -F '$too_large' '$tmp/stderr' | grep -qE '$wl/huge\.(json|ics) holds'"
    expect "2 GB file: ${args%% *} reads none of it (peak memory under 200 MB)" test "$(tail -1 "$tmp/rss")" -lt 200000
done
# expand streams a calendar (mapped, one UID group at a time): up to 1 GiB, in memory that follows
# its largest group, not its size.
check "2 GB file: expand refuses it" 2 /usr/bin/time -f %M -o "$tmp/rss" "$bin" expand "$wl/huge.ics" --from 2026-01-01 --to 2026-02-01 --zone UTC
expect "2 GB file: expand names the file, its size and its limit" grep -qF "$wl/huge.ics holds 2147483648 bytes; dosecal reads files of at most 1073741824 bytes (1024 MiB), so nothing was read" "$tmp/stderr"
expect "2 GB file: expand reads none of it (peak memory under 200 MB)" test "$(tail -1 "$tmp/rss")" -lt 200000
python3 -c '
import sys
event = "BEGIN:VEVENT\r\nUID:e%d@x\r\nDTSTART:20260105T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=%d\r\nSUMMARY:" + "x" * 180 + "\r\nEND:VEVENT\r\n"
with open(sys.argv[1], "w") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n")
    f.write("".join(event % (k, 1 + k % 3) for k in range(260000)))
    f.write("END:VCALENDAR\r\n")' "$wl/big.ics"
check "70 MB calendar: expand streams it" 0 /usr/bin/time -f %M -o "$tmp/rss" "$bin" expand "$wl/big.ics" --from 2026-01-01 --to 2027-01-01 --zone UTC --count
expect "70 MB calendar: expand counts every instance" test "$(cat "$tmp/stdout")" = 519999
expect "70 MB calendar: expand's peak memory is under 60 MB, less than the file" test "$(tail -1 "$tmp/rss")" -lt 61440
check "70 MB calendar: check does not read it whole" 2 "$bin" check "$demo" --calendar "$wl/big.ics"
expect "70 MB calendar: check names its limit" grep -qF "dosecal reads files of at most 67108864 bytes (64 MiB)" "$tmp/stderr"
rm -f "$wl/big.ics"
check "2 GB file: standard input is cut at the limit" 2 sh -c "head -c 70000000 /dev/zero | '$bin' validate -"
expect "2 GB file: standard input says so" grep -qF "<stdin> holds more; dosecal reads files of at most 67108864 bytes" "$tmp/stderr"
truncate -s 2G "$wl/cal/huge.ics"
check "2 GB file: a sync reports the item and reads none of it" 0 /usr/bin/time -f %M -o "$tmp/rss" "$bin" sync "$wl/meds.json" --vdir "$wl/cal" --now 2026-12-03T12:00:00Z
expect "2 GB file: the item is named with its size" grep -qF "huge.ics cannot be read (holds 2147483648 bytes, more than dosecal reads (64 MiB); not read)" "$tmp/stdout"
expect "2 GB file: the sync's peak memory is under 200 MB" test "$(tail -1 "$tmp/rss")" -lt 200000
rm -f "$wl/huge.json" "$wl/huge.ics" "$wl/cal/huge.ics"
# Notes of 50 MB: refused where they are read, so dosecal never writes an item it cannot read back.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["medications"][0]["notes"] = "Take with food. " * (50 * 65536); json.dump(d, open(sys.argv[2], "w"))' "$demo" "$wl/notes.json"
for cmd in validate export sync; do
    case $cmd in
    export) args=(export "$wl/notes.json" -o "$wl/notes.ics") ;;
    sync) args=(sync "$wl/notes.json" --vdir "$wl/notes-cal") ;;
    *) args=(validate "$wl/notes.json") ;;
    esac
    check "50 MB notes: $cmd refuses them" 2 "$bin" "${args[@]}"
    expect "50 MB notes: $cmd names the key, the length and the limit" grep -q "notes.json:[0-9:]* medications\[0\].notes: is 52428800 bytes long; at most 2000 bytes" "$tmp/stderr"
done
expect "50 MB notes: nothing written" test ! -e "$wl/notes.ics" -a ! -e "$wl/notes-cal"
rm -f "$wl/notes.json"
# The expansion budget (1,000,000 instances) cut by two every-second events of a calendar that came
# back: check says so first and counts none of the 22 doses it did not expand as missing; expand
# says so on standard output and exits 1.
"$bin" export "$demo" -o "$wl/demo.ics" --now 2026-11-30T12:00:00Z --quiet
python3 - "$wl/demo.ics" "$wl/ticker.ics" <<'PY'
import sys
t = open(sys.argv[1], newline='').read()
ticks = ''.join('BEGIN:VEVENT\r\nUID:aaa-%d@example.com\r\nDTSTAMP:20261130T120000Z\r\nDTSTART:20261201T000000Z\r\n'
                'RRULE:FREQ=SECONDLY\r\nSUMMARY:Ticker\r\nEND:VEVENT\r\n' % i for i in (1, 2))
i = t.index('BEGIN:VEVENT')
open(sys.argv[2], 'w', newline='').write(t[:i] + ticks + t[i:])
PY
check "budget: check cut by the budget exits 1" 1 "$bin" check "$demo" --calendar "$wl/ticker.ics" --from 2026-12-01 --to 2026-12-07 --now 2026-11-30T12:00:00Z
expect "budget: check says so on its first line" bash -c "head -1 '$tmp/stdout' | grep -q '^NOT CHECKED IN FULL: the expansion budget (1000000 instances) ran out, so 9 events (by UID) of the calendar were not expanded; .*22 doses are not checked, and none of them is counted as missing'"
expect "budget: no dose counted missing" grep -q "^22 doses expected: 0 fire as promised, 0 at another time, 0 missing, 22 not checked; 0 extra and 0 duplicate reminders.$" "$tmp/stdout"
check "budget: check --json" 1 "$bin" check "$demo" --calendar "$wl/ticker.ics" --from 2026-12-01 --to 2026-12-07 --now 2026-11-30T12:00:00Z --json
expect "budget: check --json says so first" python3 -c "
import json; d = json.load(open('$tmp/stdout')); assert list(d)[0] == 'expansionCut', list(d)
c = d['expansionCut']; assert (c['complete'], c['eventsNotExpanded'], c['dosesNotChecked']) == (False, 9, 22), c
assert d['summary']['missing'] == 0 and d['summary']['unchecked'] == 22, d['summary']"
check "budget: expand --count cut by the budget exits 1" 1 "$bin" expand "$wl/ticker.ics" --from 2026-12-01 --to 2026-12-08 --zone UTC --count
expect "budget: expand says so on standard output first" bash -c "head -1 '$tmp/stdout' | grep -q '^INCOMPLETE: the expansion budget ran out'"
check "budget: expand --json cut by the budget exits 1" 1 "$bin" expand "$wl/ticker.ics" --from 2026-12-01 --to 2026-12-08 --zone UTC --json
expect "budget: expand --json says so first" python3 -c "
import json; d = json.load(open('$tmp/stdout')); assert list(d) == ['incomplete', 'instances'], list(d)"
check "budget: expand without a cut exits 0" 0 "$bin" expand "$wl/demo.ics" --from 2026-12-01 --to 2026-12-08 --zone UTC --count
# One event past its own bound (500,000 instances: a minutely event over a year) is left out: the
# count is not all there is, so expand says so on standard output and exits 1 (decision 0244).
python3 - "$wl/minutely.ics" <<'PY'
import sys
open(sys.argv[1], 'w', newline='').write(
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:minutely@example.com\r\n'
    'DTSTAMP:20261130T120000Z\r\nDTSTART:20260101T000000Z\r\nRRULE:FREQ=MINUTELY\r\nSUMMARY:m\r\nEND:VEVENT\r\n'
    'BEGIN:VEVENT\r\nUID:daily@example.com\r\nDTSTAMP:20261130T120000Z\r\nDTSTART:20260101T080000Z\r\n'
    'RRULE:FREQ=DAILY\r\nSUMMARY:d\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')
PY
check "budget: expand --count with an event past its own bound exits 1" 1 "$bin" expand "$wl/minutely.ics" --from 2026-01-01 --to 2027-01-01 --zone UTC --count
expect "budget: expand names the event left out first, then the partial count" bash -c "head -1 '$tmp/stdout' | grep -q '^INCOMPLETE: .*event \"minutely@example.com\" has more than 500000 instances in the window' && sed -n 2p '$tmp/stdout' | grep -qx 365"
check "budget: expand of the window the bound allows exits 0" 0 "$bin" expand "$wl/minutely.ics" --from 2026-01-01 --to 2026-01-02 --zone UTC --count
expect "budget: all 1,441 instances counted" grep -qx 1441 "$tmp/stdout"
# Absence is not deletion, damage changes nothing (decisions 0200-0203): through reconcile and sync.
abs="$tmp/absence"; mkdir -p "$abs"; cp "$demo" "$abs/meds.json"; cp "$demo" "$abs/before.json"
check "absence: reconcile --apply of a calendar holding one series" 0 "$bin" reconcile "$abs/meds.json" fixtures/clients/google-move-one.ics --apply --now 2026-12-15T12:00:00Z
expect "absence: one change, the move" bash -c "sed -n '/^Changes made/,/^Not in/p' '$tmp/stdout' | grep -c '^  ' | grep -qx 1 && grep -qx '  Metformin 08:00 on 2026-12-03 moved to 09:30' '$tmp/stdout'"
expect "absence: the other dose times are listed as absent" grep -qx "  Levothyroxine 06:30" "$tmp/stdout"
expect "absence: nothing stops" bash -c "! grep -qE '\"(end|until)\"' '$abs/meds.json' && ! grep -q stops '$tmp/stdout'"
cp "$abs/before.json" "$abs/meds.json"
for f in rdate-added-dose until-before-dtstart alarm-repeat-overflow exdate-800-one-line series-moved-onto-another-slot; do
    "$bin" reconcile "$abs/meds.json" "fixtures/clients/$f.ics" --apply --now 2026-12-15T12:00:00Z > "$tmp/stdout" 2> "$tmp/stderr"
    rc=$?
    expect "damage: reconcile --apply $f exits 0 or 1 ($rc)" test "$rc" -le 1
    expect "damage: reconcile --apply $f stops nothing" bash -c "! grep -qE '\"(end|until)\"' '$abs/meds.json' && ! grep -q stops '$tmp/stdout'"
    cp "$abs/before.json" "$abs/meds.json"
done
check "damage: first sync" 0 "$bin" sync "$abs/meds.json" --vdir "$abs/cal" --now 2026-11-20T00:00:00Z
item="$abs/cal/dose-bbc7306c05e0f4dde4e11953.ics"
cp "$item" "$abs/item.ics"; rm "$item"; mkfifo "$item"
check "damage: a named pipe in place of an item is reported" 1 timeout 60 "$bin" sync "$abs/meds.json" --vdir "$abs/cal" --now 2026-12-15T12:00:00Z
expect "damage: the pipe is named" grep -q "dose-bbc7306c05e0f4dde4e11953.ics: dose-bbc7306c05e0f4dde4e11953@dosecal.app: is a named pipe" "$tmp/stdout"
expect "damage: the schedule is unchanged" cmp -s "$abs/meds.json" "$abs/before.json"
check "damage: reconcile of the folder with the pipe does not wait for it" 1 timeout 60 "$bin" reconcile "$abs/meds.json" "$abs/cal" --now 2026-12-15T12:00:00Z
rm "$item"; sed 's/^DTSTART;TZID=America\/New_York:20260105T080000/DTSTART;TZID=America\/New_York:20260105T190000/' "$abs/item.ics" > "$item"
levo="$abs/cal/dose-77a988eee115e846fa275e03.ics"; sed -i 's/T063000\r$/T070000\r/' "$levo"
check "damage: a series moved onto another dose time is reported, exit 1 not 2" 1 "$bin" sync "$abs/meds.json" --vdir "$abs/cal" --now 2026-12-15T12:00:00Z
expect "damage: the clash is named with its reason" grep -q "not brought back: Metformin 08:00 -> 19:00 (every dose): 19:00 is the time of this medication's dose time \"evening\"" "$tmp/stdout"
expect "damage: the other edit is merged" grep -q '"time": "07:00"' "$abs/meds.json"
expect "damage: and its item rewritten" grep -q $'^DTSTART;TZID=America/New_York:20260105T070000\r$' "$levo"
# Format version 2: forms, amounts, supply in the dose's unit, warfarin by weekday (one medication).
forms="$tmp/forms.json"; cp fixtures/schedules/family-forms.json "$forms"
check "status of a version 2 schedule" 0 "$bin" status "$forms" --at 2026-12-03T18:00:00Z
expect "status: a bottle is counted in ml" grep -qx "  ml left: 65 (100 on 2026-12-01)" "$tmp/stdout"
expect "status: a taper in mg is counted in tablets" grep -qx "  tablets left: 76 (100 on 2026-12-01)" "$tmp/stdout"
expect "status: warfarin has one header" test "$(grep -cx "Warfarin 5 mg tablets" "$tmp/stdout")" = 1
expect "status: warfarin's supply counts each day's amount" grep -qx "  tablets left: 29 (30 on 2026-12-01)" "$tmp/stdout"
expect "status: no pills" bash -c "! grep -q 'pills left:' '$tmp/stdout'"
expect "status: 5 ml of syrup used" grep -qx "  ml left: 145 (150 on 2026-12-01)" "$tmp/stdout"
check "status --json of a version 2 schedule" 0 "$bin" status "$forms" --at 2026-12-03T18:00:00Z --json
expect "status --json: supplyUnit" python3 -c "
import json; d={m['id']: m for m in json.load(open('$tmp/stdout'))['medications']}
assert d['amoxicillin']['supplyUnit'] == 'ml' and d['amoxicillin']['pillsLeft'] == 65, d['amoxicillin']
assert d['prednisolone']['supplyUnit'] == 'tablet' and d['prednisolone']['pillsLeft'] == 76, d['prednisolone']"
check "log an as-needed dose of syrup" 0 "$bin" log "$forms" taken ibuprofen --at 2026-12-03T02:00:00Z
check "status after the syrup dose" 0 "$bin" status "$forms" --at 2026-12-03T18:00:00Z
expect "status: 10 ml of syrup used" grep -qx "  ml left: 140 (150 on 2026-12-01)" "$tmp/stdout"
check "refill in ml" 0 "$bin" refill "$forms" amoxicillin --add 100 --at 2026-12-03T18:00:00Z
expect "refill says ml" grep -q "^Refilled Amoxicillin 250 mg/5 ml: 170 ml on hand at the start of 2026-12-03" "$tmp/stdout"
check "export of a version 2 schedule" 0 "$bin" export "$forms" -o "$tmp/forms.ics" --now 2026-11-30T12:00:00Z
expect "export: the words of the day" grep -q "^SUMMARY:Warfarin 5 mg tablets: half a tablet (2.5 mg)" "$tmp/forms.ics"
printf '{"version": 1, "homeZone": "UTC", "medications": [{"id": "a", "name": "A", "form": "liquid", "times": ["08:00"], "start": "2026-01-01"}]}' > "$tmp/v1form.json"
check "a version 1 file with a version 2 key" 2 "$bin" validate "$tmp/v1form.json"
expect "the error says to use version 2" grep -q 'v1form.json:1:.*medications\[0\].form: form needs schedule format version 2; set "version": 2' "$tmp/stdout" "$tmp/stderr"
# FHIR R4 import: a resource, a Bundle, NDJSON; inactive orders listed, what cannot be exact listed.
check "import of FHIR needs --zone" 64 "$bin" import fixtures/fhir/bundle-searchset.json
expect "the error says FHIR names no zone" grep -q "FHIR names no home zone: give --zone ZONE" "$tmp/stderr"
check "import of HL7's examples and a Bundle" 0 "$bin" import fixtures/fhir/hl7-medrx0301.json fixtures/fhir/hl7-medrx0303.json fixtures/fhir/bundle-searchset.json --zone Europe/Berlin --now 2026-10-30 -o "$tmp/fhir.json"
expect "the schedule is mode 0600" test "$(stat -c %a "$tmp/fhir.json")" = 600
expect "the report lists the completed order" grep -qx "  MedicationRequest/medrx0301 (Oral Form Oxycodone (product)): status completed" "$tmp/stdout"
expect "the report says a time came from the clock" grep -qx "    07:30 from the clock (ACM)" "$tmp/stdout"
expect "the report lists the infusion with its reason" grep -q "heparin-infusion (Heparin 25,000 units in 250 mL): a rate (doseAndRate.rate): a continuous infusion has no dose times to remind" "$tmp/stdout"
check "the imported schedule is valid" 0 "$bin" validate "$tmp/fhir.json"
check "import of FHIR NDJSON with --json" 0 "$bin" import fixtures/fhir/bulk-medicationrequests.ndjson --zone Europe/Berlin --now 2026-10-30 -o "$tmp/ndjson.json" --json
expect "--json lists the three medications" python3 -c "
import json; d = json.load(open('$tmp/stdout')); assert [m['from'] for m in d['medications']] == ['MedicationRequest/salbutamol', 'MedicationRequest/methotrexate', 'MedicationRequest/omeprazole'], d"
check "import of FHIR --json needs -o" 64 "$bin" import fixtures/fhir/bulk-medicationrequests.ndjson --zone Europe/Berlin --json
check "import of FHIR never replaces a file" 2 "$bin" import fixtures/fhir/bulk-medicationrequests.ndjson --zone Europe/Berlin -o "$tmp/ndjson.json"
printf '{"resourceType": "MedicationRequest", "status": "active"' > "$tmp/broken.json"
check "broken FHIR JSON is bad input" 2 "$bin" import "$tmp/broken.json" --zone UTC
expect "the error names the file and line" grep -q "broken.json:1: not JSON" "$tmp/stderr"
check "--clock of a calendar import is wrong usage" 64 "$bin" import "$tmp/a.ics" --clock "$tmp/fhir.json"
# Entry: init, add (an instruction or options), edit, remove; every writer under the lock.
entry="$tmp/entry.json"
check "init --help" 0 "$bin" init --help
check "add --help" 0 "$bin" add --help
expect "add --help shows an instruction" grep -q '"1 tablet twice a day"' "$tmp/stdout"
check "edit --help" 0 "$bin" edit --help
check "remove --help" 0 "$bin" remove --help
check "init needs --zone" 64 "$bin" init "$entry"
check "init" 0 "$bin" init "$entry" --zone America/New_York
expect "init: the file is mode 0600" test "$(stat -c %a "$entry")" = 600
expect "init: format version 2" grep -q '"version": 2' "$entry"
check "init never replaces a file" 2 "$bin" init "$entry" --zone UTC
check "add from an instruction" 0 "$bin" add "$entry" Amoxicillin "5 ml every 8 hours for 10 days" --strength "250 mg/5 ml" --now 2026-10-31T21:00:00Z
expect "add: in words" grep -qx "  Amoxicillin 250 mg/5 ml: 5 ml (250 mg) every 8 hours from 08:00, from 2026-10-31 to 2026-11-09" "$tmp/stdout"
expect "add: the time from the clock is said" grep -qx "    the first dose at 08:00 from the clock (MORN), every 8 hours from it" "$tmp/stdout"
expect "add: the next three doses in local time across the change" grep -qx "    Next doses: Sun 2026-11-01 00:00 EDT, Sun 2026-11-01 07:00 EST, Sun 2026-11-01 15:00 EST" "$tmp/stdout"
check "add from options" 0 "$bin" add "$entry" Metformin --strength "500 mg" --form tablet --times 08:00,20:00 --now 2026-10-31T21:00:00Z --json
expect "add --json" python3 -c "
import json; d = json.load(open('$tmp/stdout')); m = d['medications'][0]
assert m['id'] == 'metformin' and m['next'] == ['Sat 2026-10-31 20:00 EDT', 'Sun 2026-11-01 08:00 EST', 'Sun 2026-11-01 20:00 EST'], d"
check "add as needed" 0 "$bin" add "$entry" Salbutamol "2 puffs as needed, at most 8 a day" --now 2026-10-31T12:00:00Z
expect "add as needed: no planned doses" grep -qx "    No planned doses: taken when needed." "$tmp/stdout"
check "add 1-0-2: different amounts by time of day" 0 "$bin" add "$entry" Gabapentin "1-0-2" --form capsule --now 2026-10-31T12:00:00Z
expect "add 1-0-2: in words" grep -qx "  Gabapentin capsules: 1 capsule at 08:00 and 19:00 every day; 2 capsules at 19:00, from 2026-10-31" "$tmp/stdout"
expect "add 1-0-2: the amounts are written by slot" python3 -c "
import json; m = [m for m in json.load(open('$entry'))['medications'] if m['id'] == 'gabapentin'][0]
assert m.get('amount', 1) == 1 and m['doses'] == [{'slots': ['2'], 'amount': 2}], m"
check "add 1-0-2 with --times is wrong usage" 64 "$bin" add "$entry" Other "1-0-2" --times 08:00
check "remove the 1-0-2 medication" 0 "$bin" remove "$entry" gabapentin
cp "$entry" "$tmp/entry-before.json"
check "an instruction not read is refused" 2 "$bin" add "$entry" X "1 tablet with a glass of water"
expect "the refusal says what was understood" grep -q 'cannot read "with a glass of water" in "1 tablet with a glass of water" (understood: 1 tablet)' "$tmp/stderr"
expect "nothing written after a refusal" cmp -s "$entry" "$tmp/entry-before.json"
check "an instruction read but not exact is refused" 2 "$bin" add "$entry" X "1 tablet 3 times a week"
expect "the reason is said" grep -q "3 times every week with no days named: say on which weekdays" "$tmp/stderr"
check "a wrong option value is wrong usage" 64 "$bin" add "$entry" X --times 25:00
check "add without how it is taken" 64 "$bin" add "$entry" X
check "add of an id taken" 2 "$bin" add "$entry" Metformin "1 tablet daily" --id metformin
check "edit the times" 0 "$bin" edit "$entry" metformin --times 07:00,19:00 --now 2026-10-31T12:00:00Z
expect "edit: in words" grep -qx "  Metformin 500 mg tablets: 1 tablet (500 mg) at 07:00 and 19:00 every day, from 2026-10-31" "$tmp/stdout"
check "edit --end" 0 "$bin" edit "$entry" metformin --end 2026-12-31
expect "edit: the end is written" grep -q '"end": "2026-12-31"' "$entry"
check "the edited schedule is valid" 0 "$bin" validate "$entry"
check "log a dose" 0 "$bin" log "$entry" taken salbutamol --at 2026-10-31T13:00:00Z
check "remove of a medication with a log is refused" 2 "$bin" remove "$entry" salbutamol
expect "the refusal says to end it instead" grep -q "end it instead with: dosecal edit SCHEDULE salbutamol --end DATE" "$tmp/stderr"
check "remove" 0 "$bin" remove "$entry" amoxicillin
expect "remove says what" grep -qx "Removed Amoxicillin 250 mg/5 ml from $entry." "$tmp/stdout"
expect "removed from the file" bash -c "! grep -q amoxicillin '$entry'"
priv="$tmp/entry-privacy.json"; cp fixtures/schedules/privacy.json "$priv"; chmod 600 "$priv"
check "privacy: log a dose to keep" 0 "$bin" log "$priv" taken sertraline --at 2026-02-02T09:00:00Z
check "privacy: remove of a logged medication is refused" 2 "$bin" remove "$priv" sertraline
expect "privacy: the refusal names no medicine" bash -c "grep -qx 'dosecal remove: Medication 2 has 1 log entry, the record of what was taken; end it instead with: dosecal edit SCHEDULE MEDICATION --end DATE' '$tmp/stderr' && ! grep -qi sertraline '$tmp/stderr'"
check "privacy: remove --json" 0 "$bin" remove "$priv" prep --json
expect "privacy: remove --json names the medication by its number" python3 -c "
import json; d = json.load(open('$tmp/stdout')); assert d['removed'] == 'Medication 1', d"
cp fixtures/schedules/privacy.json "$priv"
check "privacy: remove" 0 "$bin" remove "$priv" prep
expect "privacy: remove says the number, not the medicine" bash -c "grep -qx 'Removed Medication 1 from $priv.' '$tmp/stdout' && ! grep -qi prep '$tmp/stdout' '$tmp/stderr'"
# FHIR export: a Bundle of the medications and the log.
check "export --format fhir" 0 "$bin" export "$demo" --format fhir -o "$tmp/demo-fhir.json"
expect "export --format fhir writes a Bundle" python3 -c "
import json; b = json.load(open('$tmp/demo-fhir.json')); assert b['resourceType'] == 'Bundle' and b['type'] == 'collection'
kinds = [e['resource']['resourceType'] for e in b['entry']]; assert 'MedicationStatement' in kinds and 'MedicationAdministration' in kinds, kinds"
check "export --format fhir to stdout is the same" 0 "$bin" export "$demo" --format fhir
expect "the same bytes" cmp -s "$tmp/stdout" "$tmp/demo-fhir.json"
check "export --format fhir in privacy mode is refused" 64 "$bin" export fixtures/schedules/privacy.json --format fhir
check "an unknown --format" 64 "$bin" export "$demo" --format csv
check "export --format fhir of an imported schedule" 0 "$bin" export "$tmp/fhir.json" --format fhir -o "$tmp/back.json"
# People: a family in Tokyo and grandma at home in one schedule; --person; privacy names no one.
fam="$tmp/family.json"; cp fixtures/schedules/family.json "$fam"; chmod 600 "$fam"
check "people: status of everyone" 0 "$bin" status "$fam" --at 2026-12-08T18:00:00Z
expect "people: the heading is where the schedule's itinerary is" grep -qx "Status at 2026-12-09 03:00 Asia/Tokyo (grace 120 min)" "$tmp/stdout"
expect "people: grouped by person in the order of people, each with their local time and zone" test "$(grep -E '^[A-Za-z]+: 20' "$tmp/stdout" | tr '\n' '|')" = "Mia: 2026-12-09 03:00 Asia/Tokyo|Sam: 2026-12-09 03:00 Asia/Tokyo|Grandma: 2026-12-08 12:00 America/Chicago|"
expect "people: grandma's doses on her own clock" grep -qx "  next: 2026-12-08 18:00, 2026-12-09 18:00, 2026-12-10 18:00" "$tmp/stdout"
expect "people: titles say whose dose it is" grep -qx "Mia — Amoxicillin 250 mg/5 ml" "$tmp/stdout"
check "people: status --json" 0 "$bin" status "$fam" --at 2026-12-08T18:00:00Z --json
expect "people: status --json names each medication's person" python3 -c "
import json; d = json.load(open('$tmp/stdout'))
assert [(m['id'], m['person']) for m in d['medications']] == [('amoxicillin', 'mia'), ('ibuprofen', 'mia'), ('prednisolone', 'sam'), ('pill', 'sam'), ('methotrexate', 'sam'), ('warfarin', 'grandma')], d"
check "people: status --person grandma" 0 "$bin" status "$fam" --person grandma --at 2026-12-08T18:00:00Z
expect "people: --person heads in the person's zone" grep -qx "Status at 2026-12-08 12:00 America/Chicago (grace 120 min)" "$tmp/stdout"
expect "people: --person shows that person's medications only" test "$(grep -c ' — ' "$tmp/stdout")" = 1
check "people: --person takes the name too" 0 "$bin" status "$fam" --person Grandma --at 2026-12-08T18:00:00Z
for cmd in status plan check export log refill; do
    case $cmd in log) extra=(taken warfarin);; refill) extra=(warfarin --add 10);; *) extra=();; esac
    check "people: $cmd --person with an unknown id" 2 "$bin" $cmd "$fam" "${extra[@]}" --person nobody
    expect "people: $cmd lists the valid ids" grep -q 'no person has the id "nobody"; ids: mia, sam, grandma' "$tmp/stderr"
done
expect "people: nothing written for an unknown person" cmp -s "$fam" fixtures/schedules/family.json
check "people: plan --person mia" 0 "$bin" plan "$fam" --person mia --at 2026-12-04T00:00:00Z --days 2
expect "people: plan --person has Mia's notifications only" bash -c "grep -E '^  20' '$tmp/stdout' | grep -v ' Mia — ' | (! grep -q .)"
check "people: plan of everyone" 0 "$bin" plan "$fam" --at 2026-12-04T00:00:00Z --days 2
expect "people: a plan window across the trip names both ends' zones" grep -qx "Notification plan 2026-12-03 18:00 America/Chicago to 2026-12-06 09:00 Asia/Tokyo" "$tmp/stdout"
expect "people: grandma's dose in Chicago time during the trip" grep -q "^  2026-12-04 18:00  once  Grandma — Warfarin 5 mg tablets (slot evening)" "$tmp/stdout"
check "people: check --person grandma" 0 "$bin" check "$fam" --person grandma --from 2026-12-04 --to 2026-12-10
expect "people: check counts grandma's doses only" grep -q "^7 doses expected: 7 fire as promised" "$tmp/stdout"
check "people: export --person grandma" 0 "$bin" export "$fam" --person grandma -o "$tmp/grandma.ics" --now 2026-11-30T12:00:00Z
expect "people: grandma's feed is hers, in Chicago only" bash -c "! grep -q '^SUMMARY:' '$tmp/grandma.ics' || test -z \"\$(grep '^SUMMARY:' '$tmp/grandma.ics' | grep -v '^SUMMARY:Grandma — ')\" && test \"\$(grep '^TZID:' '$tmp/grandma.ics')\" = \$'TZID:America/Chicago\r'"
# Privacy mode: no person's (or medicine's) id or name in any byte of any output.
priv="$tmp/family-private.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['feed']['privacy']=True; json.dump(d, open(sys.argv[2],'w'), indent=1)" fixtures/schedules/family.json "$priv"; chmod 600 "$priv"
: > "$tmp/private-all"
private_run() {  # description, expected exit, command...: the command's output and errors are kept for the scan
    check "$@"; cat "$tmp/stdout" "$tmp/stderr" >> "$tmp/private-all"
}
private_run "privacy: export" 0 "$bin" export "$priv" -o "$tmp/private.ics" --now 2026-11-30T12:00:00Z
cat "$tmp/private.ics" >> "$tmp/private-all"
private_run "privacy: status" 0 "$bin" status "$priv" --at 2026-12-08T18:00:00Z
expect "privacy: people numbered" grep -qx "Person 3: 2026-12-08 12:00 America/Chicago" "$tmp/stdout"
private_run "privacy: status --json" 0 "$bin" status "$priv" --at 2026-12-08T18:00:00Z --json
private_run "privacy: plan" 0 "$bin" plan "$priv" --at 2026-12-04T00:00:00Z
private_run "privacy: plan --json" 0 "$bin" plan "$priv" --at 2026-12-04T00:00:00Z --json
private_run "privacy: check" 0 "$bin" check "$priv" --from 2026-12-04 --to 2026-12-20
private_run "privacy: check --json" 0 "$bin" check "$priv" --from 2026-12-04 --to 2026-12-20 --json
private_run "privacy: status --person with an unknown id" 2 "$bin" status "$priv" --person nobody
private_run "privacy: log for a medication of another person" 2 "$bin" log "$priv" taken warfarin --person mia --at 2026-12-08T18:00:00Z
private_run "privacy: log" 0 "$bin" log "$priv" taken warfarin --person grandma --at 2026-12-09T00:05:00Z
private_run "privacy: refill" 0 "$bin" refill "$priv" warfarin --add 10 --at 2026-12-09T00:10:00Z
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['medications'][0]['person']='mira'; d['people'].append(dict(d['people'][0])); json.dump(d, open(sys.argv[2],'w'), indent=1)" "$priv" "$tmp/private-bad.json"
private_run "privacy: validate an unknown and a duplicate person" 2 "$bin" validate "$tmp/private-bad.json"
expect "privacy: the errors still say what is wrong" grep -q 'people\[3\].id: duplicate person id Person 1' "$tmp/private-all"
private_run "privacy: export of a bad file" 2 "$bin" export "$tmp/private-bad.json" -o "$tmp/private-bad.ics"
expect "privacy: no person or medicine named in any output, file or error" bash -c "! grep -n -i -w -E 'mia|sam|grandma|mira|amoxicillin|ibuprofen|prednisolone|levonorgestrel|ethinylestradiol|methotrexate|warfarin|pill' '$tmp/private-all'"
# chart: the administration record as HTML (and PDF when Chromium is installed: the interop check)
chart=fixtures/chart/family-december.json
check "chart --help" 0 "$bin" chart --help
expect "chart --help shows usage" grep -q "Usage: dosecal chart" "$tmp/stdout"
check "chart without -o is a usage error" 64 "$bin" chart "$chart" --month 2026-12
check "chart to .png is a usage error" 64 "$bin" chart "$chart" --month 2026-12 -o "$tmp/chart.png"
expect "chart: nothing written for .png" test ! -e "$tmp/chart.png"
check "chart: --month not a month" 64 "$bin" chart "$chart" --month 2026-13 -o "$tmp/bad.html"
check "chart: --from after --to" 64 "$bin" chart "$chart" --from 2026-12-05 --to 2026-12-01 -o "$tmp/bad.html"
expect "chart: nothing written for a bad range" test ! -e "$tmp/bad.html"
check "chart: unknown person" 2 "$bin" chart "$chart" --month 2026-12 --person nobody -o "$tmp/bad.html"
check "chart of a month to a file" 0 "$bin" chart "$chart" --month 2026-12 -o "$tmp/mar.html"
expect "chart: the file is mode 0600" test "$(stat -c %a "$tmp/mar.html")" = 600
expect "chart: one table per person" test "$(grep -c '<table class="mar">' "$tmp/mar.html")" = 3
expect "chart: no script, no address from outside" bash -c "! grep -qiE '<script|https?:|url\(|src=' '$tmp/mar.html'"
check "chart to standard output" 0 sh -c "'$bin' chart - --month 2026-12 -o - < '$chart' > '$tmp/mar2.html'"
expect "chart: the same bytes twice (file and standard output)" cmp -s "$tmp/mar.html" "$tmp/mar2.html"
check "chart of one person" 0 "$bin" chart "$chart" --month 2026-12 --person mia -o "$tmp/mia.html"
expect "chart --person: only that person" bash -c "grep -q 'Name:</b> Mia' '$tmp/mia.html' && ! grep -q 'Grandma' '$tmp/mia.html'"
python3 -c "import json,sys; d=json.load(open('$chart')); d['feed']['privacy']=True; json.dump(d, open('$tmp/private.json','w'))"
check "chart in privacy mode" 0 "$bin" chart "$tmp/private.json" --month 2026-12 -o "$tmp/private.html"
expect "chart privacy: no medicine, person, birth date or allergy" bash -c "! grep -qiE 'amoxicillin|ibuprofen|prednisolone|levonorgestrel|methotrexate|warfarin|mia|sam\b|grandma|1944|codeine|family medications' '$tmp/private.html'"
check "chart in privacy mode, unknown person" 2 "$bin" chart "$tmp/private.json" --person grandmother -o "$tmp/bad.html"
expect "chart privacy: the error names no one" bash -c "! grep -qiE 'grandm' '$tmp/stderr'"
check "chart to .pdf without Chromium on PATH" 2 env PATH=/nonexistent "$bin" chart "$chart" --month 2026-12 -o "$tmp/mar.pdf"
expect "chart: the error says Chromium is not installed" grep -q "headless Chromium is not installed" "$tmp/stderr"
expect "chart: no PDF written without Chromium" test ! -e "$tmp/mar.pdf"
check "chart --view week" 0 "$bin" chart "$chart" --view week --from 2026-12-03 --person sam -o "$tmp/week.html"
expect "chart week: seven day columns" test "$(grep -o '<th scope="col" abbr=' "$tmp/week.html" | wc -l)" = 7
expect "chart week: the zone named on a travel day" grep -q '<b>21:00 Asia/Tokyo</b> Sam — Prednisolone 5 mg tablets' "$tmp/week.html"
expect "chart week: the alarm" grep -q 'Alarm: 15 minutes before the dose' "$tmp/week.html"
check "chart --view week with --month is a usage error" 64 "$bin" chart "$chart" --view week --month 2026-12 -o "$tmp/bad.html"
check "chart --view week over 8 days is a usage error" 64 "$bin" chart "$chart" --view week --from 2026-12-01 --to 2026-12-08 -o "$tmp/bad.html"
check "chart --view supply as SVG" 0 "$bin" chart "$chart" --view supply --from 2026-12-01 --to 2027-01-31 -o "$tmp/supply.svg"
expect "chart supply: SVG 1.1" grep -q '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"' "$tmp/supply.svg"
expect "chart supply: the run-out day" grep -q '>runs out 2027-01-17</text>' "$tmp/supply.svg"
expect "chart supply: the SVG is mode 0600" test "$(stat -c %a "$tmp/supply.svg")" = 600
check "chart --view supply as HTML" 0 "$bin" chart "$chart" --view supply --from 2026-12-01 --to 2027-01-31 -o "$tmp/supply.html"
expect "chart supply: in words" grep -q 'Warfarin 5 mg tablets: 30 tablets on 2026-12-01; refill by 2027-01-12; runs out on 2027-01-17.' "$tmp/supply.html"
check "chart: SVG of the record is a usage error" 64 "$bin" chart "$chart" --month 2026-12 -o "$tmp/mar.svg"
expect "chart: nothing written for the record as SVG" test ! -e "$tmp/mar.svg"
echo "cli: $pass passed, $fail failed"
[[ $fail == 0 ]]
