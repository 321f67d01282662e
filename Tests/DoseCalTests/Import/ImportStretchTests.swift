import DoseCal
import Foundation
import ICal
import Testing

/// Stretches of one medication read back as one: series in UTC (fixed interval) read at one
/// home-zone offset per stretch (decision 0140), travel out and back home.
@Suite struct ImportStretchTests {
    /// `events` in a calendar whose X-WR-TIMEZONE is New York, imported: the schedule's only
    /// medication (nil when there are more or none) and its dose instants up to `through`.
    static func imported(_ events: [String], through: String) throws -> (Medication?, [Int], ImportReport) {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Reminders 1.0//EN", "X-WR-TIMEZONE:America/New_York"]
            + events + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
        let report = try CalendarImporter().run([ReturnedCalendar(parsing: Array(text.utf8))])
        guard report.schedule.medications.count == 1, let m = report.schedule.medications.first else {
            return (nil, [], report)
        }
        let engine = WallClockEngine(schedule: report.schedule)
        return (m, engine.occurrences(of: m, from: m.start, to: LocalDate(parsing: through)!).map(\.instant), report)
    }

    /// `start`: a DTSTART value, with its parameters (`;TZID=...:20270104T080000`) or without
    /// (`20270104T080000Z`).
    static func event(_ uid: String, _ start: String, _ rule: String, _ summary: String) -> String {
        [
            "BEGIN:VEVENT", "UID:\(uid)@example.com", "DTSTAMP:20270101T000000Z",
            "DTSTART" + (start.hasPrefix(";") ? start : ":" + start), "RRULE:\(rule)",
            "SUMMARY:\(summary)", "END:VEVENT",
        ].joined(separator: "\r\n")
    }

    /// A 5-on/4-off cycle in New York at a fixed UTC time, written as one DAILY;INTERVAL=9 rule
    /// per "on" day and dose time, from 2027-03-12 to 03-25, across the change to daylight time
    /// on 03-14: 13:00Z is 08:00 EST (09:00 EDT) and 04:30Z the next UTC day is 23:30 EST
    /// (00:30 EDT, the day after). Read at the offset of the stretch's first dose, the ten rules
    /// are one medication at 08:00 and 23:30, its dose days 03-12 .. 03-16 and 03-21 .. 03-25.
    @Test func cycleRulesAcrossADaylightChangeAreOneMedication() throws {
        let rule = { (until: String) in "FREQ=DAILY;INTERVAL=9;UNTIL=\(until)" }
        let events =
            ["20270312T130000Z", "20270313T130000Z", "20270314T130000Z", "20270315T130000Z", "20270316T130000Z"]
            .enumerated().map { Self.event("m\($0.offset)", $0.element, rule("20270325T130000Z"), "Prednisone 5 mg (1 tablet)") }
            + ["20270313T043000Z", "20270314T043000Z", "20270315T043000Z", "20270316T043000Z", "20270317T043000Z"]
            .enumerated().map { Self.event("e\($0.offset)", $0.element, rule("20270326T043000Z"), "Prednisone 5 mg (1 tablet)") }
        let (medication, instants, report) = try Self.imported(events, through: "2027-04-30")
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        #expect(report.schedule.homeZone == "America/New_York")
        let m = try #require(medication, "\(report.schedule.medications.count) medications")
        #expect(m.recurrence == .cycle(daysOn: 5, daysOff: 4) && m.timePolicy == .fixedInterval)
        #expect(m.times.map(\.time.description) == ["08:00", "23:30"])
        #expect(m.start == LocalDate(parsing: "2027-03-12") && m.end == LocalDate(parsing: "2027-03-25"))
        #expect(
            instants == [
                1_804_856_400, 1_804_912_200, 1_804_942_800, 1_804_998_600, 1_805_029_200, 1_805_085_000, 1_805_115_600,
                1_805_171_400, 1_805_202_000, 1_805_257_800,
                1_805_634_000, 1_805_689_800, 1_805_720_400, 1_805_776_200, 1_805_806_800, 1_805_862_600, 1_805_893_200,
                1_805_949_000, 1_805_979_600, 1_806_035_400,
            ])
    }

    /// A daily series at 04:10Z in New York from 2027-11-01 (00:10 EDT), cut on 11-10 when it
    /// fires at 04:10Z: 23:10 EST on 11-09 after the clocks went back on 11-07, and still the
    /// dose of 11-10 (read at the first dose's offset). It ends on 11-10 and keeps its ten doses.
    @Test func lastDoseAfterADaylightChangeKeepsItsDay() throws {
        let event = Self.event("late", "20271101T041000Z", "FREQ=DAILY;UNTIL=20271110T041000Z", "Metformin 500 mg (1 tablet)")
        let (medication, instants, report) = try Self.imported([event], through: "2027-11-30")
        let m = try #require(medication, "\(report.schedule.medications.count) medications")
        #expect(m.recurrence == .daily && m.timePolicy == .fixedInterval && m.times.map(\.time.description) == ["00:10"])
        #expect(m.start == LocalDate(parsing: "2027-11-01") && m.end == LocalDate(parsing: "2027-11-10"))
        #expect(
            instants == [
                1_825_042_200, 1_825_128_600, 1_825_215_000, 1_825_301_400, 1_825_387_800, 1_825_474_200, 1_825_560_600,
                1_825_647_000, 1_825_733_400, 1_825_819_800,
            ])
    }

    /// A daily 08:00 medication at home in New York from 2027-01-04, in Lord Howe (UTC+11) from
    /// 02-28 to 03-27 and back home from 03-28: three series (the last open). The way back is a
    /// second stop the first join (home, then away) did not need; they are one medication with
    /// both stops.
    @Test func travelOutAndBackIsOneMedicationWithBothStops() throws {
        let summary = "Ramipril 5 mg (1 tablet)"
        let events = [
            Self.event("home", ";TZID=America/New_York:20270104T080000", "FREQ=DAILY;UNTIL=20270227T130000Z", summary),
            Self.event("away", ";TZID=Australia/Lord_Howe:20270228T080000", "FREQ=DAILY;UNTIL=20270326T210000Z", summary),
            Self.event("back", ";TZID=America/New_York:20270328T080000", "FREQ=DAILY", summary),
        ]
        let (medication, _, report) = try Self.imported(events, through: "2027-04-30")
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let m = try #require(medication, "\(report.schedule.medications.count) medications")
        let d = { (s: String) in LocalDate(parsing: s)! }
        #expect(m.recurrence == .daily && m.timePolicy == .wallClock && m.start == d("2027-01-04") && m.end == nil)
        #expect(
            report.schedule.itinerary == [
                ItineraryStop(from: d("2027-02-28"), zone: Zone("Australia/Lord_Howe")!),
                ItineraryStop(from: d("2027-03-28"), zone: Zone("America/New_York")!),
            ])
        let engine = WallClockEngine(schedule: report.schedule)
        let around = [("2027-02-27", "2027-02-28"), ("2027-03-27", "2027-03-28")].flatMap {
            engine.occurrences(of: m, from: d($0.0), to: d($0.1)).map(\.instant)
        }
        // 08:00 EST (13:00Z), 08:00 at UTC+11 (21:00Z the day before) twice, 08:00 EDT (12:00Z).
        #expect(around == [1_803_733_200, 1_803_762_000, 1_806_094_800, 1_806_235_200])
    }
}
