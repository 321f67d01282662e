import DoseCal
import Foundation
import Testing

/// `check`'s spacing (decision 0230): every pair of consecutive doses of one medication closer
/// together or further apart than its spacing allows, with literal instants (RFC 3339, UTC).
@Suite struct SpacingCheckTests {
    static func medication(
        _ id: String = "m", times: [String], recurrence: Recurrence = .daily, start: String = "2026-11-20",
        policy: TimePolicy = .wallClock, spacing: Spacing? = nil
    ) -> Medication {
        Medication(
            id: id, name: id.capitalized,
            times: times.enumerated().map {
                DoseSlot(id: ["morning", "afternoon", "night"][$0.offset], time: LocalTime(parsing: $0.element)!)
            },
            recurrence: recurrence, start: LocalDate(parsing: start)!, timePolicy: policy, spacing: spacing)
    }

    static func problems(
        _ medications: [Medication], home: String = "America/Chicago", stops: [(String, String)] = [], from: String, to: String
    ) -> [SpacingProblem] {
        let itinerary = stops.map { ItineraryStop(from: LocalDate(parsing: $0.0)!, zone: Zone($0.1)!) }
        let s = Schedule(version: 2, home: Zone(home)!, medications: medications, itinerary: itinerary)
        let checker = DoseChecker(schedule: s, from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!)
        return checker.check(calendar: [:]).spacing
    }

    /// "first slot -> second slot: first instant -> second instant kind causes".
    static func lines(_ problems: [SpacingProblem]) -> [String] {
        problems.map {
            "\($0.medicationID) \($0.first.slotID)->\($0.second.slotID) \(RFC3339.utc($0.first.instant))->\(RFC3339.utc($0.second.instant)) "
                + "\($0.kind.rawValue) \($0.causes.map(\.rawValue).joined(separator: ","))"
        }
    }

    static let tokyoWeek = [("2026-12-05", "Asia/Tokyo"), ("2026-12-12", "America/Chicago")]

    /// Chicago to Tokyo (east, 15 hours) on the wall clock: on the flight day the doses of three
    /// times a day come 2 hours apart (at least 3 h 30 min, half the shortest planned gap of 7 h),
    /// once a day 9 hours apart (at least 12); back west, 25 and 39 hours apart (at most 13 h 30 min
    /// after the 10 h planned overnight, 36 h after 24 h).
    @Test func theFlightDaysBothWays() {
        let found = Self.problems(
            [Self.medication("amoxicillin", times: ["07:00", "14:00", "21:00"]), Self.medication("pill", times: ["22:00"])],
            stops: Self.tokyoWeek, from: "2026-12-01", to: "2026-12-20")
        #expect(
            Self.lines(found) == [
                "amoxicillin afternoon->morning 2026-12-04T20:00:00Z->2026-12-04T22:00:00Z tooClose travel",
                "amoxicillin night->afternoon 2026-12-05T03:00:00Z->2026-12-05T05:00:00Z tooClose travel",
                "pill morning->morning 2026-12-05T04:00:00Z->2026-12-05T13:00:00Z tooClose travel",
                "amoxicillin night->morning 2026-12-11T12:00:00Z->2026-12-12T13:00:00Z tooFarApart travel",
                "pill morning->morning 2026-12-11T13:00:00Z->2026-12-13T04:00:00Z tooFarApart travel",
            ])
        #expect(found[0].allowed == Spacing(minimum: 12_600, maximum: 73_800))  // 3.5 h; 14:00 to 07:00 planned + 3.5 h
        #expect(found[0].spacing.shortestPlannedGap == 25_200)
        #expect(found[3].plannedGap == 36_000 && found[3].allowed.maximum == 48_600)  // 10 h + 3.5 h
        #expect(found[4].gap == 140_400 && found[4].allowed == Spacing(minimum: 43_200, maximum: 129_600))
    }

    /// The same medications moving gradually, 2 hours a day: nothing to report either way.
    @Test func theGradualPolicyKeepsTheSpacing() {
        let gradual = TimePolicy.gradual(maxShiftMinutes: 120)
        let found = Self.problems(
            [
                Self.medication("amoxicillin", times: ["07:00", "14:00", "21:00"], policy: gradual),
                Self.medication("pill", times: ["22:00"], policy: gradual),
            ], stops: Self.tokyoWeek, from: "2026-12-01", to: "2026-12-20")
        #expect(found.isEmpty)
    }

    /// Moving 8 hours a day is too fast for doses 12 hours apart (at least 6 h): the night's gap is 4 h.
    @Test func aGradualMoveTooFastForTheSpacing() {
        let found = Self.problems(
            [Self.medication(times: ["08:00", "20:00"], policy: .gradual(maxShiftMinutes: 480))],
            stops: [("2026-12-05", "Asia/Tokyo")], from: "2026-12-05", to: "2026-12-05")
        #expect(
            Self.lines(found) == ["m afternoon->morning 2026-12-05T02:00:00Z->2026-12-05T06:00:00Z tooClose travel,gradualMove"])
    }

    /// A declared 24 hours exactly, across New York's daylight-saving changes: 23 hours on the
    /// spring day, 25 on the autumn one.
    @Test func daylightSavingChanges() {
        let exactly = Spacing(minimum: 86_400, maximum: 86_400)
        let spring = Self.problems(
            [Self.medication(times: ["08:00"], start: "2027-03-01", spacing: exactly)], home: "America/New_York",
            from: "2027-03-10", to: "2027-03-20")
        #expect(Self.lines(spring) == ["m morning->morning 2027-03-13T13:00:00Z->2027-03-14T12:00:00Z tooClose clockChange"])
        let autumn = Self.problems(
            [Self.medication(times: ["08:00"], start: "2026-10-01", spacing: exactly)], home: "America/New_York",
            from: "2026-10-25", to: "2026-11-05")
        #expect(Self.lines(autumn) == ["m morning->morning 2026-10-31T12:00:00Z->2026-11-01T13:00:00Z tooFarApart clockChange"])
        // The default (12 to 36 hours) allows both.
        #expect(
            Self.problems(
                [Self.medication(times: ["08:00"], start: "2027-03-01")], home: "America/New_York", from: "2027-03-10",
                to: "2027-03-20"
            ).isEmpty)
    }

    /// A once-daily dose rescheduled from 08:00 to 21:00 on 2026-12-03: 37 hours after the one
    /// before (at most 36), 11 hours before the next (at least 12).
    @Test func aRescheduledDose() {
        var m = Self.medication(times: ["08:00"], start: "2026-11-20")
        m.rescheduled = [
            RescheduledDose(slot: "morning", date: LocalDate(parsing: "2026-12-03")!, time: LocalTime(parsing: "21:00")!)
        ]
        #expect(
            Self.lines(Self.problems([m], from: "2026-12-01", to: "2026-12-06")) == [
                "m morning->morning 2026-12-02T14:00:00Z->2026-12-04T03:00:00Z tooFarApart rescheduled",
                "m morning->morning 2026-12-04T03:00:00Z->2026-12-04T14:00:00Z tooClose rescheduled",
            ])
    }

    /// A taper step that moves the evening dose to the next morning leaves 12 hours, less than
    /// the declared 16.
    @Test func aTaperStepThatChangesTheTime() {
        var m = Self.medication(times: ["20:00"], start: "2026-11-20", spacing: Spacing(minimum: 16 * 3600))
        m.taper = [
            TaperStep(from: LocalDate(parsing: "2026-11-20")!),
            TaperStep(
                from: LocalDate(parsing: "2026-12-05")!, times: [DoseSlot(id: "morning", time: LocalTime(parsing: "08:00")!)]),
        ]
        #expect(
            Self.lines(Self.problems([m], from: "2026-12-01", to: "2026-12-10")) == [
                "m morning->morning 2026-12-05T02:00:00Z->2026-12-05T14:00:00Z tooClose taperStep"
            ])
    }

    /// A pair whose first dose is before the window is still found: a weekly dose with a
    /// declared maximum of 6 days, checked on one day.
    @Test func thePairBeforeTheWindow() {
        let m = Self.medication(
            times: ["20:00"], recurrence: .weekly(weekdays: [.friday], interval: 1), start: "2026-11-06",
            spacing: Spacing(minimum: 0, maximum: 6 * 86_400))
        #expect(
            Self.lines(Self.problems([m], from: "2026-12-11", to: "2026-12-11")) == [
                "m morning->morning 2026-12-05T02:00:00Z->2026-12-12T02:00:00Z tooFarApart "
            ])
    }

    /// The defaults: every medication with scheduled doses has one; as-needed medicines keep
    /// their own minimumHours.
    @Test func defaultSpacing() {
        let engine = WallClockEngine(schedule: Schedule(home: .utc, medications: []))
        func shortest(_ m: Medication) -> Int? { engine.spacing(of: m)?.shortestPlannedGap }
        #expect(shortest(Self.medication(times: ["08:00", "14:00", "20:00"])) == 6 * 3600)
        #expect(shortest(Self.medication(times: ["08:00"])) == 24 * 3600)
        #expect(shortest(Self.medication(times: ["08:00"], recurrence: .everyNHours(8))) == 8 * 3600)
        #expect(
            shortest(Self.medication(times: ["20:00"], recurrence: .weekly(weekdays: [.monday, .friday], interval: 1))) == 3
                * 86_400)
        #expect(shortest(Self.medication(times: ["22:00"], recurrence: .cycle(daysOn: 21, daysOff: 7))) == 86_400)
        let asNeeded = Medication(
            id: "i", name: "I", times: [], recurrence: .asNeeded(minimumHours: 6, maxPerDay: nil),
            start: LocalDate(parsing: "2026-11-20")!)
        #expect(engine.spacing(of: asNeeded) == nil)
        let declared = Self.medication(times: ["08:00"], spacing: Spacing(minimum: 3600))
        #expect(engine.spacing(of: declared)?.limits(plannedGap: 86_400) == Spacing(minimum: 3600))
    }
}
