public import CalendarTime

/// When a local notification fires, in the terms of Apple's `UNCalendarNotificationTrigger`
/// (date components matched in the device's calendar).
public enum NotificationTrigger: Sendable, Equatable {
    /// `repeats: true` with hour and minute (and a weekday for weekly doses), matched in the
    /// device's zone with Foundation's `.nextTime` policy: in a DST gap it fires at the gap's end.
    case repeating(hour: Int, minute: Int, weekday: Weekday?)
    /// `repeats: false` with year, month, day, hour and minute. `zone` is the `timeZone` of the
    /// components: "UTC" for an instant; nil for floating doses (the device's zone).
    case once(LocalDateTime, zone: String?)

    /// Whether the trigger repeats.
    public var repeats: Bool {
        if case .repeating = self { return true }
        return false
    }
}

extension Zone {
    /// Where a repeating calendar trigger for `local` fires on that date under Foundation's
    /// `.nextTime` policy: a time that exists once, its instant; a repeated time, the first
    /// (as RFC 5545 §3.3.5); a time in a DST gap, the gap's end (02:30 on a spring-forward night
    /// in New York fires at 03:00 EDT, where the calendar says 03:30 EDT).
    public func nextTimeInstant(of local: LocalDateTime) -> Int {
        nextTimeInstant(of: local, resolved: ZoneResolver.resolve(local, in: self))
    }

    /// The same for many local times in a row, resolved through `steady` (a resolver of this
    /// zone, which remembers the zone's last stretch of one offset).
    public func nextTimeInstant(of local: LocalDateTime, through steady: inout ZoneResolver.Steady) -> Int {
        nextTimeInstant(of: local, resolved: steady.resolve(floating: local.secondsSinceEpoch))
    }

    private func nextTimeInstant(of local: LocalDateTime, resolved: ZoneResolver.Resolution) -> Int {
        GapPolicy.next.instant(resolved.instant, kind: resolved.kind, local: local, in: self) ?? resolved.instant
    }
}
