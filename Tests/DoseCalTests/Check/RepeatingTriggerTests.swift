import Foundation
import ICal
import Testing

@testable import DoseCal

/// What Foundation's repeating-trigger model (`Calendar.nextDate(after:matching:matchingPolicy:
/// .nextTime)`, the model of `UNCalendarNotificationTrigger` with hour and minute) gives in a
/// DST gap: the end of the gap when the whole hour is missing, but no time at all that day when
/// only part of the hour is missing (Lord Howe's 30-minute change): it matches the next day.
@Suite struct RepeatingTriggerTests {
    static let lordHowe = "Australia/Lord_Howe"
    static let changeDay = LocalDate(year: 2026, month: 10, day: 4)!

    /// Foundation's answer for hour:minute after 2026-10-04 00:00 LHST (2026-10-03T13:30:00Z).
    static func foundationNext(hour: Int, minute: Int) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: lordHowe)!
        let after = Date(timeIntervalSince1970: 1_791_034_200 - 1)
        let next = calendar.nextDate(
            after: after, matching: DateComponents(hour: hour, minute: minute), matchingPolicy: .nextTime)
        return next.map { Int($0.timeIntervalSince1970) }
    }

    @Test func lordHoweHalfHourGapMatchesTheNextDay() {
        // 02:00 and 02:15 do not exist on 2026-10-04 (02:00 LHST -> 02:30 LHDT). Foundation
        // answers 02:00 and 02:15 LHDT on 2026-10-05: 2026-10-04T15:00:00Z and T15:15:00Z.
        #expect(Self.foundationNext(hour: 2, minute: 0) == 1_791_126_000)
        #expect(Self.foundationNext(hour: 2, minute: 15) == 1_791_126_900)
        // 02:30 exists (the first LHDT minute): 2026-10-03T15:30:00Z.
        #expect(Self.foundationNext(hour: 2, minute: 30) == 1_791_041_400)
        // So the channel says: no reminder on the change day for 02:00 and 02:15.
        for minute in [0, 15] {
            #expect(
                RepeatingTrigger.fire(at: LocalTime(hour: 2, minute: minute)!, on: Self.changeDay, zoneID: Self.lordHowe) == nil)
        }
        #expect(
            RepeatingTrigger.fire(at: LocalTime(hour: 2, minute: 45)!, on: Self.changeDay, zoneID: Self.lordHowe)
                == 1_791_042_300)
    }

    @Test func newYorkWholeHourGapFiresAtItsEnd() {
        // 02:30 on 2027-03-14 does not exist; the trigger fires at 03:00 EDT, 2027-03-14T07:00:00Z.
        let day = LocalDate(year: 2027, month: 3, day: 14)!
        #expect(RepeatingTrigger.fire(at: LocalTime(hour: 2, minute: 30)!, on: day, zoneID: "America/New_York") == 1_805_007_600)
    }

    @Test func unknownZoneNeverFires() {
        #expect(RepeatingTrigger.fire(at: LocalTime(hour: 8, minute: 0)!, on: Self.changeDay, zoneID: "Mars/Base") == nil)
    }
}
