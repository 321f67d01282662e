/// How much one calendar may hold before reading stops with a clear error (docs/ical.md,
/// "Limits"). Real calendars stay far below every limit; the limits keep work and memory bounded
/// on hostile input.
public struct ICalLimits: Sendable, Equatable {
    /// Most components open at once. RFC 5545 needs three (VCALENDAR > VEVENT > VALARM, or
    /// VCALENDAR > VTIMEZONE > STANDARD); deeper nesting is only ever seen in hostile input.
    public var maxNesting: Int
    /// Most bytes in one content line after unfolding (its name, parameters and value).
    public var maxContentLineBytes: Int

    public init(maxNesting: Int = 16, maxContentLineBytes: Int = 16 * 1024 * 1024) {
        self.maxNesting = maxNesting
        self.maxContentLineBytes = maxContentLineBytes
    }

    /// The limits every reader of dosecal uses.
    public static let standard = ICalLimits()
}
