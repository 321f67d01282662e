import DoseCal
import Testing

/// The worked examples of docs/time-semantics.md §2, as the wall-clock engine and the other
/// channels must give them. Instants are literal (seconds since 1970 from RFC 3339 values).
@Suite struct TimeSemanticsTests {
    static func schedule(_ zone: String, _ times: [String], start: String = "2026-03-01") -> Schedule {
        let slots = times.enumerated().map { DoseSlot(id: "s\($0.offset)", time: LocalTime(parsing: $0.element)!) }
        let m = Medication(id: "m", name: "M", times: slots, recurrence: .daily, start: LocalDate(parsing: start)!)
        return Schedule(home: Zone(zone)!, medications: [m])
    }

    static func instants(_ s: Schedule, _ from: String, _ to: String, _ policy: GapPolicy = .shift) -> [String] {
        WallClockEngine(schedule: s).occurrences(from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!, gapPolicy: policy)
            .map { LocalDateTime(secondsSinceEpoch: $0.instant).description + "Z" }
    }

    @Test func gapTimeFiresWithTheOffsetBeforeTheGap() {
        // 02:30 does not exist in New York on 2026-03-08: RFC 5545 reads it as 03:30 EDT.
        let s = Self.schedule("America/New_York", ["02:30"])
        #expect(
            Self.instants(s, "2026-03-07", "2026-03-09") == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z",
            ])
    }

    @Test func overlapTimeFiresOnceAtTheFirstOccurrence() {
        let s = Self.schedule("America/New_York", ["01:30"], start: "2026-10-01")
        #expect(
            Self.instants(s, "2026-10-31", "2026-11-02") == [
                "2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z",
            ])
    }

    @Test func rfcExamplesOf2007() {
        #expect(
            Self.instants(Self.schedule("America/New_York", ["02:30"], start: "2007-03-11"), "2007-03-11", "2007-03-11") == [
                "2007-03-11T07:30:00Z"
            ])
        #expect(
            Self.instants(Self.schedule("America/New_York", ["01:30"], start: "2007-11-04"), "2007-11-04", "2007-11-04") == [
                "2007-11-04T05:30:00Z"
            ])
    }

    @Test func gapPoliciesNextAndSkip() {
        let s = Self.schedule("America/New_York", ["02:30"])
        #expect(Self.instants(s, "2026-03-08", "2026-03-08", .next) == ["2026-03-08T07:00:00Z"])
        #expect(Self.instants(s, "2026-03-08", "2026-03-08", .skip) == [])
        #expect(Self.instants(s, "2026-03-09", "2026-03-09", .skip) == ["2026-03-09T06:30:00Z"])
        // Lord Howe moves by 30 minutes: 02:15 on 2026-10-04 does not exist; the gap ends at 02:30 +11.
        let lh = Self.schedule("Australia/Lord_Howe", ["02:15"], start: "2026-10-01")
        #expect(Self.instants(lh, "2026-10-04", "2026-10-04", .shift) == ["2026-10-03T15:45:00Z"])
        #expect(Self.instants(lh, "2026-10-04", "2026-10-04", .next) == ["2026-10-03T15:30:00Z"])
    }

    @Test func iosRepeatingTriggerFiresAtTheEndOfTheGap() {
        let ny = "America/New_York"
        // Foundation's .nextTime: 07:00Z on the gap day, the RFC reading elsewhere.
        #expect(
            RepeatingTrigger.fire(at: LocalTime(hour: 2, minute: 30)!, on: LocalDate(year: 2026, month: 3, day: 8)!, zoneID: ny)
                == 1_772_953_200)
        #expect(
            RepeatingTrigger.fire(at: LocalTime(hour: 2, minute: 30)!, on: LocalDate(year: 2026, month: 3, day: 9)!, zoneID: ny)
                == 1_773_037_800)
        // Overlap: the first 01:30 (EDT, 05:30Z).
        #expect(
            RepeatingTrigger.fire(at: LocalTime(hour: 1, minute: 30)!, on: LocalDate(year: 2026, month: 11, day: 1)!, zoneID: ny)
                == 1_793_511_000)
    }

    @Test func fixedIntervalKeepsTheUTCTimeAndThePersonsWeekdays() {
        // Mondays 22:00 New York, fixed interval: Tuesday 03:00Z in winter, still 03:00Z in summer
        // (23:00 EDT on Monday).
        let m = Medication(
            id: "m", name: "M", times: [DoseSlot(id: "s", time: LocalTime(hour: 22, minute: 0)!)],
            recurrence: .weekly(weekdays: [.monday], interval: 1), start: LocalDate(year: 2026, month: 3, day: 2)!,
            timePolicy: .fixedInterval)
        let s = Schedule(home: Zone("America/New_York")!, medications: [m])
        #expect(
            Self.instants(s, "2026-03-02", "2026-03-16") == [
                "2026-03-03T03:00:00Z", "2026-03-10T03:00:00Z", "2026-03-17T03:00:00Z",
            ])
    }
}
