public import DoseCalCore

/// A monthly medication administration record (MAR) of one person: a column per day, a row per
/// medication, dose time and amount, each cell filled from the log (docs/chart.md).
///
/// Built from the engine's doses (`DoseExpansion`), the log as the supply reads it
/// (`DoseLedger`), and the as-needed doses (`AsNeededDoses`): what `status` and `export` use.
public struct MARGrid: Sendable, Equatable {
    /// One row: a medication's dose at one time with one amount, or its extra doses, or an
    /// as-needed medicine.
    public struct Row: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case scheduled
            /// Taken entries about no scheduled dose.
            case extra
            /// An as-needed medicine: its doses given, and its limits in `dose`.
            case asNeeded
        }
        public var kind: Kind
        public var medicationID: String
        /// "Metformin 500 mg", or "Medication 2" in privacy mode.
        public var label: String
        /// "08:00", "every 8 hours from 07:00", "as needed".
        public var time: String
        /// "1 tablet", "half a tablet (2.5 mg)"; the limits of an as-needed medicine; empty in
        /// privacy mode.
        public var dose: String
        /// One per day of the grid.
        public var cells: [MARCell]
    }

    public var person: ChartPerson
    /// The days shown, in order (a month: its days 1 to 28 ... 31).
    public var days: [LocalDate]
    public var rows: [Row]
    /// Travel stops in the range: from that date, the zone.
    public var stops: [ItineraryStop]
    /// Taper steps that begin in the range.
    public var steps: [Step]
    /// Whether names are hidden (privacy mode).
    public var privacy: Bool { person.privacy }

    /// A taper step that begins in the range.
    public struct Step: Sendable, Equatable {
        /// The medication's label (as its rows say it).
        public var label: String
        /// 1 for the first step.
        public var number: Int
        public var from: LocalDate
        /// The step's dose in words ("2 tablets (10 mg)"); empty in privacy mode.
        public var dose: String
    }

    /// The most days one grid shows.
    public static let mostDays = 31
}
