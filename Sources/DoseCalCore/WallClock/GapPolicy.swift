public import CalendarTime

/// What a dose whose local time does not exist (a spring-forward gap) fires at. RFC 5545 §3.3.5
/// is the default; the others are what other channels do, so that `check` can compare them.
public enum GapPolicy: String, Sendable, CaseIterable {
    /// RFC 5545 §3.3.5: read with the offset before the gap (02:30 -> 03:30 EDT).
    case shift
    /// The first valid time after the gap, as an iOS calendar trigger does (02:30 -> 03:00 EDT).
    case next
    /// No dose that day.
    case skip

    /// One line for help texts and reports.
    public var summary: String {
        switch self {
        case .shift: "RFC 5545: the time read with the offset before the gap (02:30 -> 03:30)"
        case .next: "the first time after the gap, as an iOS trigger does (02:30 -> 03:00)"
        case .skip: "no reminder that day"
        }
    }
}

extension GapPolicy {
    /// The instant a dose fires at under this policy; nil when it is skipped. `instant` and
    /// `kind` are the RFC 5545 reading of `local` in `zone` (`ZoneResolver.resolve`).
    public func instant(_ instant: Int, kind: ZoneResolver.Kind, local: LocalDateTime, in zone: Zone) -> Int? {
        guard case .gap = kind else { return instant }
        switch self {
        case .shift: return instant
        case .skip: return nil
        case .next:
            // The gap ends at the transition: the first instant with the new offset. It lies
            // between the reading with the offset after the gap and the one before it.
            let l = local.secondsSinceEpoch
            let after = zone.offset(at: instant + 86_400)
            let earliest = l - max(after, zone.offset(at: l - 86_400)) - 1
            return zone.transitions(from: earliest, to: instant + 1).last?.instant ?? instant
        }
    }
}
