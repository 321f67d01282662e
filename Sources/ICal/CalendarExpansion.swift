/// The result of expanding a calendar leniently: every instance that could be computed, and one
/// problem for each VEVENT that could not be expanded (it contributes no instances).
public struct CalendarExpansion: Sendable {
    /// Instances sorted by start, then UID, then recurrence instant.
    public var instances: [EventInstance]
    /// Why some VEVENTs were left out (unknown zone, unreadable DTSTART or RRULE, too many instances).
    public var problems: [ICalError]
    /// The same problems by the UID of the VEVENTs they left out (the first one per UID).
    public var failures: [String: ICalError] = [:]

    public init(instances: [EventInstance] = [], problems: [ICalError] = []) {
        self.instances = instances
        self.problems = problems
    }
}
