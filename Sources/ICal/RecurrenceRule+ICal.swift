// What the iCalendar layer adds to CalendarTime's `RecurrenceRule`: the RRULE property, UNTIL as a
// `DateTimeValue`, and UNTIL read against the series' DTSTART.
extension RecurrenceRule {
    /// UNTIL in the form RFC 5545 §3.3.10 requires for a series starting at `start`, reading the
    /// invalid but common forms as their writers mean them:
    ///
    /// | DTSTART | UNTIL as written | read as |
    /// |---|---|---|
    /// | TZID or UTC date-time | date-only `20261231` (Google) | the end of that day, 23:59:59, in DTSTART's form |
    /// | TZID date-time | floating `20261231T235959` (Exchange) | that wall-clock time in DTSTART's zone |
    /// | UTC date-time | floating | that time in UTC |
    /// | floating date-time | date-only | 23:59:59 floating on that day |
    /// | date (all-day) | UTC date-time (Outlook, Exchange: the last day's local midnight in UTC) | the date whose midnight is nearest (`20260817T220000Z` -> 2026-08-18) |
    /// | date (all-day) | floating date-time | its date |
    ///
    /// The all-day UTC reading differs from libical, which compares the day's 00:00 as UTC and so
    /// drops the last day for every zone east of UTC; it is wrong only for zones beyond ±12 h.
    ///
    /// A UTC UNTIL on a floating series is returned as it is. nil when the rule has no UNTIL.
    public func normalizedUntil(for start: DateTimeValue) -> DateTimeValue? {
        guard let until = until?.value else { return nil }
        let endOfDay = LocalTime(hour: 23, minute: 59, second: 59)!
        switch (start, until) {
        case (.zoned(_, let tzid), .date(let d)):
            return .zoned(LocalDateTime(date: d, time: endOfDay), tzid: tzid)
        case (.zoned(_, let tzid), .floating(let t)):
            return .zoned(t, tzid: tzid)
        case (.utc, .date(let d)):
            return .utc(LocalDateTime(date: d, time: endOfDay))
        case (.utc, .floating(let t)):
            return .utc(t)
        case (.floating, .date(let d)):
            return .floating(LocalDateTime(date: d, time: endOfDay))
        case (.date, .utc(let t)):
            return .date(t.adding(seconds: 12 * 3600).date)
        case (.date, .floating(let t)):
            return .date(t.date)
        default:
            return until
        }
    }

    /// Whether UNTIL breaks RFC 5545's rule for a series starting at `start` (and so was read by
    /// `normalizedUntil(for:)` rather than taken as written).
    public func untilBreaksRule(for start: DateTimeValue) -> Bool {
        guard let until = until?.value else { return false }
        switch (start, until) {
        case (.date, .date), (.floating, .floating), (.zoned, .utc), (.utc, .utc): return false
        default: return true
        }
    }

    /// The RRULE property, its value in the form the writer gives it (`RecurValue`: libical's
    /// part order, BYDAY from the week start, no `WKST=MO` or `INTERVAL=1`), which is the value a
    /// reader of the written file gets back: a tree built here hashes as its file reads.
    public var property: ICalProperty { ICalProperty("RRULE", RecurValue.text(description)) }
}

extension RecurrenceRule.Until {
    /// The value as an iCalendar DATE or DATE-TIME.
    public var value: DateTimeValue {
        switch self {
        case .date(let d): return .date(d)
        case .floating(let t): return .floating(t)
        case .utc(let t): return .utc(t)
        }
    }
}
