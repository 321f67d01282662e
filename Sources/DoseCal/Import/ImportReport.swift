import ICal

/// What an import found: the schedule, where each medication came from, and every dose-like
/// event it could not map, with the reason.
public struct ImportReport: Sendable, Equatable {
    /// One imported medication: its id and the events it was read from.
    public struct Source: Sendable, Equatable {
        public var medicationID: String
        /// "3 recurring events", "42 single events folded into a daily rule".
        public var from: String
        /// Notes about what was not carried over (deleted occurrences, single moves, ...).
        public var notes: [String]
        /// The occurrences deleted from its series, by slot (logged as skipped once ids are final).
        var deleted: [DeletedDose] = []
    }

    /// An event (or run of events) that looked like a dose but cannot be expressed.
    public struct Unmapped: Sendable, Equatable {
        public var summary: String
        /// The event's UID and line, when known.
        public var uid: String?
        public var line: Int?
        public var reason: String
    }

    public var schedule: Schedule
    public var sources: [Source]
    public var unmapped: [Unmapped]
    /// Events read in all, and those that did not look like doses.
    public var eventsRead: Int
    public var eventsNotDoses: Int
    /// Warnings without medicine names (zone choice, parse warnings).
    public var warnings: [String]
}
