import DoseCal
import Foundation
import ICal
import Testing

/// `CalendarImporter`: dosecal's own export read back, Google-style single events folded into
/// rules, what cannot be mapped, and the matcher.
@Suite struct ImportTests {
    static func run(_ text: String, matcher: DoseMatcher = DoseMatcher(), zone: String? = nil) throws -> ImportReport {
        try CalendarImporter(matcher: matcher, zone: zone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    static func calendar(_ events: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "X-WR-TIMEZONE:Europe/Berlin"]
            + events + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static func single(_ uid: String, _ summary: String, _ utc: String) -> String {
        [
            "BEGIN:VEVENT", "UID:\(uid)@google.com", "DTSTAMP:20261201T000000Z", "DTSTART:\(utc)", "SUMMARY:\(summary)",
            "END:VEVENT",
        ]
        .joined(separator: "\r\n")
    }

    @Test func demoExportComesBack() throws {
        let text = try FeedBuilder(schedule: Fixtures.schedule("demo.json"), now: Fixtures.now).build().serialized()
        let report = try Self.run(text)
        let d = { (s: String) in LocalDate(parsing: s)! }
        let t = { (s: String) in LocalTime(parsing: s)! }
        #expect(report.schedule.homeZone == "America/New_York")
        var expected: [Medication] = [
            Medication(
                id: "methotrexate", name: "Methotrexate", strength: "2.5 mg", dose: "15 mg", pillsPerDose: 6,
                notes: "Weekly, Mondays only.", times: [DoseSlot(id: "1", time: t("20:00"))],
                recurrence: .weekly(weekdays: [.monday], interval: 1),
                start: d("2026-01-05"), reminder: Reminder(minutesBefore: 15, repeatCount: 2, repeatIntervalMinutes: 10)),
            Medication(
                id: "metformin", name: "Metformin", strength: "500 mg", dose: "1 tablet", notes: "With breakfast and dinner.",
                times: [DoseSlot(id: "1", time: t("08:00")), DoseSlot(id: "2", time: t("19:00"))], start: d("2026-01-05")),
            Medication(
                id: "levothyroxine", name: "Levothyroxine", strength: "75 mcg",
                notes: "Empty stomach, 30 minutes before breakfast.", times: [DoseSlot(id: "1", time: t("06:30"))],
                start: d("2026-01-05")),
            Medication(
                id: "vitamin-d3", name: "Vitamin D3", strength: "50,000 IU", times: [DoseSlot(id: "1", time: t("12:30"))],
                recurrence: .everyNDays(14), start: d("2026-01-10")),
        ]
        // The supplies, from the refill warnings (decision 0208).
        let asOf = d("2026-11-20")
        expected[0].supply = Supply(pills: 24, asOf: asOf, warningDays: 14)
        expected[1].supply = Supply(pills: 60, asOf: asOf)
        expected[2].supply = Supply(pills: 90, asOf: asOf, refillReminderTime: t("10:00"))
        expected[3].supply = Supply(pills: 6, asOf: asOf, warningDays: 21)
        #expect(report.schedule.medications == expected)
        #expect(report.schedule.feed == FeedOptions(name: "My medications"))
        #expect(report.unmapped.isEmpty, "\(report.unmapped)")
    }

    /// Google writes single events in UTC: read on the home wall clock (Berlin: 07:00Z in
    /// winter is 08:00), folded into daily and weekly rules.
    @Test func singleEventsFoldIntoRules() throws {
        let daily = (1...5).map { Self.single("d\($0)", "Ramipril 5 mg", "2026120\($0)T070000Z") }
        // Mondays and Thursdays, 2026-12-07 .. 2026-12-21.
        let weekly = ["20261207", "20261210", "20261214", "20261217", "20261221"].enumerated().map {
            Self.single("w\($0.offset)", "Vitamin B12 pill", "\($0.element)T180000Z")
        }
        let irregular = ["20261201", "20261202", "20261209"].enumerated().map {
            Self.single("i\($0.offset)", "Ibuprofen 400 mg", "\($0.element)T110000Z")
        }
        let dentist = Self.single("x", "Dentist", "20261204T150000Z")
        let report = try Self.run(Self.calendar(daily + weekly + irregular + [dentist]))
        #expect(report.schedule.homeZone == "Europe/Berlin")
        let meds = report.schedule.medications
        #expect(meds.map(\.id) == ["ramipril", "vitamin-b12-pill"])
        #expect(meds[0].recurrence == .daily && meds[0].times.map(\.time.description) == ["08:00"])
        #expect(meds[0].start == LocalDate(parsing: "2026-12-01") && meds[0].end == LocalDate(parsing: "2026-12-05"))
        #expect(meds[0].timePolicy == .wallClock && meds[0].strength == "5 mg")
        #expect(meds[1].recurrence == .weekly(weekdays: [.monday, .thursday], interval: 1))
        #expect(meds[1].times.map(\.time.description) == ["19:00"])
        #expect(
            report.unmapped.map(\.reason) == [
                "3 single events at 12:00 on irregular dates: no daily, weekly or every-N-days rule fits"
            ])
        #expect(report.eventsNotDoses == 1 && report.eventsRead == 14)
    }

    @Test func unmappableRulesAreReported() throws {
        let monthly = [
            "BEGIN:VEVENT", "UID:m@x", "DTSTAMP:20261201T000000Z", "DTSTART;TZID=Europe/Berlin:20260105T090000",
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=5", "SUMMARY:B12 injection", "END:VEVENT",
        ].joined(separator: "\r\n")
        let allDay = [
            "BEGIN:VEVENT", "UID:a@x", "DTSTAMP:20261201T000000Z", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=DAILY",
            "SUMMARY:Iron tablets", "END:VEVENT",
        ].joined(separator: "\r\n")
        let report = try Self.run(Self.calendar([monthly, allDay]))
        #expect(report.schedule.medications.isEmpty)
        #expect(
            report.unmapped.map(\.reason) == [
                "an all-day event has no dose time",
                "it repeats by month or by the nth weekday (FREQ=MONTHLY;BYMONTHDAY=5); dosecal has no such rule",
            ])
    }

    @Test func matcherDefaultsAndOverrides() throws {
        let m = DoseMatcher()
        #expect(m.matches(summary: "Metformin 500 mg", description: nil, categories: []))
        #expect(m.matches(summary: "Take your pills", description: nil, categories: []))
        #expect(m.matches(summary: "x", description: nil, categories: ["MEDICATION"]))
        #expect(!m.matches(summary: "Dentist", description: "bring 2 forms", categories: []))
        let custom = DoseMatcher(pattern: "^Meds:")
        #expect(custom.matches(summary: "Meds: blue one", description: nil, categories: []))
        #expect(!custom.matches(summary: "Metformin 500 mg", description: nil, categories: ["MEDICATION"]))
        #expect(DoseMatcher(category: "health").matches(summary: "x", description: nil, categories: ["Health"]))
        #expect(throws: ImportError.badPattern("(")) { try Self.run(Self.calendar([]), matcher: DoseMatcher(pattern: "(")) }
    }
}
