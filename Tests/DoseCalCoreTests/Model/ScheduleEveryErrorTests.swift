import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

/// `ScheduleCodec.validate`: every problem at once, with the messages `decode` gives one at a time.
@Suite struct ScheduleEveryErrorTests {
    static let severalErrors = """
        {
          "version": 1,
          "homeZone": "America/Chicgo",
          "feed": {"color": "tealish"},
          "medications": [
            {"id": "a", "name": "A", "strenght": "5 mg", "times": ["25:00", "08:00"], "start": "2026-01-01"},
            {"id": "b", "name": "B", "times": ["08:00", "08:00"], "start": "2026-01-01", "end": "2025-12-31"},
            {"id": "a", "name": "C", "times": ["09:00"], "start": "2026-01-01", "timePolicy": {"kind": "wallclock"}}
          ],
          "log": [
            {"medication": "a", "status": "taken", "at": "2026-01-01T08:00:00Z"},
            {"medication": "zzz", "status": "tken", "at": "x"}
          ]
        }
        """

    @Test func listsEveryErrorInFileOrder() {
        let result = ScheduleCodec.validate(Data(Self.severalErrors.utf8), file: "t.json")
        #expect(result.schedule == nil)
        #expect(
            result.errors.map(\.compilerStyle) == [
                #"t.json:3:15: homeZone: "America/Chicgo" is not an IANA time zone name (did you mean "America/Chicago"?); use one like "America/New_York", "Europe/Berlin" or "UTC""#,
                ##"t.json:4:21: feed.color: "tealish" is not a colour; use a CSS3 colour name like "teal" or "#RRGGBB" like "#008080""##,
                #"t.json:6:30: medications[0]: unknown key "strenght" (did you mean "strength"?); known keys: id, person, name, strength, form, unit, amount, doses, dose, notes, pillsPerDose, times, recurrence, start, end, timePolicy, spacing, reminder, supply, taper, rescheduled (keys starting with "x-" are ignored)"#,
                #"t.json:6:60: medications[0].times[0]: "25:00" is not a time; use HH:MM from 00:00 to 23:59"#,
                #"t.json:7:49: medications[1].times[1]: 08:00 is already the time of slot "1"; each slot of a medication needs its own time"#,
                #"t.json:7:89: medications[1].end: end 2025-12-31 is before start 2026-01-01; end must be on or after start (it is inclusive)"#,
                #"t.json:8:12: medications[2].id: duplicate medication id "a" (first used at line 6); each medication needs its own id"#,
                #"t.json:8:96: medications[2].timePolicy.kind: "wallclock" is not a time policy (did you mean "wallClock"?); use one of wallClock, pinned, fixedInterval, floating, gradual"#,
                #"t.json:12:20: log[1].medication: no medication has the id "zzz"; known ids: b, a"#,
                #"t.json:12:37: log[1].status: "tken" is not a log status (did you mean "taken"?); use one of taken, skipped, missed"#,
                #"t.json:12:51: log[1].at: "x" is not an RFC 3339 date-time; use YYYY-MM-DDTHH:MM:SS with Z or an offset, like "2026-11-01T08:05:00-05:00""#,
            ])
    }

    @Test func decodeStillStopsAtTheFirst() {
        #expect(
            decodeError(Self.severalErrors)
                == #"t.json:3: homeZone: "America/Chicgo" is not an IANA time zone name (did you mean "America/Chicago"?); use one like "America/New_York", "Europe/Berlin" or "UTC""#
        )
    }

    /// A medication that cannot be read is one error: the log entry naming it is not another.
    @Test func anUnreadableMedicationIsReportedOnce() {
        let text = scheduleText(
            medication: #""recurrence": {"kind": "hourly"}"#,
            top: #"\#n  "log": [{"medication": "m", "slot": "1", "status": "taken", "at": "2026-01-05T08:00:00Z"}],"#)
        let errors = ScheduleCodec.validate(Data(text.utf8), file: "t.json").errors.map(\.description)
        #expect(errors.count == 1)
        #expect(errors.first == decodeError(text))
    }

    @Test func aSyntaxErrorComesAlone() {
        let result = ScheduleCodec.validate(Data(#"{"version": 1, "homeZone": "UTC",, }"#.utf8), file: "t.json")
        #expect(result.errors.map(\.kind) == [.syntax])
    }

    /// Every single-error case of the decoder's tests: validate finds exactly that error.
    @Test(arguments: ScheduleValidationTests.medicationCases)
    func findsTheErrorDecodeFinds(fields: String, expected: String) {
        let text = scheduleText(medication: fields)
        let errors = ScheduleCodec.validate(Data(text.utf8), file: "t.json").errors.map(\.description)
        #expect(errors.first == expected)
    }

    @Test(arguments: fixtureNames(in: scheduleFixtures.appendingPathComponent("invalid"), ext: "json"))
    func findsTheFixtureErrorDecodeFinds(name: String) throws {
        let data = try Data(contentsOf: scheduleFixtures.appendingPathComponent("invalid/" + name))
        let result = ScheduleCodec.validate(data, file: name)
        #expect(throws: ScheduleError.self) { try ScheduleCodec.decode(data, file: name) }
        do {
            _ = try ScheduleCodec.decode(data, file: name)
        } catch {
            #expect(result.errors.contains(error))
        }
        #expect(result.schedule == nil)
    }

    @Test(arguments: ScheduleFixtureTests.validNames)
    func aValidFileGivesTheSameSchedule(name: String) throws {
        let data = try Data(contentsOf: scheduleFixtures.appendingPathComponent(name))
        let result = ScheduleCodec.validate(data, file: name)
        #expect(result.errors.isEmpty)
        #expect(result.schedule == (try ScheduleCodec.decode(data, file: name)))
    }
}
