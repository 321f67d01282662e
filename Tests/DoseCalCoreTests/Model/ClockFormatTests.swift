import Foundation
import Testing

@testable import DoseCalCore

/// The schedule's `clock` (format version 2): read, checked, written back as given.
@Suite struct ClockFormatTests {
    static let text = """
        {
          "version": 2,
          "homeZone": "Europe/Berlin",
          "clock": {
            "when": {"MORN": "07:15", "HS": "23:00"},
            "meals": {"breakfast": "07:00"},
            "beforeMealMinutes": 15,
            "timesPerDay": {
              "2": ["07:00", "19:00"]
            },
            "codes": {
              "QHS": ["23:30"]
            }
          },
          "medications": []
        }

        """

    @Test func readAndWrittenBack() throws {
        let s = try ScheduleCodec.decode(Data(Self.text.utf8), file: "c.json")
        let t = { (x: String) in LocalTime(parsing: x)! }
        #expect(s.clock.time(when: "MORN") == t("07:15"))
        #expect(s.clock.time(when: "NOON") == t("12:00"))
        #expect(s.clock.time(meal: "breakfast") == t("07:00") && s.clock.time(meal: "dinner") == t("18:30"))
        #expect(s.clock.minutesBeforeMeal == 15 && s.clock.minutesAfterMeal == 30)
        #expect(s.clock.times(code: "BID") == [t("07:00"), t("19:00")])
        #expect(s.clock.times(code: "TID") == [t("08:00"), t("14:00"), t("20:00")])
        #expect(s.clock.times(code: "QHS") == [t("23:30")])
        #expect(String(decoding: ScheduleCodec.encode(s), as: UTF8.self) == Self.text)
    }

    @Test func mistakesAreNamed() {
        let cases: [(String, String)] = [
            (
                #"{"version": 1, "homeZone": "UTC", "clock": {}, "medications": []}"#,
                #"c.json:1: clock: clock needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#
            ),
            (
                #"{"version": 2, "homeZone": "UTC", "clock": {"when": {"MORNING": "08:00"}}, "medications": []}"#,
                #"c.json:1: clock.when: unknown key "MORNING", which is not an EventTiming code of a time of day; known keys: WAKE, MORN, MORN.early, MORN.late, NOON, AFT, AFT.early, AFT.late, EVE, EVE.early, EVE.late, NIGHT, PHS, HS (keys starting with "x-" are ignored)"#
            ),
            (
                #"{"version": 2, "homeZone": "UTC", "clock": {"timesPerDay": {"3": ["08:00", "20:00"]}}, "medications": []}"#,
                #"c.json:1: clock.timesPerDay.3: 3 times a day needs 3 time(s), found 2"#
            ),
            (
                #"{"version": 2, "homeZone": "UTC", "clock": {"codes": {"BID": ["20:00", "08:00"]}}, "medications": []}"#,
                #"c.json:1: clock.codes.BID: expected at least one time, in order from morning to night with none twice, like ["08:00", "20:00"]"#
            ),
        ]
        for (text, message) in cases {
            #expect(throws: (any Error).self) { try ScheduleCodec.decode(Data(text.utf8), file: "c.json") }
            do { _ = try ScheduleCodec.decode(Data(text.utf8), file: "c.json") } catch { #expect(error.description == message) }
        }
    }

    /// `--clock FILE`: the clock object alone, or a schedule holding one.
    @Test func clockFile() throws {
        let alone = try ScheduleCodec.decodeClock(Data(#"{"codes": {"BID": ["09:00", "21:00"]}}"#.utf8), file: "clock.json")
        #expect(alone.times(code: "BID") == [LocalTime(parsing: "09:00")!, LocalTime(parsing: "21:00")!])
        let inSchedule = try ScheduleCodec.decodeClock(Data(Self.text.utf8), file: "s.json")
        #expect(inSchedule.time(when: "HS") == LocalTime(parsing: "23:00"))
    }
}
