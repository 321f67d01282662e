extension RecurrenceRule {
    /// Reads an RRULE value (`FREQ=DAILY;UNTIL=20261231T045959Z;BYDAY=MO,TU`), parts in any order
    /// and case.
    ///
    /// UNTIL is read in whatever form it was written: UTC, floating or date-only; the real-world
    /// forms that break RFC 5545's "same type as DTSTART" rule (a date-only UNTIL on a date-time
    /// series, a floating UNTIL on a TZID series, a UTC UNTIL on an all-day series) are kept, and
    /// `normalizedUntil(for:)` reads them against the series start. Returns nil when FREQ is
    /// missing or unknown, a part's value is malformed, or the rule uses a part this type cannot
    /// hold (see `unrepresentableParts(in:)`).
    public init?(parsing text: some StringProtocol) {
        guard let pattern = RecurrencePattern(rrule: text), RecurrenceRule.unrepresentableParts(in: text).isEmpty,
            let frequency = Frequency(rawValue: pattern.frequency.rawValue)
        else { return nil }
        self.init(
            frequency, interval: pattern.interval, count: pattern.count, until: pattern.until?.value,
            byMonth: pattern.byMonth, byMonthDay: pattern.byMonthDay,
            byDay: pattern.byDay.map { WeekdayNumber($0.weekday, ordinal: $0.ordinal) }, weekStart: pattern.weekStart)
    }

    /// The parts of `text` that `RecurrenceRule` does not model (`BYSETPOS`, `BYHOUR`, `X-...`).
    public static func unrepresentableParts(in text: some StringProtocol) -> [String] {
        let known: Set<String> = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYDAY", "WKST"]
        return (RecurrencePattern.parts(of: text) ?? []).map(\.name).filter { !known.contains($0) }.sorted()
    }
}
