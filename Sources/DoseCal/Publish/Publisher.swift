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

    /// How many of the feeds written the report names (all unless said otherwise; it counts them
    /// all).
    public var listWritten = Int.max

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
        let reader = try PublishRecordReader(path: recordPath)
        let recorded = reader.header
        if !recorded.site.isEmpty && recorded.site != site {
            throw .otherSite(state: state, recorded: recorded.site, given: site)
        }
        // A site folder as the last publish left it holds no temporary and every feed.
        let folder = PlainFile.status(site).map(PublishRecord.FileKey.init)
        let asLeft = folder != nil && folder == recorded.siteFolder
        let leftovers =
            (asLeft ? [] : AtomicFile.removeLeftovers(in: site) { FeedName.isFeedName($0) })
            + AtomicFile.removeLeftovers(of: [recordPath, PublishRecordWriter.bodyPath(of: recordPath), indexPath, indexTextPath])
        // Names taken out of use are on record before a file is touched.
        let (record, renamed) = try renameFirst(reader, secret: secret)
        let pass = try PublishPass(
            publisher: self, record: record, secret: secret, siteChanged: !asLeft, renamed: renamed,
            report: PublishReport(removedLeftovers: leftovers))
        try ScheduleTree.walk(schedules) { item throws(PublishError) in try pass.add(item) }
        return try pass.finish()
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
}
