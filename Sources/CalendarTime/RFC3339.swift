/// RFC 3339 text of instants.
public enum RFC3339 {
    /// `2026-03-08T07:30:00Z`: the UTC date-time of `instant` (seconds since 1970).
    public static func utc(_ instant: Int) -> String { LocalDateTime(secondsSinceEpoch: instant).description + "Z" }
}
