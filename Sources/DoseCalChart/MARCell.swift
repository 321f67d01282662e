/// One cell of an administration record: a day of one row.
public struct MARCell: Sendable, Equatable {
    /// One dose in the cell (every N hours and as-needed rows may hold several).
    public struct Entry: Sendable, Equatable {
        /// What the log says; nil: a dose is due and nothing is recorded (an empty box).
        public var code: ChartCode?
        /// A local time, "08:04": when it was taken, or when the dose is due if that is not
        /// the row's time (a taper step, the gradual policy, a moved dose, every N hours).
        public var time: String?

        public init(code: ChartCode?, time: String? = nil) {
            self.code = code
            self.time = time
        }
    }

    /// What else happens that day, said in the cell.
    public enum Mark: Sendable, Equatable, Hashable {
        /// A taper step begins (its number, 1 for the first).
        case taperStep(Int)
        /// The person arrives in another zone (travel stop); doses follow its clock.
        case travel
    }

    /// The doses of the day; empty when there is none (or, in an as-needed row, none given).
    public var entries: [Entry]
    /// Set when no dose is due: `.noDose` (shaded) or `.notRequired` (a cycle's day off).
    public var none: ChartCode?
    public var marks: [Mark]

    public init(entries: [Entry] = [], none: ChartCode? = nil, marks: [Mark] = []) {
        self.entries = entries
        self.none = none
        self.marks = marks
    }

    /// Whether the cell is shaded (no dose due).
    public var isShaded: Bool { none != nil }
}
