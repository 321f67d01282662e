/// What `ZoneResolver` needs from a time zone: the UTC offset in force at each instant.
///
/// Two kinds conform: `Zone` (the IANA database Foundation carries) and `CalendarZone` (the
/// VTIMEZONE a calendar carries itself). Instants are whole seconds since 1970-01-01T00:00:00Z.
public protocol ZoneRules: Sendable {
    /// The name the zone is known by: an IANA identifier or a VTIMEZONE's TZID as written.
    var identifier: String { get }
    /// UTC offset in seconds at `instant`.
    func offset(at instant: Int) -> Int
    /// The offset at `instant` and a span around it over which `offset(at:)` gives that same
    /// offset, or nil when the zone does not know one (`ZoneResolver.Steady` then asks each time).
    func steadyOffset(at instant: Int) -> SteadyOffset?
}

/// A UTC offset and a span of instants over which a zone keeps it.
public struct SteadyOffset: Sendable, Hashable {
    public var offset: Int
    public var span: Range<Int>

    public init(offset: Int, span: Range<Int>) {
        self.offset = offset
        self.span = span
    }
}

extension ZoneRules {
    /// No span known: every lookup asks `offset(at:)`.
    public func steadyOffset(at instant: Int) -> SteadyOffset? { nil }

    /// The local wall-clock time at `instant`.
    public func wallClock(at instant: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant + offset(at: instant))
    }
}

extension Zone: ZoneRules {
    public func steadyOffset(at instant: Int) -> SteadyOffset? { table.steadyOffset(at: instant) }
}
