public import ICal

/// One row of a check: an expected dose (or a reminder nobody expected) and what each channel
/// fires for it.
public struct DoseCheck: Sendable, Equatable {
    /// How the checked calendar (dosecal's feed, or the one given) treats the dose. Anything but
    /// `.ok` makes `check` fail.
    public enum Status: String, Sendable, Equatable {
        /// The calendar fires at the expected instant.
        case ok
        /// The calendar fires at another instant.
        case moved
        /// The calendar has no reminder for the dose.
        case missing
        /// The calendar fires where no dose is expected.
        case extra
        /// The calendar fires twice for one dose.
        case duplicate
        /// Not checked: the calendar's series of this dose was left out of the expansion, whose
        /// budget ran out (`ExpansionCut`); nothing is known of it, so it is not counted missing.
        case unchecked
    }

    /// Something worth knowing that does not make the calendar wrong (a warning).
    public enum Note: Sendable, Equatable {
        /// The dose time does not exist that day (clocks go forward); it fires at `shiftedTo`.
        case gap(shiftedTo: LocalDateTime)
        /// The dose time occurs twice that day (clocks go back); it fires at the first.
        case overlap
        /// libical's own expansion of the calendar gives another instant than the correct
        /// expansion of the same calendar (nil: none).
        case libical(Int?)
        /// An iOS or macOS repeating calendar trigger fires at another instant (nil: not that day).
        case ios(Int?)
        /// A feed pinned to the home zone (not re-exported for the trip) fires at this instant.
        case homeZone(Int)
        /// The system's zone data puts the dose at another instant than Foundation's.
        case zoneData(Int)
        /// The local-notification plan fires at another instant (nil: not planned).
        case plan(Int?)
    }

    public var medicationID: String
    public var slotID: String
    /// The checked calendar's series UID for this slot on this day (nil for a calendar without one).
    public var uid: String?
    /// The dose day (nil for an extra reminder).
    public var day: LocalDate?
    /// The promised wall-clock time and the zone it is read in (nil zone: fixed interval, UTC).
    public var local: LocalDateTime?
    public var zone: Zone?
    /// The expected instant (nil for an extra reminder).
    public var expected: Int?
    /// What the checked calendar fires (nil: missing).
    public var calendar: Int?
    public var status: Status
    public var notes: [Note]

    /// Whether the row belongs in the short report.
    public var needsAttention: Bool { (status != .ok && status != .unchecked) || !notes.isEmpty }
}
