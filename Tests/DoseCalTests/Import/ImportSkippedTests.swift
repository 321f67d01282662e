import DoseCal
import Foundation
import ICal
import Testing

/// A deleted occurrence (EXDATE) of a dose series imports as a `skipped` log entry for that dose,
/// with its slot, dose day and the dose's own instant as `at` (decision 0205), in any calendar
/// and every EXDATE form; an EXDATE on no occurrence is noted, never logged.
@Suite struct ImportSkippedTests {
    static func d(_ s: String) -> LocalDate { LocalDate(parsing: s)! }
    static func at(_ s: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(s)) }

    static func run(_ events: [String], zone: String? = nil) throws -> ImportReport {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN"] + events + [
                "END:VCALENDAR", "",
            ])
            .joined(separator: "\r\n")
        return try CalendarImporter(zone: zone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    /// The dose instants of `schedule`'s feed from `from` for `days` days, expanded.
    static func fired(_ schedule: Schedule, from: Int, days: Int) throws -> [Int] {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try CalendarExpander(calendar: ICalParser.parse(Array(text.utf8)), viewerZone: schedule.home)
            .instances(from: from, to: from + days * 86_400).filter { $0.summary?.hasPrefix("Refill") != true }.map(\.start)
    }

    /// A daily Berlin series with an EXDATE in each form: in its zone, in UTC, a date, and one
    /// at 09:00, where the series has no occurrence.
    @Test func everyExceptionDateFormIsASkippedDose() throws {
        let report = try Self.run([
            "BEGIN:VEVENT", "UID:ramipril@google.com", "DTSTART;TZID=Europe/Berlin:20261201T080000",
            "RRULE:FREQ=DAILY;COUNT=10", "EXDATE;TZID=Europe/Berlin:20261203T080000", "EXDATE:20261205T070000Z",
            "EXDATE;VALUE=DATE:20261207", "EXDATE;TZID=Europe/Berlin:20261204T090000", "SUMMARY:Ramipril 5 mg", "END:VEVENT",
        ])
        let m = try #require(report.schedule.medications.first)
        #expect(m.id == "ramipril" && m.times.map(\.id) == ["1"])
        #expect(
            report.schedule.log == [
                DoseLogEntry(
                    medication: "ramipril", slot: "1", date: Self.d("2026-12-03"), status: .skipped, at: Self.at(1_796_281_200)),
                DoseLogEntry(
                    medication: "ramipril", slot: "1", date: Self.d("2026-12-05"), status: .skipped, at: Self.at(1_796_454_000)),
                DoseLogEntry(
                    medication: "ramipril", slot: "1", date: Self.d("2026-12-07"), status: .skipped, at: Self.at(1_796_626_800)),
            ])
        #expect(
            report.sources[0].notes == [
                "1 deleted occurrence(s) (EXDATE) on no occurrence of the series: nothing to skip",
                "3 deleted occurrence(s) imported as skipped doses",
            ])
        // The feed of the imported schedule leaves the three out: 7 of 10 doses, 07:00Z each.
        let fired = try Self.fired(report.schedule, from: 1_796_108_400, days: 12)
        let days = [1, 2, 4, 6, 8, 9, 10].map { 1_796_108_400 + ($0 - 1) * 86_400 }
        #expect(fired == days)
    }

    /// Every 8 hours in UTC from 08:00 New York time: the dose at 00:00 on 12-02 (05:00Z) deleted
    /// is that day's dose, named by its instant.
    @Test func everyNHoursDeletionIsTheDoseAtItsInstant() throws {
        let report = try Self.run(
            [
                "BEGIN:VEVENT", "UID:amox@example.com", "DTSTART:20261201T130000Z", "RRULE:FREQ=HOURLY;INTERVAL=8;COUNT=9",
                "EXDATE:20261202T050000Z", "SUMMARY:Amoxicillin 500 mg", "END:VEVENT",
            ], zone: "America/New_York")
        let m = try #require(report.schedule.medications.first)
        #expect(m.recurrence == .everyNHours(8))
        #expect(
            report.schedule.log == [
                DoseLogEntry(
                    medication: "amoxicillin", slot: "1", date: Self.d("2026-12-02"), status: .skipped, at: Self.at(1_796_187_600)
                )
            ])
        // Two days: the dose days of a COUNT rule end on the day of its last dose.
        let fired = try Self.fired(report.schedule, from: 1_796_108_400, days: 2)
        #expect(fired == (0..<6).map { 1_796_130_000 + $0 * 8 * 3600 }.filter { $0 != 1_796_187_600 })
    }

    /// A floating series with a floating EXDATE (`--zone Europe/Berlin`): the dose at that local
    /// time; `at` is where the floating dose falls at home.
    @Test func floatingDeletionIsTheDoseAtItsLocalTime() throws {
        let report = try Self.run(
            [
                "BEGIN:VEVENT", "UID:melatonin@example.com", "DTSTART:20261201T223000", "RRULE:FREQ=DAILY",
                "EXDATE:20261202T223000", "SUMMARY:Melatonin 2 mg", "END:VEVENT",
            ], zone: "Europe/Berlin")
        #expect(report.schedule.medications.first?.timePolicy == .floating)
        #expect(
            report.schedule.log == [
                DoseLogEntry(
                    medication: "melatonin", slot: "1", date: Self.d("2026-12-02"), status: .skipped, at: Self.at(1_796_247_000))
            ])
    }
}

extension ImportSkippedTests {
    /// dosecal's own feeds: a skipped every-N-hours dose (decision 0106: `at` 16:10 EDT names the
    /// 16:00 EDT dose), a skipped dose in a later taper step and one in a cycle's later week come
    /// back on the joined medication, and the feed of the imported schedule fires what the
    /// original's fires.
    @Test(arguments: [
        ("every-n-hours.json", "first", "2026-03-09", "2026-03-09T16:10:00-04:00", 1_773_086_400),
        ("taper.json", "morning", "2026-04-22", "2026-04-22T09:00:00-04:00", 1_776_862_800),
        ("cycle-21-7.json", "night", "2026-01-10", "2026-01-10T23:00:00-08:00", 1_768_111_200),
    ])
    func ownSkippedDoseComesBack(_ name: String, slot: String, date: String, when: String, instant: Int) throws {
        var schedule = try Fixtures.schedule(name)
        let recorded = Date(timeIntervalSince1970: TimeInterval(try #require(RFC3339.instant(when))))
        let id = schedule.medications[0].id
        schedule.log = [DoseLogEntry(medication: id, slot: slot, date: Self.d(date), status: .skipped, at: recorded)]
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        let report = try CalendarImporter().run([ReturnedCalendar(parsing: Array(text.utf8))])
        let m = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1 && report.unmapped.filter { !$0.reason.contains("refill") }.isEmpty)
        #expect(
            report.schedule.log == [
                DoseLogEntry(medication: m.id, slot: "1", date: Self.d(date), status: .skipped, at: Self.at(instant))
            ])
        let from = instant - 10 * 86_400
        #expect(try Self.fired(report.schedule, from: from, days: 20) == Self.fired(schedule, from: from, days: 20))
        #expect(try Self.fired(schedule, from: from, days: 20).contains(instant) == false)
    }
}

extension ImportSkippedTests {
    /// An EXDATE in a zone nobody defines: the expander cannot read the series with it, so no
    /// occurrence is taken for deleted (none would be safe to name); the medication says so.
    @Test func unreadableDeletionIsNoted() throws {
        let report = try Self.run([
            "BEGIN:VEVENT", "UID:ramipril@google.com", "DTSTART;TZID=Europe/Berlin:20261201T080000", "RRULE:FREQ=DAILY",
            "EXDATE;TZID=Mars/Olympus:20261203T080000", "SUMMARY:Ramipril 5 mg", "END:VEVENT",
        ])
        #expect(report.schedule.medications.count == 1 && report.schedule.log.isEmpty)
        #expect(report.sources[0].notes == ["its deleted occurrences (EXDATE) cannot be read: none imported as skipped doses"])
    }
}
