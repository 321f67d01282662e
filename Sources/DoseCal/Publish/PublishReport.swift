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
    public var scanned: Int
    /// Names passed over (links), as the scan found them.
    var passed: [ScheduleTree.Passed]
    public var written: [Written] = []
    public var retired: [PublishRecord.Retired] = []
    /// dosecal's temporaries of an interrupted run, removed.
    public var removedLeftovers: [String]
    /// The record after the run.
    public var record = PublishRecord()

    init(scanned: Int, passed: [ScheduleTree.Passed], removedLeftovers: [String]) {
        self.scanned = scanned
        self.passed = passed.sorted { $0.path < $1.path }
        self.removedLeftovers = removedLeftovers
    }

    /// Every problem, by schedule path.
    public var problems: [Problem] {
        let entries = record.entries.filter { !$0.value.problem.isEmpty }.map {
            Problem(identity: $0.key, problem: $0.value.problem)
        }
        let folders = passed.filter { $0.path.hasSuffix("/") }.map {
            Problem(identity: $0.path, problem: "\($0.path) \($0.reason)")
        }
        return (entries + folders).sorted { $0.identity < $1.identity }
    }

    /// Schedules found whose feed was already as it should be.
    public var unchanged: Int {
        scanned - written.count - record.entries.values.filter { $0.file != nil && !$0.problem.isEmpty }.count
    }
}
