import DoseCal
import Foundation
import ICal
import Testing

/// Real files as Google, Outlook and Apple wrote them (the shared corpus, copied byte for byte
/// to fixtures/corpus-all; fixtures/import/PROVENANCE.md lists the ones used here). They hold no
/// medication, so `--match` names the event; each imports with the source's instants, literal
/// ones from an independent computation (Python zoneinfo) and the file's own expansion.
@Suite struct ImportRealClientTests {
    struct Imported {
        var source: [Int]
        var imported: [Int]
        var report: ImportReport
    }

    /// The events titled `title` in corpus file `path`, imported with `--match '^title$'`: the
    /// source's instants (expanded by `CalendarExpander`) and the imported schedule's, over
    /// `days` days from `from` (home-zone midnight); the imported doses without those the log
    /// says were skipped (the source's deleted occurrences, decision 0205).
    static func run(_ path: String, title: String, from: String, days: Int) throws -> Imported {
        let url = Fixtures.root.appendingPathComponent("corpus-all/\(path)")
        let calendar = try ReturnedCalendar(parsing: Array(Data(contentsOf: url)))
        let report = try CalendarImporter(matcher: DoseMatcher(pattern: "^\(title)$")).run([calendar])
        let zone = try #require(Zone(report.schedule.homeZone))
        let day = try #require(LocalDate(parsing: from))
        let start = ZoneResolver.resolve(LocalDateTime(date: day, time: LocalTime(hour: 0, minute: 0)!), in: zone).instant
        let end = start + days * 86_400
        let doses = calendar.series.filter { ($0.master ?? $0.overrides.first)?.summary == title }
        let components = doses.flatMap { s in (s.master.map { [$0] } ?? []) + s.overrides }.map(\.component)
        let source = CalendarExpander(components: calendar.timezones + components, viewerZone: zone)
            .expand(from: start, to: end).instances.map(\.start).sorted()
        let engine = WallClockEngine(schedule: report.schedule)
        let ledger = DoseLedger(engine: engine)
        let imported = engine.occurrences(from: day, to: day.adding(days: days)).filter { ledger.status(of: $0) != .skipped }
            .map(\.instant).filter { $0 >= start && $0 < end }.sorted()
        return Imported(source: source, imported: imported, report: report)
    }

    /// Google Calendar (2006): "brush teeth" every day at 07:00 Europe/Berlin, open-ended, across
    /// the spring-forward change of 2007-03-25.
    @Test func googleDailySeriesInItsZone() throws {
        let r = try Self.run("vendors/google/Google1.ics", title: "Zähne putzen", from: "2007-03-20", days: 10)
        let m = try #require(r.report.schedule.medications.first)
        #expect(r.report.schedule.homeZone == "Europe/Berlin" && m.recurrence == .daily && m.end == nil)
        #expect(m.times.map(\.time.description) == ["07:00"] && m.timePolicy == .wallClock)
        // 03-24 07:00 CET is 06:00Z; 03-25 07:00 CEST is 05:00Z.
        #expect(r.imported[4...5] == [1_174_716_000, 1_174_798_800])
        #expect(r.imported == r.source && r.imported.count == 10)
    }

    /// Google: `DAILY;COUNT=3` at 10:00 New York whose second occurrence has only its title edited
    /// (the override comes first in the file): three doses, nothing rescheduled.
    @Test func googleOverrideThatOnlyRetitles() throws {
        let r = try Self.run(
            "vendors/google/recurring_with_single_change.ics", title: "Initial Title", from: "2026-02-01", days: 5)
        let m = try #require(r.report.schedule.medications.first)
        #expect(m.recurrence == .daily && m.end == LocalDate(parsing: "2026-02-03") && m.rescheduled.isEmpty)
        // 10:00 EST is 15:00Z.
        #expect(r.imported == [1_769_958_000, 1_770_044_400, 1_770_130_800] && r.imported == r.source)
    }

    /// Outlook 11: weekdays at 09:30 in its own zone name "Canberra, Melbourne, Sydney" (the file's
    /// VTIMEZONE), written as `DAILY;BYDAY=MO,...,FR;WKST=SU`, across the end of daylight saving on
    /// 2009-04-05; the 5-minute alarm is the reminder.
    @Test func outlookWeekdaysInAWindowsZoneName() throws {
        let r = try Self.run("vendors/outlook/Standup.ics", title: "Standup", from: "2009-03-10", days: 35)
        let m = try #require(r.report.schedule.medications.first)
        #expect(r.report.schedule.homeZone == "Australia/Sydney")
        #expect(m.recurrence == .weekly(weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday], interval: 1))
        #expect(m.reminder.minutesBefore == 5)
        // 2009-03-10 09:30 AEDT; Friday 04-03 09:30 AEDT is 22:30Z, Monday 04-06 09:30 AEST 23:30Z.
        #expect(r.imported.first == 1_236_637_800)
        #expect(r.imported.contains(1_238_711_400) && r.imported.contains(1_238_974_200))
        #expect(r.imported == r.source && r.imported.count == 25)
    }

    /// Office 365: every other Tuesday at 15:00 in the Windows zone "Central European Standard
    /// Time" (Europe/Warsaw) until 2026-05-05, two occurrences deleted by EXDATE (one line, a
    /// comma list in the Windows zone): the source's instants, the two deletions skipped doses.
    @Test func office365BiweeklyInAWindowsZone() throws {
        let r = try Self.run(
            "vendors/outlook/office_356_custom_timezone.ics", title: "Wstępna akceptacja", from: "2024-05-21", days: 720)
        let m = try #require(r.report.schedule.medications.first { $0.name == "Wstępna akceptacja" })
        #expect(r.report.schedule.homeZone == "Europe/Warsaw")
        #expect(m.recurrence == .everyNDays(14) && m.start == LocalDate(parsing: "2024-05-21"))
        #expect(m.end == LocalDate(parsing: "2026-05-05") && m.times.map(\.time.description) == ["15:00"])
        let deleted = [1_735_653_600, 1_740_492_000]  // 2024-12-31 and 2025-02-25 15:00 CET
        #expect(r.imported.first == 1_716_296_400 && r.imported.last == 1_777_986_000 && r.imported.count == 50)
        #expect(r.imported == r.source && Set(r.source).isDisjoint(with: deleted))
        let notes = r.report.sources.first { $0.medicationID == m.id }?.notes ?? []
        #expect(notes == ["2 deleted occurrence(s) imported as skipped doses"])
        let skipped = zip(["2024-12-31", "2025-02-25"], deleted).map { date, instant in
            DoseLogEntry(
                medication: m.id, slot: "1", date: LocalDate(parsing: date), status: .skipped,
                at: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
        #expect(r.report.schedule.log == skipped)
    }

    /// iCloud: a daily 09:00 series split "this and following" on 2022-09-26 (the first half cut by
    /// `UNTIL=20220926T155959Z`, a new UID from that day): one daily medication from 2022-09-13.
    @Test func appleSplitDailySeriesIsOneMedication() throws {
        let r = try Self.run("vendors/apple/apple_ical.ics", title: "Daily", from: "2022-09-13", days: 30)
        #expect(r.report.schedule.medications.count == 1)
        let m = try #require(r.report.schedule.medications.first)
        #expect(r.report.schedule.homeZone == "America/Los_Angeles" && m.recurrence == .daily)
        #expect(m.start == LocalDate(parsing: "2022-09-13") && m.end == nil)
        // 09:00 PDT is 16:00Z: the last dose of the first half and the first of the second.
        #expect(r.imported.first == 1_663_084_800 && r.imported[12...13] == [1_664_121_600, 1_664_208_000])
        #expect(r.imported == r.source && r.imported.count == 30)
    }

    /// Apple iCal: `DAILY;COUNT=7` at 12:00 Australia/Brisbane (no daylight saving), two days
    /// deleted by EXDATE: seven days from 2006-01-01, the two deletions skipped doses.
    @Test func appleCountSeriesWithDeletions() throws {
        let r = try Self.run("vendors/apple/EXDATE.ics", title: "Repeating Event", from: "2006-01-01", days: 10)
        let m = try #require(r.report.schedule.medications.first)
        #expect(r.report.schedule.homeZone == "Australia/Brisbane" && m.recurrence == .daily)
        #expect(m.end == LocalDate(parsing: "2006-01-07"))
        let all = [1_136_080_800, 1_136_167_200, 1_136_253_600, 1_136_340_000, 1_136_426_400, 1_136_512_800, 1_136_599_200]
        #expect(r.source == all.filter { $0 != 1_136_253_600 && $0 != 1_136_340_000 })
        #expect(r.imported == r.source)
        #expect(r.report.schedule.log.map(\.date) == ["2006-01-03", "2006-01-04"].map { LocalDate(parsing: $0) })
        #expect(r.report.schedule.log.map(\.at.timeIntervalSince1970) == [1_136_253_600, 1_136_340_000])
        #expect(r.report.schedule.log.allSatisfy { $0.status == .skipped && $0.slot == "1" && $0.medication == m.id })
    }
}
