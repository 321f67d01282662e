public import ICal

/// The result of `check`: every dose in the window, what the channels fire, and the warnings
/// the data cannot show.
public struct CheckReport: Sendable, Equatable {
    public var from: LocalDate
    public var to: LocalDate
    public var gapPolicy: GapPolicy
    /// Rows in time order (expected instant, or the extra reminder's instant).
    public var doses: [DoseCheck]
    /// Warnings that hold for the calendar as a whole (clients, zone data).
    public var warnings: [String]
    /// Events of the checked calendar that are not dosecal's (left out of the comparison).
    public var foreignSeries: Int
    /// What the expansion's budget left out (nil: the calendar was expanded in full): the doses
    /// of those series are `unchecked`, so the check is not complete.
    public var cut: ExpansionCut? = nil
    /// Consecutive doses closer together or further apart than their medication's spacing
    /// allows, the later of each pair on a dose day of the window, in time order (decision 0230).
    public var spacing: [SpacingProblem] = []

    /// Whether the checked calendar disagrees with the expected instants (doses not checked
    /// are no disagreement: `cut` says the check is incomplete).
    public var calendarDisagrees: Bool { doses.contains { $0.status != .ok && $0.status != .unchecked } }

    /// Whether `check` found a problem: the calendar disagrees, or doses are not spaced as their
    /// medication needs.
    public var hasProblems: Bool { calendarDisagrees || !spacing.isEmpty }

    /// Whether anything else deserves a warning (other channels, gaps, overlaps, clients).
    public var hasWarnings: Bool { !warnings.isEmpty || doses.contains { !$0.notes.isEmpty } }

    /// Count of rows per status (each row's status read in place: no row is copied).
    public func count(_ status: DoseCheck.Status) -> Int {
        var n = 0
        for i in doses.indices where doses[i].status == status { n += 1 }
        return n
    }
}
