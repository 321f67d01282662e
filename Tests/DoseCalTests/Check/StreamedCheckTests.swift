import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// `check` compares one medication at a time (its own expansion and plan) and keeps only the
/// rows asked for: the report is the one of the whole schedule's channels at once, every row
/// counted, and the rows that need attention those of every row.
@Suite struct StreamedCheckTests {
    /// Fixtures in two zones (with and without a trip east), the fixtures with people, and
    /// generated schedules.
    static func schedules() throws -> [Schedule] {
        var result = try SharedExpansionTests.schedules(zones: 2, generated: 12)
        for name in ["family", "family-wall-clock", "people"] { result.append(try SharedExpansionTests.fixture(name)) }
        return result
    }

    /// The feed's instants per UID with a dose moved, one missing, an extra and a duplicate
    /// reminder, so that rows of every status need attention.
    static func edited(_ byUID: [String: [Int]]) -> [String: [Int]] {
        var result = byUID
        // Doses from the middle of each series, well inside the window.
        let uids = byUID.keys.sorted().filter { byUID[$0]!.count > 9 }
        guard uids.count >= 2 else { return result }
        let (a, b) = (byUID[uids[0]]!.count / 2, byUID[uids[1]]!.count / 2)
        result[uids[0]]![a] += 3600
        result[uids[0]]!.remove(at: a + 1)
        result[uids[1]]!.append(result[uids[1]]![b])
        result[uids[1]]!.append(result[uids[1]]![b + 1] + 5 * 3600)
        return result
    }

    /// Every row counted per status and (for a trip) per person and dose day.
    static func counted(_ report: CheckReport, schedule: Schedule, tallies: Bool) -> (
        counts: [DoseCheck.Status: Int], expected: Int, perDay: [String?: [LocalDate: Int]]
    ) {
        var counts: [DoseCheck.Status: Int] = [:]
        var perDay: [String?: [LocalDate: Int]] = [:]
        for row in report.doses {
            counts[row.status, default: 0] += 1
            guard tallies, let day = row.day else { continue }
            let person = schedule.medications.first { $0.id == row.medicationID }.flatMap(schedule.person(of:))?.id
            perDay[person, default: [:]][day, default: 0] += 1
        }
        return (counts, report.doses.filter { $0.expected != nil }.count, perDay)
    }

    @Test func streamedIsTheWholeSchedulesReport() throws {
        for s in try Self.schedules() {
            let feed = CheckedCalendar.feed(of: s, now: 1_796_040_000)
            for checker in SharedExpansionTests.checkers(s).prefix(2) {
                let window = checker.instantWindow
                let budget = checker.expansionBudget
                let calendar = Self.edited(feed.instances(in: window, viewerZone: s.home, budget: budget).byUID)
                let libical = feed.libicalInstances(in: window, viewerZone: s.home, budget: checker.expansionBudget) { _, _ in }
                let system = SystemZones(lastYear: checker.to.year + 1)
                // The whole schedule's channels at once, every row made and kept.
                let whole = checker.check(
                    calendar: calendar, libical: libical.byUID, plan: PlanChannel.doseInstants(schedule: s, in: window),
                    systemZone: system.zone, expansion: SharedExpansionTests.expansion(for: checker))
                let engine = WallClockEngine(schedule: s)
                let channel = PlanChannel(schedule: s, in: window)
                let days = PlanChannel.doseDays(schedule: s, in: window)
                let streamed = { (rows: CheckReport.Rows) in
                    checker.check(
                        calendar: calendar, libical: libical.byUID, plan: channel.doseInstants(ofMedicationsAt:expansion:),
                        systemZone: system.zone,
                        expansion: {
                            DoseExpansion(
                                engine: engine, from: min(days.from, checker.from.adding(days: -2)),
                                to: max(days.to, checker.to.adding(days: 2)), medicationsAt: $0)
                        }, cut: nil, rows: rows)
                }
                #expect(streamed(.every) == whole)
                var attention = streamed(.needingAttention)
                #expect(attention.doses == whole.doses.filter(\.needsAttention))
                #expect(attention.doses.isEmpty == !whole.doses.contains(where: \.needsAttention))
                attention.doses = whole.doses
                attention.rows = .every
                #expect(attention == whole)
                let counted = Self.counted(whole, schedule: s, tallies: checker.hasItinerary)
                for status in [DoseCheck.Status.ok, .moved, .missing, .extra, .duplicate, .unchecked] {
                    #expect(whole.count(status) == counted.counts[status] ?? 0)
                }
                #expect(whole.counts.expected == counted.expected)
                let perDay = whole.rowsPerDay.mapValues { tally in
                    Dictionary(
                        uniqueKeysWithValues: tally.counts.enumerated().filter { $0.element > 0 }
                            .map { (tally.first.adding(days: $0.offset), $0.element) })
                }
                #expect(perDay == counted.perDay)
            }
        }
    }

    /// The edits make rows of every status (the test above compares something).
    @Test func editsNeedAttention() throws {
        let s = try SharedExpansionTests.fixture("demo")
        let feed = CheckedCalendar.feed(of: s, now: 1_796_040_000)
        let checker = try #require(SharedExpansionTests.checkers(s).first)
        let byUID = feed.instances(in: checker.instantWindow, viewerZone: s.home, budget: checker.expansionBudget).byUID
        let report = checker.check(calendar: Self.edited(byUID), rows: .needingAttention)
        for status in [DoseCheck.Status.moved, .missing, .extra, .duplicate] {
            #expect(report.count(status) == 1, "\(status)")
            #expect(report.doses.contains { $0.status == status })
        }
        #expect(report.count(.ok) > 100)
        #expect(!report.doses.contains { $0.status == .ok && $0.notes.isEmpty })
    }

    /// A day's tally: rows per dose day from its first day.
    @Test func dayCountsTotal() {
        let first = LocalDate(year: 2027, month: 3, day: 1)!
        let tally = CheckReport.DayCounts(first: first, counts: [1, 2, 3, 4])
        #expect(tally.total(from: first.adding(days: 1), through: first.adding(days: 2)) == 5)
        #expect(tally.total(from: first.adding(days: -5), through: first.adding(days: 10)) == 10)
        #expect(tally.total(from: first.adding(days: 4), through: first.adding(days: 10)) == 0)
    }
}
