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
        let l = local.secondsSinceEpoch
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
