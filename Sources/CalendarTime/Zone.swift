import Foundation

/// An IANA time zone as the library uses it: UTC offsets at instants and the transitions
/// between them, from the IANA database that Foundation carries.
///
/// Instants are whole seconds since 1970-01-01T00:00:00Z throughout.
public struct Zone: Sendable, Hashable {
    public let identifier: String
    let timeZone: TimeZone

    /// nil when `identifier` is not a zone Foundation knows.
    public init?(_ identifier: String) {
        guard let tz = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = tz
    }

    public static let utc = Zone("UTC")!

    /// UTC offset in seconds at `instant`.
    public func offset(at instant: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// Whether daylight-saving time is in effect at `instant`.
    public func isDaylight(at instant: Int) -> Bool {
        timeZone.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The local wall-clock time at `instant`.
    public func local(at instant: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant + offset(at: instant))
    }

    /// A change of UTC offset.
    public struct Transition: Sendable, Hashable {
        /// First instant with the new offset.
        public var instant: Int
        public var offsetFrom: Int
        public var offsetTo: Int
        public var isDaylight: Bool
        /// Local wall-clock time of the transition in the old offset (the VTIMEZONE DTSTART form).

        public init(instant: Int, offsetFrom: Int, offsetTo: Int, isDaylight: Bool) {
            self.instant = instant
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            self.isDaylight = isDaylight
        }

        public var localStart: LocalDateTime { LocalDateTime(secondsSinceEpoch: instant + offsetFrom) }
    }

    /// Offset changes with `from <= instant < to`, found by sampling every 6 hours and bisecting
    /// to the second (no zone changes its offset twice within 6 hours).
    public func transitions(from: Int, to: Int) -> [Transition] {
        var result: [Transition] = []
        let step = 6 * 3600
        var t = from
        var current = offset(at: t)
        while t < to {
            let next = min(t + step, to)
            let o = offset(at: next)
            if o != current {
                var lo = t
                var hi = next  // offset(lo) == current, offset(hi) != current
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if offset(at: mid) == current { lo = mid } else { hi = mid }
                }
                let newOffset = offset(at: hi)
                result.append(Transition(instant: hi, offsetFrom: current, offsetTo: newOffset, isDaylight: isDaylight(at: hi)))
                current = newOffset
                t = hi
                continue
            }
            t = next
        }
        return result
    }

    /// The version of the IANA zone data Foundation uses (e.g. "2025b").
    public static var dataVersion: String { TimeZone.timeZoneDataVersion }
}
