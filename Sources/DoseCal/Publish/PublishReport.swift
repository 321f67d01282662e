/// What a publish did: the feeds it wrote, the names it retired, and every problem (from the
/// record: a problem stays listed, and the exit status says so, until it is solved).
public struct PublishReport: Sendable {
    /// A feed written by the run.
    public struct Written: Sendable, Equatable {
        /// The schedule (path relative to the schedules folder).
        public var identity: String
        /// The feed's file name in the site.
        public var name: String
        /// Its last change (seconds since 1970).
        public var stamp: Int
    }

    /// A schedule (or a folder of them) that is not published as it is now, and why.
    public struct Problem: Sendable, Equatable {
        public var identity: String
        public var problem: String
    }

    /// Schedule files found.
    public var scanned = 0
    /// The feeds written, in path order: the first `Publisher.listWritten` of them.
    public var written: [Written] = []
    /// How many feeds were written.
    public var writtenCount = 0
    public var retired: [PublishRecord.Retired] = []
    /// dosecal's temporaries of an interrupted run, removed.
    public var removedLeftovers: [String]
    /// Schedules found whose feed was already as it should be.
    public var unchanged = 0
    /// Every problem, by schedule path (the schedules' and the folders' that cannot be read).
    public internal(set) var problems: [Problem] = []

    init(removedLeftovers: [String]) {
        self.removedLeftovers = removedLeftovers
    }
}
