import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// An every-N-hours medication with taper steps: a step that changes the slot's time starts a new
/// chain at that time; a step of another dose keeps the chain. The feed agrees with the engine.
@Suite struct EveryNHoursStretchTests {
    typealias E = ReminderExamples

    func instants(_ m: Medication, from: String, to: String) -> [Int] {
        WallClockEngine(schedule: E.schedule([m])).occurrences(from: E.day(from), to: E.day(to)).map(\.instant)
    }

    /// The feed's doses over the same days, expanded from its text.
    func feedInstants(_ m: Medication, from: String, to: String) throws -> [Int] {
        let schedule = E.schedule([m])
        let text = FeedBuilder(schedule: schedule, now: E.instant("2026-03-01T00:00:00Z")).build().serialized()
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        let start = E.instant(from + "T00:00:00-05:00")
        let end = E.instant(to + "T23:59:59-05:00")
        let doses = calendar.series.compactMap(\.master).filter { $0.rule != nil }
        return CalendarExpander(components: calendar.timezones + doses.map(\.component), viewerZone: schedule.home)
            .expand(from: start, to: end + 1).instances.map(\.start).sorted()
    }

    /// 07:00 every 8 hours, from 2026-03-03 at 07:30: the 23:00 dose of 03-02 is the old chain's
    /// last, 07:30 EST (12:30Z) the new chain's first.
    @Test func aStepWithTimesStartsTheChainAgain() throws {
        let m = E.medication(
            "a", times: ["07:00"], recurrence: .everyNHours(8), start: "2026-03-01",
            taper: [
                TaperStep(from: E.day("2026-03-01")),
                TaperStep(from: E.day("2026-03-03"), times: [DoseSlot(id: "0700", time: E.time("07:30"))]),
            ])
        let doses = instants(m, from: "2026-03-02", to: "2026-03-03")
        #expect(
            doses
                == [
                    "2026-03-02T12:00:00Z", "2026-03-02T20:00:00Z", "2026-03-03T04:00:00Z", "2026-03-03T12:30:00Z",
                    "2026-03-03T20:30:00Z", "2026-03-04T04:30:00Z",
                ].map(E.instant))
        #expect(try feedInstants(m, from: "2026-03-02", to: "2026-03-03") == doses)
    }

    /// Every 5 hours (not a divisor of 24): a step that changes only the dose keeps the chain;
    /// the feed's series for the step starts at the chain's first dose on 2026-03-03.
    @Test func aStepOfAnotherDoseKeepsTheChain() throws {
        let m = E.medication(
            "a", times: ["07:00"], recurrence: .everyNHours(5), start: "2026-03-01",
            taper: [TaperStep(from: E.day("2026-03-01")), TaperStep(from: E.day("2026-03-03"), pillsPerDose: 2)])
        let doses = instants(m, from: "2026-03-02", to: "2026-03-03")
        // 03-01 07:00 EST + 5 h steps: 03-02 at 03:00, 08:00, 13:00, 18:00, 23:00 EST; 03-03 at
        // 04:00, 09:00, 14:00, 19:00 EST, without a break at the step.
        #expect(
            doses
                == [
                    "2026-03-02T08:00:00Z", "2026-03-02T13:00:00Z", "2026-03-02T18:00:00Z", "2026-03-02T23:00:00Z",
                    "2026-03-03T04:00:00Z", "2026-03-03T09:00:00Z", "2026-03-03T14:00:00Z", "2026-03-03T19:00:00Z",
                    "2026-03-04T00:00:00Z",
                ].map(E.instant))
        #expect(try feedInstants(m, from: "2026-03-02", to: "2026-03-03") == doses)
    }
}
