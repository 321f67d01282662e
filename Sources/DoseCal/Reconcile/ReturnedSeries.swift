import ICal

/// The VEVENTs of one UID in a returned calendar: the master and its overrides, or overrides
/// alone (an orphan series: Google serves these), plus what split recovery found.
public struct ReturnedSeries: Sendable, Hashable {
    public var uid: String
    /// The event without RECURRENCE-ID; nil for orphan overrides.
    public var master: ReturnedEvent?
    /// Events with RECURRENCE-ID, sorted by it.
    public var overrides: [ReturnedEvent]
    /// The UID of the first series of this series' split chain (itself when it was never split,
    /// or when it is the original): see `ReturnedCalendar.splits`.
    public var root: String
    /// The dosecal UID (`dose-<24 hex>@dosecal.app`) this series belongs to: its own UID, the
    /// root of its split chain, or the dosecal UID under a Google `_R` suffix. nil for foreign
    /// events.
    public var dosecalUID: String?

    /// Overrides with no master in the file.
    public var isOrphan: Bool { master == nil }

    /// The master's EXDATEs (normalised, de-duplicated, sorted).
    public var exceptionDates: [ReturnedTime] { master?.exceptionDates ?? [] }

    /// The master's alarms (`.absent` for an orphan series).
    public var alarms: ReturnedAlarms { master?.alarms ?? .absent }

    public init(uid: String, master: ReturnedEvent?, overrides: [ReturnedEvent]) {
        self.uid = uid
        self.master = master
        self.overrides = overrides.sorted { a, b in
            switch (a.recurrenceID, b.recurrenceID) {
            case (let x?, let y?): return x < y
            case (nil, _?): return true
            default: return false
            }
        }
        root = uid
        dosecalUID = ReturnedCalendar.isDosecalUID(uid) ? uid : nil
    }
}
