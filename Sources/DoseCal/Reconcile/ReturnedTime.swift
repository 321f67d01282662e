public import ICal

/// A date or date-time from a returned calendar, normalised so that equal moments compare equal
/// however the client wrote them (TZID, UTC, `TZID=UTC`, Windows or prefixed zone names).
public enum ReturnedTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// An instant, seconds since 1970-01-01T00:00:00Z: UTC values, and zoned or floating values
    /// whose zone is known (IANA, after `ZoneName`), resolved by RFC 5545 §3.3.5.
    case instant(Int)
    /// A `VALUE=DATE` value, or any value on an all-day series: matches occurrences by date.
    case date(LocalDate)
    /// A wall-clock time whose zone is not known here: floating with no default zone, or a TZID
    /// only the file's VTIMEZONE defines (`Customized Time Zone`). Resolved by the caller.
    case local(LocalDateTime, tzid: String?)

    /// Reads `value` in the context of its series.
    ///
    /// - Parameters:
    ///   - floatingZone: the zone a floating value is in (the series' zone, else X-WR-TIMEZONE).
    ///   - allDay: the series is all-day: a date-time names the date it falls on (Exchange writes
    ///     local midnight with a TZID; a UTC value is read in `floatingZone` when there is one,
    ///     else as the date of the nearest midnight).
    public init(_ value: DateTimeValue, floatingZone: String? = nil, allDay: Bool = false) {
        var zones = ZoneNames()
        self.init(value, floatingZone: floatingZone, allDay: allDay, zones: &zones)
    }

    /// `init(_:floatingZone:allDay:)`, a TZID's IANA name looked up in `zones` (a calendar's
    /// events name a few TZIDs thousands of times).
    init(_ value: DateTimeValue, floatingZone: String?, allDay: Bool, zones: inout ZoneNames) {
        switch value {
        case .date(let d):
            self = .date(d)
        case .utc(let t):
            if allDay, let zone = floatingZone.flatMap({ Zone($0) }) {
                self = .date(zone.local(at: t.secondsSinceEpoch).date)
            } else {
                // The nearest midnight: clients write a local midnight in UTC.
                self = allDay ? .date(t.adding(seconds: 12 * 3600).date) : .instant(t.secondsSinceEpoch)
            }
        case .zoned(let t, let tzid):
            if allDay {
                self = .date(t.date)
            } else if let zone = zones.identifier(for: tzid).flatMap({ Zone($0) }) {
                self = .instant(ZoneResolver.resolve(t, in: zone).instant)
            } else {
                self = .local(t, tzid: tzid)
            }
        case .floating(let t):
            if allDay {
                self = .date(t.date)
            } else if let zone = floatingZone.flatMap({ Zone($0) }) {
                self = .instant(ZoneResolver.resolve(t, in: zone).instant)
            } else {
                self = .local(t, tzid: nil)
            }
        }
    }

    /// `2026-12-03T13:00:00Z`, `2026-12-03`, `2026-12-03T08:00:00 Customized Time Zone`.
    public var description: String {
        switch self {
        case .instant(let s): return RFC3339.utc(s)
        case .date(let d): return d.description
        case .local(let t, let tzid): return tzid.map { "\(t) \($0)" } ?? t.description
        }
    }

    /// Where a series without a start sorts: before every time a calendar can hold (0001-01-01).
    static let unknownStart = ReturnedTime.date(LocalDate(daysSinceEpoch: -719_162))

    /// Approximate position in time (local values read as UTC), then the case: a total order
    /// for deterministic output.
    var sortKey: (Int, Int) {
        switch self {
        case .instant(let s): return (s, 0)
        case .date(let d): return (d.daysSinceEpoch * 86_400, 1)
        case .local(let t, _): return (t.secondsSinceEpoch, 2)
        }
    }

    public static func < (a: ReturnedTime, b: ReturnedTime) -> Bool {
        a.sortKey != b.sortKey ? a.sortKey < b.sortKey : a.description < b.description
    }
}
