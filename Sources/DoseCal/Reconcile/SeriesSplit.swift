/// A "this and following" edit as clients write it: the old series cut with UNTIL and a new
/// series from the split date (calendar-clients.md). `earlier` ends, `later` takes over.
public struct SeriesSplit: Sendable, Hashable {
    /// How the two halves were found to belong together.
    public enum Evidence: Sendable, Hashable {
        /// Google: the later UID is the earlier one plus `_R<YYYYMMDD>[T<HHMMSS>]` before `@`.
        case googleSuffix
        /// Apple: both halves carry `RELATED-TO;RELTYPE=X-CALENDARSERVER-RECURRENCE-SET` with
        /// this value.
        case recurrenceSet(String)
        /// Nextcloud: `RELATED-TO;RELTYPE=SIBLING` names the other half.
        case sibling
        /// No link written (Android/DAVx5, older Apple): same summary and rule shape, and the
        /// earlier half's UNTIL within a day before the later half's start.
        case untilAdjacent
    }

    /// UID of the half that ends (has UNTIL).
    public var earlier: String
    /// UID of the half that starts at the split.
    public var later: String
    public var evidence: Evidence
    /// The later half's first start: where the change takes effect.
    public var effective: ReturnedTime?

    public init(earlier: String, later: String, evidence: Evidence, effective: ReturnedTime?) {
        self.earlier = earlier
        self.later = later
        self.evidence = evidence
        self.effective = effective
    }
}
