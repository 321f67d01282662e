/// What `ZoneResolver` needs from a time zone: the UTC offset in force at each instant.
///
/// Two kinds conform: `Zone` (the IANA database Foundation carries) and `CalendarZone` (the
/// VTIMEZONE a calendar carries itself). Instants are whole seconds since 1970-01-01T00:00:00Z.
public protocol ZoneRules: Sendable {
    /// The name the zone is known by: an IANA identifier or a VTIMEZONE's TZID as written.
    var identifier: String { get }
    /// UTC offset in seconds at `instant`.
    func offset(at instant: Int) -> Int
}

extension ZoneRules {
    /// The local wall-clock time at `instant`.
    public func wallClock(at instant: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant + offset(at: instant))
    }
}

extension Zone: ZoneRules {}
