/// One occurrence of a VEVENT as a calendar program would show it: where the recurrence set put
/// it (`recurrenceInstant`, the RECURRENCE-ID it would have) and where it actually starts
/// (`start`, after EXDATE/RDATE/overrides). Instants are whole seconds since 1970-01-01T00:00:00Z.
public struct EventInstance: Sendable, Hashable, CustomStringConvertible {
    /// The event's UID (empty when the VEVENT has none).
    public var uid: String
    /// The instant of the original occurrence (the RECURRENCE-ID instant); equals `start` unless
    /// an override moved it.
    public var recurrenceInstant: Int
    /// The instant the occurrence starts.
    public var start: Int
    /// The instant it ends (DTEND, DURATION or the RFC 5545 default; equals `start` when it has no length).
    public var end: Int
    /// Its SUMMARY text (unescaped), nil when it has none.
    public var summary: String?
    /// The local date-time of `start` as written or generated, before gap/overlap resolution
    /// (midnight for an all-day occurrence).
    public var local: LocalDateTime
    /// The zone `local` was read in: the TZID as written (a VTIMEZONE's or an IANA name, prefix
    /// removed), "UTC" for UTC values, the viewer's zone for floating and DATE values.
    public var zoneID: String
    /// Whether DTSTART is a DATE (an all-day occurrence).
    public var isAllDay: Bool
    /// Whether a RECURRENCE-ID component (exact or RANGE=THISANDFUTURE) defines this occurrence.
    public var isOverride: Bool
    /// How `local` met the zone's transitions (gap: shifted forward; overlap: the first instant).
    public var resolution: ZoneResolver.Kind
    /// The input line of the VEVENT this occurrence comes from (the override's when overridden).
    public var line: Int?

    public init(
        uid: String, recurrenceInstant: Int, start: Int, local: LocalDateTime, zoneID: String,
        isAllDay: Bool = false, isOverride: Bool = false, resolution: ZoneResolver.Kind = .normal, line: Int? = nil,
        end: Int? = nil, summary: String? = nil
    ) {
        self.uid = uid
        self.recurrenceInstant = recurrenceInstant
        self.start = start
        self.end = end ?? start
        self.summary = summary
        self.local = local
        self.zoneID = zoneID
        self.isAllDay = isAllDay
        self.isOverride = isOverride
        self.resolution = resolution
        self.line = line
    }

    /// `UID RECURRENCE START` with both instants in RFC 3339 UTC .
    public var description: String {
        "\(uid) \(RFC3339.utc(recurrenceInstant)) \(RFC3339.utc(start))"
    }
}
