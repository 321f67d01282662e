import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

@Suite struct ScheduleValidationTests {
    static let medicationCases: [(String, String)] = [
        (
            #""pillsPerDose": 0"#,
            "t.json:5: medications[0].pillsPerDose: 0 is not above 0; use a number above 0 in steps of 0.25, like 1, 0.5 or 2.25"
        ),
        (
            #""pillsPerDose": 0.3"#,
            "t.json:5: medications[0].pillsPerDose: 0.3 is not a multiple of 0.25; use a number above 0 in steps of 0.25, like 1, 0.5 or 2.25"
        ),
        (
            #""pillsPerDose": "1""#,
            "t.json:5: medications[0].pillsPerDose: expected a number, found the string \"1\"; use a number above 0 in steps of 0.25, like 1, 0.5 or 2.25"
        ),
        (
            #""pillsPerDose": 12345678901234567890"#,
            "t.json:5: medications[0].pillsPerDose: 12345678901234567890 is more than 1000 units for one dose; use a number above 0 and at most 1000"
        ),
        (#""strength": 500"#, "t.json:5: medications[0].strength: expected a string, found the number 500"),
        (
            #""dose": "1\ttablet""#,
            "t.json:5: medications[0].dose: contains the control character U+0009; write it on one line without control characters"
        ),
        (
            #""notes": "a\u0007""#,
            "t.json:5: medications[0].notes: contains the control character U+0007; only line breaks (\\n) and tabs (\\t) are allowed"
        ),
        (
            #""end": "2026-01-04""#,
            "t.json:5: medications[0].end: end 2026-01-04 is before start 2026-01-05; end must be on or after start (it is inclusive)"
        ),
        (
            #""end": "2026-02-30""#,
            "t.json:5: medications[0].end: \"2026-02-30\" is not a date; use YYYY-MM-DD, like \"2026-01-05\""
        ),
        (#""end": "20260230""#, "t.json:5: medications[0].end: \"20260230\" is not a date; use YYYY-MM-DD, like \"2026-01-05\""),
        (
            #""recurrence": "daily""#,
            "t.json:5: medications[0].recurrence: expected an object like {\"kind\": \"daily\"}, found the string \"daily\""
        ),
        (
            #""recurrence": {}"#,
            "t.json:5: medications[0].recurrence: missing required key \"kind\" (one of daily, weekly, everyNDays, cycle, everyNHours, asNeeded)"
        ),
        (
            #""recurrence": {"kind": "Daily"}"#,
            "t.json:5: medications[0].recurrence.kind: \"Daily\" is not a recurrence kind (did you mean \"daily\"?); use one of daily, weekly, everyNDays, cycle, everyNHours, asNeeded"
        ),
        (
            #""recurrence": {"kind": "daily", "days": 2}"#,
            "t.json:5: medications[0].recurrence: unknown key \"days\" for kind \"daily\"; known keys: kind (keys starting with \"x-\" are ignored)"
        ),
        (
            #""recurrence": {"kind": "weekly", "weekdays": []}"#,
            "t.json:5: medications[0].recurrence.weekdays: the list is empty; list at least one day, like [\"MO\"], or leave weekdays out to use the start date's weekday"
        ),
        (
            #""recurrence": {"kind": "weekly", "weekdays": ["mo", "Monday"]}"#,
            "t.json:5: medications[0].recurrence.weekdays[1]: \"Monday\" is listed twice; list each weekday once"
        ),
        (
            #""recurrence": {"kind": "weekly", "interval": 521}"#,
            "t.json:5: medications[0].recurrence.interval: 521 is out of range; use a whole number from 1 to 520 (weeks between repetitions)"
        ),
        (
            #""recurrence": {"kind": "weekly", "interval": 1.5}"#,
            "t.json:5: medications[0].recurrence.interval: 1.5 is not a whole number; use a whole number from 1 to 520 (weeks between repetitions)"
        ),
        (
            #""recurrence": {"kind": "everyNDays"}"#,
            "t.json:5: medications[0].recurrence: missing required key \"days\" (days between doses, 1 to 3650)"
        ),
        (
            #""recurrence": {"kind": "everyNDays", "days": 0}"#,
            "t.json:5: medications[0].recurrence.days: 0 is out of range; use a whole number from 1 to 3650 (days)"
        ),
        (
            #""recurrence": {"kind": "cycle", "daysOn": 21}"#,
            "t.json:5: medications[0].recurrence: missing required key \"daysOff\" (days paused in each cycle, 0 to 3650)"
        ),
        (
            #""recurrence": {"kind": "cycle", "daysOn": 21, "daysOff": -1}"#,
            "t.json:5: medications[0].recurrence.daysOff: -1 is out of range; use a whole number from 0 to 3650 (days)"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 169}"#,
            "t.json:5: medications[0].recurrence.hours: 169 is out of range; use a whole number from 1 to 168 (hours)"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 8}, "timePolicy": {"kind": "floating"}"#,
            "t.json:5: medications[0].timePolicy.kind: an everyNHours recurrence needs the fixedInterval policy; use {\"kind\": \"fixedInterval\"} or leave timePolicy out"
        ),
        (
            #""timePolicy": {"kind": "pinned"}"#,
            "t.json:5: medications[0].timePolicy: missing required key \"zone\" (the IANA time zone the times are pinned to, like \"Europe/Berlin\")"
        ),
        (
            #""timePolicy": {"kind": "pinned", "zone": "Mars/Olympus"}"#,
            "t.json:5: medications[0].timePolicy.zone: \"Mars/Olympus\" is not an IANA time zone name; use one like \"America/New_York\", \"Europe/Berlin\" or \"UTC\""
        ),
        (
            #""timePolicy": {"kind": "wallclock"}"#,
            "t.json:5: medications[0].timePolicy.kind: \"wallclock\" is not a time policy (did you mean \"wallClock\"?); use one of wallClock, pinned, fixedInterval, floating, gradual"
        ),
        (
            #""timePolicy": {"kind": "floating", "zone": "UTC"}"#,
            "t.json:5: medications[0].timePolicy: unknown key \"zone\" for kind \"floating\"; known keys: kind (keys starting with \"x-\" are ignored)"
        ),
        (
            #""reminder": {"enabled": "yes"}"#,
            "t.json:5: medications[0].reminder.enabled: expected true or false, found the string \"yes\""
        ),
        (
            #""reminder": {"minutesBefore": -1441}"#,
            "t.json:5: medications[0].reminder.minutesBefore: -1441 is out of range; use a whole number from -1440 to 10080 (minutes before the dose; negative is after)"
        ),
        (
            #""reminder": {"repeat": {"count": 21}}"#,
            "t.json:5: medications[0].reminder.repeat.count: 21 is out of range; use a whole number from 0 to 20 (repetitions after the first alarm)"
        ),
        (
            #""reminder": {"repeat": {"intervalMinutes": 0}}"#,
            "t.json:5: medications[0].reminder.repeat.intervalMinutes: 0 is out of range; use a whole number from 1 to 1440 (minutes between repetitions)"
        ),
        (
            #""reminder": {"repeat": {"times": 2}}"#,
            "t.json:5: medications[0].reminder.repeat: unknown key \"times\"; known keys: count, intervalMinutes (keys starting with \"x-\" are ignored)"
        ),
        (
            #""supply": {"pills": 10}"#,
            "t.json:5: medications[0].supply: missing required key \"asOf\" (the date the count was made, YYYY-MM-DD)"
        ),
        (
            #""supply": {"pills": -1, "asOf": "2026-01-05"}"#,
            "t.json:5: medications[0].supply.pills: -1 is below 0; use the number of units on hand, 0 or more"
        ),
        (
            #""supply": {"pills": 1, "asOf": "2026-01-05", "warningDays": 366}"#,
            "t.json:5: medications[0].supply.warningDays: 366 is out of range; use a whole number from 0 to 365 (days before running out)"
        ),
        (
            #""supply": {"pills": 1, "asOf": "2026-01-05", "refillReminderTime": "9:00"}"#,
            "t.json:5: medications[0].supply.refillReminderTime: \"9:00\" is not a time; use HH:MM from 00:00 to 23:59"
        ),
        (#""taper": {}"#, "t.json:5: medications[0].taper: expected an array [...], found an object"),
        (
            #""taper": [{"pillsPerDose": 2}]"#,
            "t.json:5: medications[0].taper[0]: missing required key \"from\" (the first day of this step, YYYY-MM-DD)"
        ),
        (
            #""taper": [{"from": "2026-01-05"}, {"from": "2026-01-05"}]"#,
            "t.json:5: medications[0].taper[1].from: 2026-01-05 is not after the previous step's from 2026-01-05; list steps in date order, each starting later"
        ),
        (
            #""end": "2026-01-10", "taper": [{"from": "2026-01-05"}, {"from": "2026-01-11"}]"#,
            "t.json:5: medications[0].taper[1].from: 2026-01-11 is after the medication's end 2026-01-10; every step must start on or before end"
        ),
        (
            #""taper": [{"from": "2026-01-05", "times": []}]"#,
            "t.json:5: medications[0].taper[0].times: the list is empty; list the slots whose time changes, or leave times out to keep them all"
        ),
        (
            #""taper": [{"from": "2026-01-05", "times": ["09:00"]}]"#,
            "t.json:5: medications[0].taper[0].times[0]: expected an object {\"id\": ..., \"time\": \"HH:MM\"} naming one of the medication's slots, found the string \"09:00\""
        ),
        (
            #""taper": [{"from": "2026-01-05", "times": [{"id": "1", "time": "09:00"}, {"id": "1", "time": "10:00"}]}]"#,
            "t.json:5: medications[0].taper[0].times[1].id: slot \"1\" is listed twice in this step; list each slot once"
        ),
        (
            #""taper": [{"from": "2026-01-05", "dose": 5}]"#,
            "t.json:5: medications[0].taper[0].dose: expected a string, found the number 5"
        ),
        (
            #""rescheduled": [{"slot": "2", "date": "2026-01-06", "time": "09:00"}]"#,
            "t.json:5: medications[0].rescheduled[0].slot: \"2\" is not a slot of this medication; its slots are 1"
        ),
        (
            #""recurrence": {"kind": "everyNDays", "days": 2}, "rescheduled": [{"slot": "1", "date": "2026-01-06", "time": "09:00"}]"#,
            "t.json:5: medications[0].rescheduled[0].date: 2026-01-06 is not a dose day of this medication; name a day its recurrence has, from start to end"
        ),
        (
            #""rescheduled": [{"slot": "1", "date": "2026-01-06", "time": "09:00"}, {"slot": "1", "date": "2026-01-06", "time": "10:00"}]"#,
            "t.json:5: medications[0].rescheduled[1].date: the dose of slot \"1\" on 2026-01-06 is rescheduled twice; keep one entry"
        ),
        (
            #""rescheduled": [{"slot": "1", "date": "2026-01-06"}]"#,
            "t.json:5: medications[0].rescheduled[0]: missing required key \"time\" (the new time that day, HH:MM)"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 8}, "rescheduled": [{"slot": "1", "date": "2026-01-06", "time": "09:00"}]"#,
            "t.json:5: medications[0].rescheduled[0]: missing required key \"at\" (which of the day's doses moves: its original time, HH:MM in the home zone)"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 8}, "rescheduled": [{"slot": "1", "date": "2026-01-06", "at": "09:00", "time": "09:30"}]"#,
            "t.json:5: medications[0].rescheduled[0].at: no dose of slot \"1\" is at 09:00 on 2026-01-06; that day's doses are at 00:00, 08:00, 16:00"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 8}, "rescheduled": [{"slot": "1", "date": "2026-01-06", "at": "16:00", "time": "16:30"}, {"slot": "1", "date": "2026-01-06", "at": "16:00", "time": "17:00"}]"#,
            "t.json:5: medications[0].rescheduled[1].at: the 16:00 dose of slot \"1\" on 2026-01-06 is rescheduled twice; keep one entry"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 1}, "rescheduled": [{"slot": "1", "date": "2026-11-01", "at": "01:00", "time": "01:20"}]"#,
            "t.json:5: medications[0].rescheduled[0].at: 01:00 comes twice on 2026-11-01 (the clocks go back), so it names no single dose; move another dose, or change the schedule by hand"
        ),
        (
            #""rescheduled": [{"slot": "1", "date": "2026-01-06", "at": "08:00", "time": "09:00"}]"#,
            "t.json:5: medications[0].rescheduled[0].at: at names one of a day's several doses, for everyNHours medications only; leave it out"
        ),
        (
            #""taper": [{"from": "2026-01-05", "times": [{"id": "1", "time": "09:00", "until": "2026-02-01"}]}]"#,
            "t.json:5: medications[0].taper[0].times[0]: unknown key \"until\"; known keys: id, time (keys starting with \"x-\" are ignored)"
        ),
        (
            #""x-note": "ignored", "X-note": 1"#,
            "t.json:5: medications[0]: unknown key \"X-note\"; known keys: id, person, name, strength, form, unit, amount, doses, dose, notes, pillsPerDose, times, recurrence, start, end, timePolicy, spacing, reminder, supply, taper, rescheduled (keys starting with \"x-\" are ignored)"
        ),
        (
            #""Name": "x""#,
            "t.json:5: medications[0]: unknown key \"Name\" (did you mean \"name\"?); known keys: id, person, name, strength, form, unit, amount, doses, dose, notes, pillsPerDose, times, recurrence, start, end, timePolicy, spacing, reminder, supply, taper, rescheduled (keys starting with \"x-\" are ignored)"
        ),
    ]

    @Test(arguments: medicationCases)
    func reportsMedicationErrors(fields: String, expected: String) {
        #expect(decodeError(scheduleText(medication: fields)) == expected)
    }

    static let documentCases: [(String, String)] = [
        ("[]", "t.json:1: expected an object {...} holding version, homeZone and medications, found an array"),
        (
            #"{"homeZone": "UTC", "medications": []}"#,
            "t.json:1: missing required key \"version\" (the format version; this build reads versions 1 to 2)"
        ),
        (#"{"version": "1"}"#, "t.json:1: version: expected a number, found the string \"1\"; this build reads versions 1 to 2"),
        (#"{"version": 1.0}"#, "t.json:1: version: 1.0 is not a whole number; this build reads versions 1 to 2"),
        (#"{"version": 0}"#, "t.json:1: version: 0 is not a format version; use 1 or 2"),
        (
            #"{"version": 7, "future": true}"#,
            "t.json:1: version: this file was written by a newer dosecal (format version 7); this build reads versions 1 to 2, so update dosecal"
        ),
        (
            #"{"version": 1, "medications": []}"#,
            "t.json:1: missing required key \"homeZone\" (the IANA time zone you live in, like \"America/New_York\")"
        ),
        (
            #"{"version": 1, "homeZone": "GMT", "medications": []}"#,
            "t.json:1: homeZone: \"GMT\" is not an IANA time zone name; use one like \"America/New_York\", \"Europe/Berlin\" or \"UTC\""
        ),
        (
            #"{"version": 1, "homeZone": "UTC"}"#,
            "t.json:1: missing required key \"medications\" (a list of medications; it may be empty: [])"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": {}}"#,
            "t.json:1: medications: expected an array [...], found an object"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medication": []}"#,
            "t.json:1: unknown key \"medication\" (did you mean \"medications\"?); known keys: version, homeZone, people, clock, feed, medications, itinerary, log, seen (keys starting with \"x-\" are ignored)"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "feed": {"name": " "}, "medications": []}"#,
            "t.json:1: feed.name: must not be empty or only spaces; write the text, like \"Medications\""
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "feed": {"privacy": 1}, "medications": []}"#,
            "t.json:1: feed.privacy: expected true or false, found the number 1"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "feed": {"refreshMinutes": 10081}, "medications": []}"#,
            "t.json:1: feed.refreshMinutes: 10081 is out of range; use a whole number from 15 to 10080 (minutes; 10080 is a week)"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [], "itinerary": [{"from": "2026-01-02", "zone": "UTC"}, {"from": "2026-01-01", "zone": "Asia/Tokyo"}]}"#,
            "t.json:1: itinerary[1].from: 2026-01-01 is not after the previous stop's date 2026-01-02; list stops in date order, one per date"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [], "itinerary": [{"from": "2026-01-02", "zone": "CET"}]}"#,
            "t.json:1: itinerary[0].zone: \"CET\" is not an IANA time zone name; use one like \"America/New_York\", \"Europe/Berlin\" or \"UTC\""
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [], "log": [{"medication": "a", "status": "taken", "at": "2026-01-01T00:00:00Z"}]}"#,
            "t.json:1: log[0].medication: no medication has the id \"a\"; the schedule has no medications"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [{"id": "a", "name": "A", "times": [{"id": "am", "time": "08:00"}], "start": "2026-01-05"}], "seen": [{"medication": "a", "slot": "pm", "at": "2026-01-06T08:05:00Z", "source": "calendar"}]}"#,
            "t.json:1: seen[0].slot: medication \"a\" has no slot \"pm\"; its slots are am"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [{"id": "a", "name": "A", "times": [{"id": "am", "time": "08:00"}], "start": "2026-01-05"}], "seen": [{"medication": "b", "slot": "am", "at": "2026-01-06T08:05:00Z", "source": "calendar"}]}"#,
            "t.json:1: seen[0].medication: no medication has the id \"b\"; known ids: a"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [{"id": "a", "name": "A", "times": [{"id": "am", "time": "08:00"}], "start": "2026-01-05"}], "seen": [{"medication": "a", "slot": "am", "at": "2026-01-06T08:05:00Z", "source": "phone"}]}"#,
            "t.json:1: seen[0].source: \"phone\" is not a source; use one of calendar"
        ),
        (
            #"{"version": 1, "homeZone": "UTC", "medications": [{"id": "a", "name": "A", "times": [{"id": "am", "time": "08:00"}], "start": "2026-01-05"}], "seen": [{"medication": "a", "slot": "am", "source": "calendar"}]}"#,
            "t.json:1: seen[0]: missing required key \"at\" (when the calendar saw it, like \"2026-12-02T13:00:12Z\")"
        ),
    ]

    @Test(arguments: documentCases)
    func reportsDocumentErrors(text: String, expected: String) {
        #expect(decodeError(text) == expected)
    }

    static let slotAndLogCases: [(String, String)] = [
        (#""times": []"#, "medications[0].times: the list is empty; list at least one dose time, like [\"08:00\"]"),
        (
            #""times": [8]"#,
            "medications[0].times[0]: expected a time \"HH:MM\" or an object {\"id\": ..., \"time\": \"HH:MM\"}, found the number 8"
        ),
        (
            #""times": ["08:00", "08:00"]"#,
            "medications[0].times[1]: 08:00 is already the time of slot \"1\"; each slot of a medication needs its own time"
        ),
        (
            #""times": [{"id": "2", "time": "07:00"}, "08:00"]"#,
            "medications[0].times[1]: duplicate slot id \"2\" (first at line 5); each slot of a medication needs its own id (a plain \"HH:MM\" entry's id is its position, here \"2\")"
        ),
        (
            #""times": [{"id": "a b", "time": "07:00"}]"#,
            "medications[0].times[0].id: \"a b\" is not a valid id; use 1 to 64 letters A-Z or a-z, digits, '.', '_' or '-'"
        ),
        (#""times": [{"id": "am"}]"#, "medications[0].times[0]: missing required key \"time\" (HH:MM)"),
        (#""times": ["8:00am"]"#, "medications[0].times[0]: \"8:00am\" is not a time; use HH:MM from 00:00 to 23:59"),
        (
            #""times": ["07:00", "19:00"], "recurrence": {"kind": "everyNHours", "hours": 12}"#,
            "medications[0].times: an everyNHours recurrence takes exactly one time (the first dose on the start date), found 2"
        ),
        (
            #""times": ["08:00"], "taper": [{"from": "2026-01-06"}]"#,
            "medications[0].taper[0].from: the first step starts on 2026-01-06 but the medication starts on 2026-01-05; the first step's from must equal start"
        ),
        (
            #""times": [{"id": "am", "time": "08:00"}, {"id": "pm", "time": "20:00"}], "taper": [{"from": "2026-01-05", "times": [{"id": "pm", "time": "08:00"}]}]"#,
            "medications[0].taper[0].times: in this step slots \"am\" and \"pm\" are both at 08:00; each slot needs its own time"
        ),
        (
            #""times": [{"id": "am", "time": "08:00"}], "taper": [{"from": "2026-01-05", "times": [{"id": "noon", "time": "12:00"}]}]"#,
            "medications[0].taper[0].times[0].id: \"noon\" is not a slot of this medication; its slots are am"
        ),
    ]

    @Test(arguments: slotAndLogCases)
    func reportsSlotErrors(fields: String, expected: String) {
        // These medications replace the default times, so the object is written out in full.
        let text = scheduleText().replacingOccurrences(
            of: #""times": ["08:00"], "start": "2026-01-05""#, with: #""start": "2026-01-05", "# + fields)
        #expect(decodeError(text) == "t.json:5: " + expected)
    }

    @Test func pointsAtTheOffendingLine() {
        let text = """
            {
              "version": 1,
              "homeZone": "Europe/Berlin",
              "medications": [
                {"id": "a", "name": "A", "times": ["08:00"], "start": "2026-01-05"},
                {
                  "id": "a",
                  "name": "B",
                  "times": ["09:00"],
                  "start": "2026-01-05"
                }
              ]
            }
            """
        #expect(
            decodeError(text)
                == "t.json:7: medications[1].id: duplicate medication id \"a\" (first used at line 5); each medication needs its own id"
        )
        let log = scheduleText().replacingOccurrences(
            of: "\n}",
            with: """
                ,
                  "log": [
                    {"medication": "m", "status": "taken", "at": "2026-01-05T08:00:00Z"},
                    {"medication": "m",
                     "slot": "2", "status": "taken", "at": "2026-01-05T08:00:00Z"},
                    {"medication": "m", "status": "done", "at": "2026-01-05T08:00:00Z"}
                  ]
                }
                """)
        #expect(decodeError(log) == "t.json:10: log[1].slot: medication \"m\" has no slot \"2\"; its slots are 1")
        let status = log.replacingOccurrences(of: #""slot": "2", "#, with: "")
        #expect(
            decodeError(status) == "t.json:11: log[2].status: \"done\" is not a log status; use one of taken, skipped, missed")
        let syntax = status.replacingOccurrences(
            of: #""done", "at": "2026-01-05T08:00:00Z"}"#, with: #""done", "at": "2026-01-05T08:00:00Z"},"#)
        #expect(decodeError(syntax) == "t.json:12:3: trailing comma before ']' is not allowed")
    }

    @Test func acceptsShorthandsAndIgnoresAnnotations() throws {
        let text = scheduleText(
            medication:
                #""x-why": {"any": ["thing"]}, "end": null, "recurrence": {"kind": "weekly", "weekdays": ["fr", "SUNDAY"]}"#,
            top: #" "x-owner": "me","#)
        let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        #expect(schedule.medications[0].end == nil)
        #expect(schedule.medications[0].recurrence == .weekly(weekdays: [.friday, .sunday], interval: 1))
        #expect(schedule.medications[0].times == [DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!)])
        #expect(schedule.medications[0].timePolicy == .wallClock)
    }

    @Test func describesErrors() {
        let error = ScheduleError(
            file: "meds.json", path: "medications[2].times[0]", line: 14, column: 9,
            message: "\"25:00\" is not a time; use HH:MM from 00:00 to 23:59")
        #expect(
            error.description == "meds.json:14: medications[2].times[0]: \"25:00\" is not a time; use HH:MM from 00:00 to 23:59")
        #expect(ScheduleError(file: "a.json", path: "", line: 1, column: 1, message: "m").description == "a.json:1: m")
        #expect(
            ScheduleError(kind: .syntax, file: "a.json", path: "", line: 3, column: 7, message: "m").description
                == "a.json:3:7: m")
    }

    @Test func newerVersionHasItsOwnKind() {
        #expect(
            throws: ScheduleError(
                kind: .newerVersion, file: "t.json", path: "version", line: 1, column: 13,
                message:
                    "this file was written by a newer dosecal (format version 3); this build reads versions 1 to 2, so update dosecal"
            )
        ) {
            try ScheduleCodec.decode(Data(#"{"version": 3}"#.utf8), file: "t.json")
        }
    }
}
