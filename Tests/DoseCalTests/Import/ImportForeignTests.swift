import DoseCal
import Foundation
import ICal
import Testing

/// Calendars other tools write (fixtures/import, one per language and client form) import with
/// the source's instants; titles keep their names whole.
@Suite struct ImportForeignTests {
    static func file(_ name: String) throws -> ReturnedCalendar {
        try ReturnedCalendar(parsing: Array(Data(contentsOf: Fixtures.root.appendingPathComponent("import/\(name)"))))
    }

    /// The source's dose instants (the events import took) and the imported schedule's, over
    /// `days` days from `from`.
    static func instants(_ name: String, from: String, days: Int) throws -> (source: [Int], imported: [Int], report: ImportReport)
    {
        let calendar = try file(name)
        let report = try CalendarImporter().run([calendar])
        let zone = Zone(report.schedule.homeZone) ?? .utc
        let start = ZoneResolver.resolve(
            LocalDateTime(date: LocalDate(parsing: from)!, time: LocalTime(hour: 0, minute: 0)!), in: zone
        ).instant
        let end = start + days * 86_400
        let doses = calendar.series.compactMap(\.master).filter { !($0.summary ?? "").contains("Zahnarzt") }
        let source = CalendarExpander(components: calendar.timezones + doses.map(\.component), viewerZone: zone)
            .expand(from: start, to: end).instances.map(\.start).sorted()
        let engine = WallClockEngine(schedule: report.schedule)
        let imported = engine.occurrences(from: LocalDate(parsing: from)!, to: LocalDate(parsing: from)!.adding(days: days))
            .map(\.instant).filter { $0 >= start && $0 < end }.sorted()
        return (source, imported, report)
    }

    @Test func germanOutlookEyeDropsEveryThreeDays() throws {
        let (source, imported, report) = try Self.instants("outlook-de-augentropfen.ics", from: "2026-12-01", days: 60)
        #expect(report.schedule.homeZone == "Europe/Berlin")
        let m = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1 && m.name == "Augentropfen Latanoprost")
        #expect(m.recurrence == .everyNDays(3) && m.times.map(\.time.description) == ["21:00"])
        #expect(report.eventsNotDoses == 1)
        // 2026-12-01 21:00 CET is 20:00Z.
        #expect(imported.first == 1_796_155_200 && imported == source && imported.count == 20)
    }

    @Test func frenchAppleTablet() throws {
        let (source, imported, report) = try Self.instants("apple-fr-comprime.ics", from: "2026-12-01", days: 28)
        #expect(
            report.schedule.medications.map(\.recurrence) == [.weekly(weekdays: [.monday, .wednesday, .friday], interval: 1)])
        #expect(imported == source && imported.count == 12)
    }

    @Test func spanishGoogleCountSeriesAreACycle() throws {
        let (source, imported, report) = try Self.instants("google-es-count21.ics", from: "2026-12-01", days: 90)
        let m = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1 && m.recurrence == .cycle(daysOn: 21, daysOff: 7))
        #expect(m.start == LocalDate(parsing: "2026-12-01") && m.end == LocalDate(parsing: "2027-02-15"))
        #expect(imported == source && imported.count == 63)
    }

    @Test func italianGoogleRulePerDayIsACycle() throws {
        let (source, imported, report) = try Self.instants("google-it-daily-interval.ics", from: "2026-12-01", days: 28)
        #expect(report.schedule.medications.map(\.recurrence) == [.cycle(daysOn: 5, daysOff: 2)])
        #expect(imported == source && imported.count == 20)
    }

    @Test func dutchReminderSinglesEveryEightHours() throws {
        let (source, imported, report) = try Self.instants("reminders-nl-every-8-hours.ics", from: "2026-11-30", days: 5)
        let m = try #require(report.schedule.medications.first)
        #expect(m.recurrence == .everyNHours(8) && m.timePolicy == .fixedInterval)
        #expect(m.name == "Amoxicilline 1 pil")
        #expect(imported == source && imported.count == 9)
    }

    @Test func portugueseAppleInjectionKeepsItsName() throws {
        let (source, imported, report) = try Self.instants("apple-pt-injecao.ics", from: "2026-12-01", days: 28)
        let m = try #require(report.schedule.medications.first)
        #expect(m.name == "Injeção de Ozempic (semaglutida) caneta" && m.dose == "0,5 mg")
        #expect(imported == source && imported.count == 4)
    }

    @Test func doseWordsPerLanguage() {
        let m = DoseMatcher()
        for title in [
            "Augentropfen", "Schmerztabletten", "Spritze", "comprimé", "gouttes", "piqûre", "pastilla", "inyección", "gotas",
            "compressa", "gocce", "iniezione", "oogdruppels", "injectie", "pil", "comprimido", "injeção", "colírio", "tablet",
            "20 IE Insulin", "10 UI",
        ] {
            #expect(m.matches(summary: title, description: nil, categories: []), "\(title)")
        }
        #expect(!m.matches(summary: "Zahnarzt", description: nil, categories: []))
        #expect(!DoseMatcher(pattern: "^Meds").matches(summary: "Augentropfen", description: nil, categories: []))
    }

    @Test func titlesKeepParenthesesAndSlashes() throws {
        func title(_ s: String) throws -> Medication {
            let text = ImportTests.calendar([
                ImportTests.single("a", s, "20261201T070000Z"), ImportTests.single("b", s, "20261202T070000Z"),
                ImportTests.single("c", s, "20261203T070000Z"),
            ])
            return try #require(try ImportTests.run(text).schedule.medications.first)
        }
        let ozempic = try title("Ozempic (semaglutide) pen (0.5 mg injection)")
        #expect(ozempic.name == "Ozempic (semaglutide) pen" && ozempic.dose == "0.5 mg injection" && ozempic.strength == nil)
        let amox = try title("Amoxicillin/clavulanate 875/125 mg")
        #expect(amox.name == "Amoxicillin/clavulanate" && amox.strength == "875/125 mg" && amox.dose == nil)
        let named = try title("Colecalciferol (vitamin D3) 1000 IU")
        #expect(named.name == "Colecalciferol (vitamin D3)" && named.strength == "1000 IU")
        let taper = try title("Prednisone 10 mg (4 tablets (40 mg))")
        #expect(taper.pillsPerDose == 4 && taper.dose == "40 mg")
    }
}
