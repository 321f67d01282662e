import Foundation
import ICal
import Testing

@testable import DoseCal

/// When the expansion budget cuts `check` (decision 0193): the doses of the series left out are
/// unchecked, never missing, and the report says the check is incomplete. demo.json's own feed,
/// dose days 2026-12-01 to 2026-12-07 (22 doses), with budgets small enough to bite.
@Suite struct CheckBudgetTests {
    static func run(budget: Int?) throws -> CheckReport {
        let schedule = try Fixtures.schedule("demo.json")
        let checker = DoseChecker(
            schedule: schedule, from: LocalDate(year: 2026, month: 12, day: 1)!, to: LocalDate(year: 2026, month: 12, day: 7)!)
        var check = CalendarCheck(checker: checker, foundationZoneData: "test")
        if let budget { check.budget = budget }
        let feed = CheckedCalendar.feed(of: schedule, now: Fixtures.now)
        return check.run(feed).0
    }

    @Test func theFullBudgetChecksEveryDose() throws {
        let report = try Self.run(budget: nil)
        #expect(report.cut == nil)
        #expect(report.doses.count == 22 && report.count(.ok) == 22 && report.count(.unchecked) == 0)
    }

    @Test(arguments: [0, 5, 12]) func aCutBudgetLeavesDosesUncheckedNeverMissing(budget: Int) throws {
        let report = try Self.run(budget: budget)
        let cut = try #require(report.cut)
        #expect(cut.limit == budget && !cut.series.isEmpty && cut.leavesDosesUnchecked)
        #expect(report.count(.missing) == 0, "no dose of a series left out is counted missing")
        #expect(report.count(.ok) + report.count(.unchecked) == 22)
        #expect(report.count(.unchecked) > 0)
        #expect(!report.calendarDisagrees, "what was expanded agrees")
        for row in report.doses where row.status == .unchecked {
            #expect(row.uid.map(cut.series.contains) == true, "\(row.medicationID) \(row.day?.description ?? "")")
            #expect(!row.notes.contains { if case .libical = $0 { true } else { false } }, "no libical note for it")
        }
        #expect(!report.warnings.contains { $0.contains("instances in the window in all") }, "said by the cut, not a warning")
    }

    /// libical's expansion counts its iterator's steps from each series' start: a budget that
    /// only it passes leaves every dose checked, without libical notes for the series it cut.
    @Test func aCutOfLibicalsExpansionOnlyChecksEveryDose() throws {
        let report = try Self.run(budget: 40)
        let cut = try #require(report.cut)
        #expect(cut.series.isEmpty && !cut.libicalSeries.isEmpty && !cut.leavesDosesUnchecked)
        #expect(report.count(.ok) == 22)
        #expect(!report.doses.contains { $0.notes.contains { if case .libical = $0 { true } else { false } } })
    }

    @Test func noBudgetLeftChecksNothingAndCountsNothingMissing() throws {
        let report = try Self.run(budget: 0)
        #expect(report.count(.unchecked) == 22 && report.count(.ok) == 0)
        #expect(report.cut?.series.count == 9, "the five dose series and four refill warnings")
    }
}
