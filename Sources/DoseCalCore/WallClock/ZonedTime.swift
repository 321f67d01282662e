public import CalendarTime

/// An instant as a person reads it: the local date and time in a zone, and the zone's name.
///
/// The one place dosecal's text output writes times: `2026-12-04 08:00 America/Chicago`, or
/// without the zone where a heading already names it (`text(besides:)`), and the local RFC 3339
/// form with the offset for machine-read text and JSON (`rfc3339`).
public struct ZonedTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Int
    /// The zone the instant is read in.
    public var zone: Zone

    public init(_ instant: Int, in zone: Zone) {
        self.instant = instant
        self.zone = zone
    }

    /// The wall-clock date and time.
    public var local: LocalDateTime { zone.local(at: instant) }

    /// The local date.
    public var date: LocalDate { local.date }

    /// `08:00`: hour and minute (seconds are left out).
    public var clock: String { "\(pad(local.time.hour, 2)):\(pad(local.time.minute, 2))" }

    /// `2026-12-04 08:00`.
    public var dateAndClock: String { "\(local.date) \(clock)" }

    /// `2026-12-04 08:00 America/Chicago`.
    public var description: String { "\(dateAndClock) \(zone.identifier)" }

    /// `2026-12-04 08:00`, with ` America/Chicago` when the zone is not `context` (the zone a
    /// heading already named).
    public func text(besides context: Zone?) -> String { zone == context ? dateAndClock : description }

    /// `08:00`, with ` Asia/Tokyo` when the zone is not `context`.
    public func clock(besides context: Zone?) -> String { zone == context ? clock : "\(clock) \(zone.identifier)" }

    /// `2026-12-04T08:00:00-06:00` (`Z` when the offset is zero): RFC 3339 with the zone's offset.
    public var rfc3339: String { RFC3339.text(instant, offset: zone.offset(at: instant)) }

    public static func < (a: ZonedTime, b: ZonedTime) -> Bool { a.instant < b.instant }
}
