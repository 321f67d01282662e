import DoseCal
import Foundation
import Testing

/// The family's week in Tokyo (fixtures/schedules/travel-spacing.json and its gradual variant):
/// on the wall clock `check` fails on the flight days; moving gradually every dose is spaced and
/// the feed, the plan and libical fire it where the schedule says. Literal instants (UTC).
@Suite struct TravelSpacingFixtureTests {
    static func report(_ name: String) throws -> CheckReport {
        let s = try Fixtures.schedule(name)
        let checker = DoseChecker(
            schedule: s, from: LocalDate(year: 2026, month: 12, day: 1)!, to: LocalDate(year: 2026, month: 12, day: 20)!)
        let calendar = CheckedCalendar.feed(of: s, now: Fixtures.now)
        return CalendarCheck(checker: checker, foundationZoneData: "test").run(calendar).0
    }

    @Test func onTheWallClockTheFlightDaysAreReported() throws {
        let report = try Self.report("travel-spacing.json")
        #expect(report.doses.count == 96 && report.count(.ok) == 96)
        #expect(report.hasProblems)
        #expect(
            report.spacing.map {
                "\($0.medicationID) \(RFC3339.utc($0.first.instant)) \(RFC3339.utc($0.second.instant)) \($0.kind.rawValue)"
            } == [
                "amoxicillin 2026-12-04T20:00:00Z 2026-12-04T22:00:00Z tooClose",  // 14:00 CST, 07:00 JST
                "prednisolone 2026-12-04T14:00:00Z 2026-12-04T23:00:00Z tooClose",  // 08:00 CST, 08:00 JST
                "amoxicillin 2026-12-05T03:00:00Z 2026-12-05T05:00:00Z tooClose",  // 21:00 CST, 14:00 JST
                "pill 2026-12-05T04:00:00Z 2026-12-05T13:00:00Z tooClose",  // 22:00 CST, 22:00 JST
                "amoxicillin 2026-12-11T12:00:00Z 2026-12-12T13:00:00Z tooFarApart",  // 21:00 JST, 07:00 CST
                "prednisolone 2026-12-10T23:00:00Z 2026-12-12T14:00:00Z tooFarApart",  // 08:00 JST, 08:00 CST
                "pill 2026-12-11T13:00:00Z 2026-12-13T04:00:00Z tooFarApart",  // 22:00 JST, 22:00 CST
            ])
        #expect(report.spacing.allSatisfy { $0.causes == [.travel] })
    }

    @Test func movingGraduallyNothingIsCompressed() throws {
        let report = try Self.report("travel-spacing-gradual.json")
        #expect(report.doses.count == 96 && report.count(.ok) == 96)
        #expect(report.spacing.isEmpty && !report.hasProblems)
        #expect(report.doses.allSatisfy { $0.notes.allSatisfy { if case .homeZone = $0 { true } else { false } } })
        func instants(_ medication: String, _ days: ClosedRange<Int>) -> [String] {
            report.doses.filter { $0.medicationID == medication && days.contains($0.day!.day) }.map { RFC3339.utc($0.expected!) }
        }
        #expect(
            instants("amoxicillin", 4...6) == [
                "2026-12-04T13:00:00Z", "2026-12-04T20:00:00Z", "2026-12-05T03:00:00Z",  // 07:00, 14:00, 21:00 CST
                "2026-12-05T11:00:00Z", "2026-12-05T18:00:00Z", "2026-12-06T01:00:00Z",  // at UTC-4
                "2026-12-06T09:00:00Z", "2026-12-06T16:00:00Z", "2026-12-06T23:00:00Z",  // at UTC-2
            ])
        #expect(
            instants("amoxicillin", 11...12) == [
                "2026-12-10T23:00:00Z", "2026-12-11T06:00:00Z", "2026-12-11T13:00:00Z",  // at UTC+8
                "2026-12-12T01:00:00Z", "2026-12-12T08:00:00Z", "2026-12-12T15:00:00Z",  // back home at UTC+6
            ])
        #expect(instants("prednisolone", 17...18) == ["2026-12-17T12:00:00Z", "2026-12-18T14:00:00Z"])  // UTC-4, then CST
        // Weekly: 14 of the 15 hours in the first week (21:00 JST), home again the next.
        #expect(instants("methotrexate", 1...20) == ["2026-12-05T02:00:00Z", "2026-12-11T12:00:00Z", "2026-12-19T02:00:00Z"])
    }
}
