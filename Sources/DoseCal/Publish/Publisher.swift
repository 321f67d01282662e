import Foundation

/// `dosecal publish`: every schedule of a folder (and its subfolders) as a feed in a site folder
/// that a web server serves, under an unguessable name (docs/publish.md).
///
/// A run locks the site, reads the state (secret, record), removes the temporaries of an
/// interrupted run, lists the schedules with one status each, and decides from the record which
/// ones may have changed (`Publisher+Plan.swift`). Only those are read and built, on `jobs`
/// threads (`Publisher+Build.swift`); a feed whose bytes changed is written to a temporary (mode
/// 0644, modification time its last change), all temporaries are flushed with one `syncfs`, then
/// renamed over their feeds. Names taken out of use are recorded before any file is touched and
/// removed after the new feeds are in place. The record and the index are written last, and only
/// when something changed: a run with nothing to do writes nothing.
public struct Publisher: Sendable {
    /// The schedules folder (absolute).
    public var schedules: String
    /// The site folder (absolute): what the web server serves.
    public var site: String
    /// The state folder (absolute): secret, record and index, never served.
    public var state: String
    /// How many schedules are built at once.
    public var jobs = 1
    /// What the index's links start with (`https://feeds.example/`); nil: the one of the last
    /// publish (empty: names only).
    public var baseURL: String? = nil
    /// Schedules (paths relative to `schedules`) or feed names to give a new name; the old one is
    /// retired.
    public var rotate: [String] = []
    /// Retire the feeds whose schedule file is gone (otherwise they are kept and reported).
    public var prune = false
    /// What the feeds depend on outside the schedules (the program's build, the zone data): when
    /// it changes, every schedule is built again (and written only where its bytes changed).
    public var build = ""
    /// The time retirements are recorded at (seconds since 1970); no feed byte depends on it.
    public var now = 0

    public init(schedules: String, site: String, state: String) {
        self.schedules = schedules
        self.site = site
        self.state = state
    }

    /// The state folder's files.
    public var secretPath: String { state + "/secret" }
    public var recordPath: String { state + "/record" }
    public var indexPath: String { state + "/index.json" }
    public var indexTextPath: String { state + "/index.txt" }

    /// Publishes every schedule. `freshSecret` gives 32 random bytes when the state folder has no
    /// secret yet (the library reads no randomness).
    public func run(freshSecret: () -> [UInt8]) throws(PublishError) -> PublishReport {
        try checkFolders()
        let lock: SyncLock
        do { lock = try SyncLock(folder: site) } catch {
            if error == .wouldBlock { throw .locked(site: site) }
            throw .io(path: site, reason: "cannot lock the site folder: \(error)")
        }
        defer { withExtendedLifetime(lock) {} }
        let secret = try PublishSecret.load(secretPath, fresh: freshSecret)
        let record = try readRecord()
        if !record.site.isEmpty && record.site != site { throw .otherSite(state: state, recorded: record.site, given: site) }
        // A site folder as the last publish left it holds no temporary and every feed.
        let folder = PlainFile.status(site).map(PublishRecord.FileKey.init)
        let asLeft = folder != nil && folder == record.siteFolder
        let leftovers =
            (asLeft ? [] : AtomicFile.removeLeftovers(in: site) { FeedName.isFeedName($0) })
            + AtomicFile.removeLeftovers(of: [recordPath, indexPath, indexTextPath])
        let tree = try ScheduleTree.scan(schedules)
        let names = asLeft ? nil : try siteNames()
        var plan = try plan(record: record, tree: tree, siteNames: names, secret: secret)
        var report = PublishReport(scanned: tree.files.count, passed: tree.passed, removedLeftovers: leftovers)
        if plan.work.isEmpty && !plan.changed && PlainFile.status(indexPath) != nil {
            report.record = record
            return report
        }
        // Names taken out of use are on record before a file is touched.
        if plan.next.retired != record.retired { try writeRecord(plan.next) }
        let work = plan.work
        let outcomes = ParallelWork.map(work.count, jobs: jobs) { [self] i in self.build(work[i]) }
        try commit(outcomes, plan: &plan, report: &report)
        try retire(&plan.next, report: &report)
        plan.next.siteFolder = PlainFile.status(site).map(PublishRecord.FileKey.init)
        if plan.next != record { try writeRecord(plan.next) }
        try writeIndex(plan.next)
        report.record = plan.next
        report.written.sort { $0.identity < $1.identity }
        return report
    }

    /// The site folder apart from the schedules and the state; the site and state folders made.
    private func checkFolders() throws(PublishError) {
        let inside = { (inner: String, outer: String) in inner == outer || inner.hasPrefix(outer + "/") }
        for (inner, outer) in [(site, schedules), (schedules, site), (state, site), (site, state)] where inside(inner, outer) {
            throw .nested(inner: inner, outer: outer)
        }
        try makeFolder(site, mode: 0o755)
        try makeFolder(state, mode: 0o700)
    }

    private func makeFolder(_ path: String, mode: mode_t) throws(PublishError) {
        if PlainFile.status(path)?.kind == .directory { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Syscalls.chmod(path, mode)
        } catch {
            throw .io(path: path, reason: "cannot create the folder: \(error)")
        }
    }

    private func readRecord() throws(PublishError) -> PublishRecord {
        let data: Data?
        do { data = try PlainFile.read(recordPath) } catch {
            throw .io(path: recordPath, reason: "cannot read the publish record: it \(error)")
        }
        guard let data else { return PublishRecord() }
        return try PublishRecord(decoding: data, path: recordPath)
    }

    private func writeRecord(_ record: PublishRecord) throws(PublishError) {
        do { try AtomicFile.write(record.encoded(), to: recordPath) } catch {
            throw .io(path: recordPath, reason: "cannot keep the publish record: \(error.reason)")
        }
    }

    /// The names in the site folder.
    private func siteNames() throws(PublishError) -> Set<String> {
        do {
            let fd = try Syscalls.open(site, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { Syscalls.close(fd) }
            return Set(try Syscalls.folderEntries(fd).map(\.name))
        } catch {
            throw .io(path: site, reason: "cannot list the site folder: \(error)")
        }
    }
}
