/// What the expansion of the checked calendar left out because its budget ran out (decision
/// 0193, `ExpansionBudget`): `check` marks the doses of those series `unchecked`, never
/// `missing`, and says first that it did not check everything.
public struct ExpansionCut: Sendable, Equatable {
    /// The budget: instances in all.
    public var limit: Int
    /// The series (UIDs) dosecal's expander left out.
    public var series: Set<String>
    /// The series libical's own expansion (a budget of its own, the same size) left out in
    /// whole or in part: no libical note is given for their doses.
    public var libicalSeries: Set<String>
    /// Nothing was expanded from this instant on (a window longer than the budget's span);
    /// nil: the whole window.
    public var until: Int?

    public init(limit: Int, series: Set<String> = [], libicalSeries: Set<String> = [], until: Int? = nil) {
        self.limit = limit
        self.series = series
        self.libicalSeries = libicalSeries
        self.until = until
    }

    /// Whether nothing was left out.
    public var isEmpty: Bool { series.isEmpty && libicalSeries.isEmpty && until == nil }

    /// Whether the checked calendar's own expansion was cut, so that some doses are unchecked
    /// (libical's is a comparison only: its cut leaves every dose checked).
    public var leavesDosesUnchecked: Bool { !series.isEmpty || until != nil }

    /// Whether a dose of series `uid` at `instant` that the calendar does not fire was left
    /// out of the expansion (so nothing is known of it).
    func leftOut(_ uid: String?, at instant: Int) -> Bool {
        uid.map(series.contains) == true || until.map { instant >= $0 } == true
    }
}
