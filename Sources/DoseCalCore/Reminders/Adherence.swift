/// How many recorded doses in a window were taken (docs/reminders.md §3).
///
/// The rule for a past dose with no log entry is one for supply and adherence: it is assumed
/// taken (the supply counts it) and it is **not recorded**, never missed. A dose is recorded when
/// its deciding log entry says taken, skipped or missed. Doses still within their grace period are
/// pending. The rate is taken ÷ recorded: a skipped dose counts against it, because adherence
/// measures doses taken as prescribed; not recorded and pending doses are left out of it.
public struct Adherence: Sendable, Equatable {
    /// Length of the window in days (ending at the status instant).
    public var days: Int
    public var taken: Int
    public var skipped: Int
    /// Doses the log says were missed.
    public var missed: Int
    /// Doses in the window still within their grace period.
    public var pending: Int
    /// Past doses with no log entry whose grace period is over: assumed taken, not recorded.
    public var notRecorded: Int

    public init(days: Int, taken: Int = 0, skipped: Int = 0, missed: Int = 0, pending: Int = 0, notRecorded: Int = 0) {
        self.days = days
        self.taken = taken
        self.skipped = skipped
        self.missed = missed
        self.pending = pending
        self.notRecorded = notRecorded
    }

    /// Doses the log decides: taken, skipped and missed.
    public var recorded: Int { taken + skipped + missed }

    /// Taken ÷ recorded, from 0 to 1; nil when no dose in the window is recorded.
    public var rate: Double? { recorded == 0 ? nil : Double(taken) / Double(recorded) }
}
