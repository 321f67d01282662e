import ICal
import Testing

@testable import DoseCal

@Suite struct DoseCheckerTests {
    @Test func matcherPairsExactThenNearest() {
        let m = InstanceMatcher()
        let r = m.match(expected: [100, 200_000, 400_000], actual: [100, 100, 203_600, 900_000])
        #expect(r.matched == [100, 203_600, nil])
        #expect(r.duplicates == [100])
        #expect(r.extra == [900_000])
    }

    @Test func matcherPairsUnsortedInstantsEarlierIndexFirst() {
        // Expected out of order and twice the same instant; the channel's copies out of order.
        let r = InstanceMatcher().match(
            expected: [500_000, 100, 100, 300_000], actual: [300_000, 500_000, 100, 300_000, 300_000, 40_000])
        #expect(r.matched == [500_000, 100, 40_000, 300_000])
        #expect(r.duplicates == [300_000, 300_000])
        #expect(r.extra == [])
    }

    @Test func matcherDoesNotPairAcrossDays() {
        // A reminder 20 hours away is not the same dose at another time.
        let r = InstanceMatcher().match(expected: [0], actual: [20 * 3600])
        #expect(r.matched == [nil])
        #expect(r.extra == [72_000])
    }

    static let ny = "America/New_York"
    static func schedule() -> Schedule {
        let m = Medication(
            id: "metformin", name: "Metformin", times: [DoseSlot(id: "morning", time: LocalTime(hour: 2, minute: 30)!)],
            start: LocalDate(year: 2026, month: 3, day: 1)!)
        return Schedule(home: Zone(ny)!, medications: [m])
    }

    @Test func aCalendarThatFiresEveryDoseIsOkAndGapsAreWarnings() throws {
        let s = Self.schedule()
        let checker = DoseChecker(
            schedule: s, from: LocalDate(year: 2026, month: 3, day: 7)!, to: LocalDate(year: 2026, month: 3, day: 9)!)
        let uid = try #require(checker.seriesUIDs.first?.key)
        let engine = WallClockEngine(schedule: s)
        let exact = engine.occurrences(
            from: LocalDate(year: 2026, month: 3, day: 1)!, to: LocalDate(year: 2026, month: 3, day: 20)!
        ).map(\.instant)
        let report = checker.check(calendar: [uid: exact, "someone-else@example.com": [0]], libical: [uid: exact])
        #expect(report.doses.map(\.status) == [.ok, .ok, .ok])
        #expect(!report.calendarDisagrees)
        #expect(report.foreignSeries == 1)
        // 2026-03-08 02:30 is in the gap: RFC 07:30Z; an iOS trigger fires at 07:00Z.
        let gapDay = report.doses[1]
        #expect(gapDay.expected == 1_772_955_000)
        #expect(gapDay.notes.contains(.ios(1_772_953_200)))
        #expect(gapDay.notes.contains { if case .gap = $0 { true } else { false } })
        #expect(report.doses[0].notes.isEmpty && report.doses[2].notes.isEmpty)
    }

    @Test func aUTCRewrittenSeriesDriftsAfterTheChange() throws {
        // DTSTART rewritten into UTC (07:30Z every day): right in winter, an hour late after 03-08.
        let s = Self.schedule()
        let checker = DoseChecker(
            schedule: s, from: LocalDate(year: 2026, month: 3, day: 6)!, to: LocalDate(year: 2026, month: 3, day: 10)!)
        let uid = try #require(checker.seriesUIDs.first?.key)
        let day0 = LocalDate(year: 2026, month: 3, day: 1)!.daysSinceEpoch * 86_400 + 7 * 3600 + 1800
        let utcSeries = (0..<20).map { day0 + $0 * 86_400 }
        let report = checker.check(calendar: [uid: utcSeries])
        #expect(report.doses.map(\.status) == [.ok, .ok, .ok, .moved, .moved])
        #expect(report.doses[3].calendar! - report.doses[3].expected! == 3600)
        #expect(report.calendarDisagrees)
    }

    @Test func missingExtraAndDuplicateReminders() throws {
        let s = Self.schedule()
        let from = LocalDate(year: 2026, month: 4, day: 1)!
        let checker = DoseChecker(schedule: s, from: from, to: from.adding(days: 2))
        let uid = try #require(checker.seriesUIDs.first?.key)
        let expected = WallClockEngine(schedule: s).occurrences(from: from.adding(days: -2), to: from.adding(days: 4)).map(
            \.instant)
        // Drop 04-02, add a copy of 04-03 and a reminder at noon on 04-01.
        let noon = expected[2] + 9 * 3600 + 1800
        let calendar = expected.filter { $0 != expected[3] } + [expected[4], noon]
        let report = checker.check(calendar: [uid: calendar])
        #expect(report.doses.map(\.status) == [.ok, .extra, .missing, .ok, .duplicate])
        #expect(report.count(.missing) == 1 && report.count(.extra) == 1 && report.count(.duplicate) == 1)
    }

    @Test func thePlanAgreesWithTheFeedAcrossTheChangeAndADifferenceIsReported() throws {
        let s = Self.schedule()
        let checker = DoseChecker(
            schedule: s, from: LocalDate(year: 2026, month: 3, day: 6)!, to: LocalDate(year: 2026, month: 3, day: 10)!)
        let uid = try #require(checker.seriesUIDs.first?.key)
        let exact = WallClockEngine(schedule: s).occurrences(
            from: LocalDate(year: 2026, month: 3, day: 1)!, to: LocalDate(year: 2026, month: 3, day: 20)!
        ).map(\.instant)
        var plan = PlanChannel.doseInstants(schedule: s, in: checker.instantWindow)
        let report = checker.check(calendar: [uid: exact], plan: plan)
        #expect(!report.doses.contains { $0.notes.contains { if case .plan = $0 { true } else { false } } })
        // The gap day (2026-03-08 02:30 -> 07:30Z) is in the plan at the RFC instant.
        #expect(plan[uid]?.contains(1_772_955_000) == true)
        // A plan that fired the gap dose at 03:00 (as a repeating trigger would) is reported.
        plan[uid] = plan[uid]!.map { $0 == 1_772_955_000 ? 1_772_953_200 : $0 }
        let drifted = checker.check(calendar: [uid: exact], plan: plan)
        #expect(drifted.doses.first { $0.expected == 1_772_955_000 }?.notes.contains(.plan(1_772_953_200)) == true)
        #expect(!drifted.calendarDisagrees)
    }

    /// The expansion budget follows the schedule: at least the default, else twice every slot
    /// of every day of the expanded window (the window and two days before, three after), every
    /// N hours counting 24/N + 1 a day.
    @Test func theExpansionBudgetGrowsWithTheSchedule() {
        let day = LocalDate(year: 2027, month: 1, day: 1)!
        let small = DoseChecker(schedule: Self.schedule(), from: day, to: day.adding(days: 30))
        #expect(small.expansionBudget.instances == 1_000_000)
        let slots = (0..<6).map { DoseSlot(id: "s\($0)", time: LocalTime(hour: 6 + 2 * $0, minute: 0)!) }
        var meds = (0..<10_000).map { i in Medication(id: "m\(i)", name: "M", times: slots, start: day) }
        meds.append(
            Medication(
                id: "h", name: "H", times: [slots[0]], recurrence: .everyNHours(8), start: day, timePolicy: .fixedInterval))
        let big = DoseChecker(
            schedule: Schedule(home: Zone("America/New_York")!, medications: meds), from: day,
            to: LocalDate(year: 2027, month: 12, day: 31)!)
        // 365 days and 5 of margin: 370 days.
        #expect(big.expansionBudget.instances == 2 * (10_000 * 6 * 370 + 4 * 370))
    }
}
