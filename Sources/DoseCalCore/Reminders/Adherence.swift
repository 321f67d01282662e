/// How many settled doses in a window were taken (docs/reminders.md).
///
/// A dose is settled when the log decides it (taken, skipped or missed) or when its grace period
/// has passed without an entry (then it counts as missed). Doses still within their grace period
/// are pending and left out. The rate is taken ÷ settled: a skipped dose counts against it,
/// because adherence measures doses taken as prescribed.
public struct Adherence: Sendable, Equatable {
    /// Length of the window in days (ending at the status instant).
    public var days: Int
    public var taken: Int
    public var skipped: Int
    public var missed: Int
    /// Doses in the window still within their grace period.
    public var pending: Int

    public init(days: Int, taken: Int = 0, skipped: Int = 0, missed: Int = 0, pending: Int = 0) {
        self.days = days
        self.taken = taken
        self.skipped = skipped
        self.missed = missed
        self.pending = pending
    }

    /// Taken, skipped and missed doses.
    public var settled: Int { taken + skipped + missed }

    /// Taken ÷ settled, from 0 to 1; nil when no dose is settled.
    public var rate: Double? { settled == 0 ? nil : Double(taken) / Double(settled) }
}
