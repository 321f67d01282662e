import Foundation
import ICal
import Testing

@testable import DoseCal

/// `RepeatingTrigger` computes what Foundation's `Calendar.nextDate(after:matching:matchingPolicy:
/// .nextTime)` answers (what an iOS repeating trigger does); here it is held to Foundation itself
/// (`RepeatingTrigger.foundation`, asked for every time, not only where the computation defers),
/// on the days around every offset change of 2026 and 2027 and on ordinary days, at every half hour
/// and at times just inside the gaps.
@Suite struct RepeatingTriggerOffsetTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago",
        "America/Havana", "Asia/Beirut", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia", "America/Mexico_City",
    ]

    @Test(arguments: zones) func agreesWithFoundation(zoneID: String) throws {
        let zone = try #require(Zone(zoneID))
        var days: Set<LocalDate> = [LocalDate(year: 2026, month: 6, day: 15)!, LocalDate(year: 2027, month: 1, day: 20)!]
        for t in zone.transitions(from: 1_767_225_600, to: 1_830_297_600) {
            let d = zone.local(at: t.instant).date
            for k in -1...1 { days.insert(d.adding(days: k)) }
        }
        var times = (0..<48).map { LocalTime(hour: $0 / 2, minute: $0 % 2 * 30)! }
        times += [LocalTime(hour: 0, minute: 15)!, LocalTime(hour: 2, minute: 15)!, LocalTime(hour: 2, minute: 45)!]
        times += [
            LocalTime(hour: 23, minute: 59)!, LocalTime(hour: 3, minute: 15)!, LocalTime(hour: 1, minute: 59)!,
            LocalTime(hour: 2, minute: 50)!, LocalTime(hour: 3, minute: 40)!,
        ]
        for day in days.sorted() {
            for time in times {
                #expect(
                    RepeatingTrigger.fire(at: time, on: day, zoneID: zoneID)
                        == RepeatingTrigger.foundation(time, day, zone: zone),
                    "\(zoneID) \(day) \(time)")
            }
        }
    }
}
