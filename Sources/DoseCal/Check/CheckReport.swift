public import ICal

/// The result of `check`: every dose in the window, what the channels fire, and the warnings
/// the data cannot show.
public struct CheckReport: Sendable, Equatable {
    public var from: LocalDate
    public var to: LocalDate
    public var gapPolicy: GapPolicy
    /// Which rows a report keeps in `doses`.
    public enum Rows: Sendable, Equatable {
        /// Every row: every expected dose and every extra or duplicate reminder.
        case every
        /// The rows that need attention (`DoseCheck.needsAttention`); the others are counted
        /// only, so a check of a year of many medications holds its problems, not its doses.
        case needingAttention
    }

    /// The rows kept (`rows`) in time order (expected instant, or the extra reminder's instant).
    public var doses: [DoseCheck]
    /// Whether `doses` holds every row or only those that need attention.
    public var rows: Rows = .every
    /// Every row counted, kept or not.
    public var counts = Counts()
    /// When the checked schedule has an itinerary: every row with a dose day counted per person
    /// (the ID of the medication's person, nil for none) and day, kept or not.
    public var rowsPerDay: [String?: DayCounts] = [:]
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

    /// Count of rows per status, kept or not.
    public func count(_ status: DoseCheck.Status) -> Int { counts[status] }

    /// How many rows of each status, and how many expected a dose.
    public struct Counts: Sendable, Equatable {
        private var byStatus = [Int](repeating: 0, count: 6)
        /// Rows of an expected dose (all but extra and duplicate reminders).
        public private(set) var expected = 0

        /// The rows of `status`.
        public subscript(status: DoseCheck.Status) -> Int { byStatus[Self.index(status)] }

        mutating func add(_ status: DoseCheck.Status, expected: Bool) {
            byStatus[Self.index(status)] += 1
            if expected { self.expected += 1 }
        }

        private static func index(_ status: DoseCheck.Status) -> Int {
            switch status {
            case .ok: 0
            case .moved: 1
            case .missing: 2
            case .extra: 3
            case .duplicate: 4
            case .unchecked: 5
            }
        }
    }

    /// Rows per dose day from `first`.
    public struct DayCounts: Sendable, Equatable {
        public var first: LocalDate
        public var counts: [Int]

        /// The rows of the dose days `from...through`.
        public func total(from: LocalDate, through: LocalDate) -> Int {
            var n = 0
            for (i, c) in counts.enumerated() {
                let day = first.adding(days: i)
                if day >= from && day <= through { n += c }
            }
            return n
        }
    }
}
