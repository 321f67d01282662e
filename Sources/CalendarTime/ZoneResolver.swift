/// Turns a local wall-clock time in a zone into an instant by RFC 5545 §3.3.5:
/// a time that occurs twice means the first occurrence; a time that does not exist is read with
/// the UTC offset from before the gap (02:30 on a spring-forward night in New York is 03:30 EDT).
public enum ZoneResolver {
    /// How a local time met the zone's transitions.
    public enum Kind: Sendable, Hashable {
        /// The local time exists once.
        case normal
        /// The local time does not exist; the instant is read with the offset before the gap, so
        /// its wall-clock reading is `shiftedTo`.
        case gap(shiftedTo: LocalDateTime)
        /// The local time occurs twice; the instant is the first, `secondInstant` the other.
        case overlap(secondInstant: Int)
    }

    public struct Resolution: Sendable, Hashable {
        public var instant: Int
        public var kind: Kind
    }

    /// The RFC 5545 instant of `local` in `zone`.
    public static func resolve(_ local: LocalDateTime, in zone: some ZoneRules) -> Resolution {
        resolve(floating: local.secondsSinceEpoch, in: zone)
    }

    /// The RFC 5545 instant of the local time `l` (floating seconds) in `zone`.
    public static func resolve(floating l: Int, in zone: some ZoneRules) -> Resolution {
        let before = zone.offset(at: l - 86_400)
        let after = zone.offset(at: l + 86_400)
        // The offsets in force a day either side, larger first (its instant is the earlier):
        // each that reads `local` back is a candidate. No allocation: this is the hot path.
        var first: Int? = nil
        var second: Int? = nil
        let larger = max(before, after)
        let smaller = min(before, after)
        if zone.offset(at: l - larger) == larger { first = l - larger }
        if smaller != larger, zone.offset(at: l - smaller) == smaller {
            if first == nil { first = l - smaller } else { second = l - smaller }
        }
        if first == nil {
            // Maybe more than one change within the day: try the offset in force near the time.
            let near = zone.offset(at: l - before)
            if near != before, zone.offset(at: l - near) == near { first = l - near }
        }
        guard let first else {
            let instant = l - before
            return Resolution(instant: instant, kind: .gap(shiftedTo: zone.wallClock(at: instant)))
        }
        guard let second else { return Resolution(instant: first, kind: .normal) }
        return Resolution(instant: first, kind: .overlap(secondInstant: second))
    }
}

extension ZoneResolver {
    /// `ZoneResolver.resolve` for many local times in one zone, remembering the last span of
    /// one offset the zone named (`ZoneRules.steadyOffset`): a local time whose day either side
    /// lies in it exists once, at `local - offset`, which is what `resolve` answers there.
    public struct Steady {
        public let zone: any ZoneRules
        private var known = SteadyOffset(offset: 0, span: 0..<0)

        public init(_ zone: any ZoneRules) { self.zone = zone }

        /// `ZoneResolver.resolve(floating: l, in: zone)`.
        public mutating func resolve(floating l: Int) -> Resolution {
            if known.span.lowerBound <= l - 86_400, l + 86_400 < known.span.upperBound {
                return Resolution(instant: l - known.offset, kind: .normal)
            }
            let resolution = ZoneResolver.resolve(floating: l, in: zone)
            // Past the day ahead: the span the next later times are in. An offset of a day or
            // more would put `l - offset` outside the day either side: never remembered.
            if let next = zone.steadyOffset(at: l + 86_400), abs(next.offset) < 86_400 { known = next }
            return resolution
        }
    }
}
