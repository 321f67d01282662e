import Foundation
public import ICal

/// What an iOS or macOS repeating calendar trigger does: `UNCalendarNotificationTrigger` with
/// hour and minute (and weekday) components fires at Foundation's
/// `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)`, which on a spring-forward
/// night gives the first time after the gap (02:30 -> 03:00), not the RFC 5545 reading (03:30),
/// when the whole hour is missing. When only part of the hour is missing (Lord Howe's 30-minute
/// change, 02:00 -> 02:30) it finds the hour, no such minute in it, and matches the next day:
/// no reminder on the change day for 02:00-02:29 (`RepeatingTriggerTests`).
public enum RepeatingTrigger {
    /// The instant a repeating trigger for `time` in `zoneID` fires on `date`; nil if it does not
    /// fire that day (or the zone is unknown).
    public static func fire(at time: WallTime, on date: LocalDate, zoneID: String) -> Int? {
        guard let timeZone = TimeZone(identifier: zoneID), let zone = Zone(zoneID) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midnight = ZoneResolver.resolve(LocalDateTime(date: date, time: WallTime(hour: 0, minute: 0)!), in: zone).instant
        let after = Date(timeIntervalSince1970: TimeInterval(midnight - 1))
        let components = DateComponents(hour: time.hour, minute: time.minute)
        guard let next = calendar.nextDate(after: after, matching: components, matchingPolicy: .nextTime) else { return nil }
        let instant = Int(next.timeIntervalSince1970)
        return zone.local(at: instant).date == date ? instant : nil
    }
}
