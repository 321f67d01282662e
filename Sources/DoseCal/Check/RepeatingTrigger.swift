import Foundation
public import ICal

/// What an iOS or macOS repeating calendar trigger does: `UNCalendarNotificationTrigger` with
/// hour and minute (and weekday) components fires at Foundation's
/// `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)`, which on a spring-forward
/// night gives the first time after the gap (02:30 -> 03:00), not the RFC 5545 reading (03:30).
///
/// Computed from the zone's offsets where that is Foundation's answer (decision 0068): a time that
/// exists once fires then, one that occurs twice at the first, one in a gap of whole hours that
/// starts on the hour at the gap's end (`GapPolicy.next`). In other gaps (Lord Howe's half hour,
/// Chatham's 02:45) Foundation's hour-then-minute search answers otherwise, so Foundation is
/// asked: it finds the hour, no such minute in it, and matches the next day (no reminder on
/// Lord Howe's change day for 02:00-02:29, `RepeatingTriggerTests`). Tests hold the whole to Foundation day by day in a dozen zones.
public enum RepeatingTrigger {
    /// The instant a repeating trigger for `time` in `zoneID` fires on `date`; nil if it does not
    /// fire that day (or the zone is unknown).
    public static func fire(at time: LocalTime, on date: LocalDate, zoneID: String) -> Int? {
        guard let zone = Zone(zoneID) else { return nil }
        return fire(at: time, on: date, zone: zone)
    }

    /// The same in `zone` as already looked up (Foundation's own answer, where asked, is still
    /// looked up by the zone's identifier).
    public static func fire(at time: LocalTime, on date: LocalDate, zone: Zone) -> Int? {
        let local = LocalDateTime(date: date, time: LocalTime(hour: time.hour, minute: time.minute)!)
        let r = ZoneResolver.resolve(local, in: zone)
        var instant = r.instant
        if case .gap = r.kind {
            let end = GapPolicy.next.instant(r.instant, kind: r.kind, local: local, in: zone) ?? r.instant
            let before = zone.offset(at: end - 1)
            let after = zone.offset(at: end)
            guard (end + before) % 3600 == 0, (after - before) % 3600 == 0 else {
                return foundation(time, date, zone: zone)
            }
            instant = end
        }
        return zone.local(at: instant).date == date ? instant : nil
    }

    /// Whether a trigger in `zone` provably fires at `dose`'s own instant, without working it out:
    /// a dose at a whole minute whose wall time exists once that day in its zone, read from the
    /// same zone table as `zone`, not moved off it (a gradual move). `fire` then resolves the same
    /// wall time with the same offsets to the dose's instant, whose wall time (and so date) reads
    /// back as the dose's.
    static func firesAtDose(_ dose: Occurrence, zone: Zone?) -> Bool {
        // The tables compared in place (no copy of either zone).
        guard let table = zone?.table, dose.zone?.table === table, dose.local.time.second == 0, dose.shift == 0 else {
            return false
        }
        if case .normal = dose.resolution { return true }
        return false
    }

    /// Foundation's own answer: the first match after the day's first instant.
    static func foundation(_ time: LocalTime, _ date: LocalDate, zone: Zone) -> Int? {
        guard let timeZone = TimeZone(identifier: zone.identifier) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midnight = ZoneResolver.resolve(LocalDateTime(date: date, time: LocalTime(hour: 0, minute: 0)!), in: zone).instant
        let after = Date(timeIntervalSince1970: TimeInterval(midnight - 1))
        let components = DateComponents(hour: time.hour, minute: time.minute)
        guard let next = calendar.nextDate(after: after, matching: components, matchingPolicy: .nextTime) else { return nil }
        let instant = Int(next.timeIntervalSince1970)
        return zone.local(at: instant).date == date ? instant : nil
    }
}
