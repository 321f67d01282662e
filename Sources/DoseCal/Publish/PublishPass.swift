/// One publish's pass over the schedules and the record at once: both come in path order (the
/// listing by `ScheduleTree.walk`, the record as written), so they are merged as they come, the
/// way `comm` merges two sorted lists, and neither is held whole. Each schedule's entry is
/// settled in order: unchanged, changed without work (a file gone, a link), or work (read, and
/// built when its bytes changed). Work is done a batch at a time on `Publisher.jobs` threads and
/// put in place (one `syncfs` a batch); then the batch's entries, in order, go to the new record
/// and the index, which are written as they go and put in place at the end.
///
/// A run with nothing to do writes nothing: the record and the index are only started at the
/// first entry that changed, with the entries before it (the record's first ones, unchanged)
/// read again from the record. What is held grows with a batch, one folder's listing, the
/// problems and the retired names, not with the number of schedules.
final class PublishPass {
    let publisher: Publisher
    let secret: PublishSecret
    /// The record the run starts from (after `Publisher.renameFirst`).
    let record: PublishRecordReader
    /// The record's settings after the run.
    var header: PublishRecord
    let newBuild: Bool
    /// The site folder is not as the last publish left it: a feed on record may be missing.
    let siteChanged: Bool
    /// The entries renamed before the run, as they were.
    let renamed: [String: PublishRecord.Entry]
    var report: PublishReport
    /// The record's next entry.
    private var ahead: (identity: String, entry: PublishRecord.Entry)?
    /// An entry settled or to work on, in path order.
    private enum Queued {
        case settled(String, PublishRecord.Entry, changed: Bool, found: Bool)
        case work(Publisher.Work)
    }
    private var queue: [Queued] = []
    private var queuedWork = 0
    /// The new record and index: started at the first change.
    private var writer: PublishRecordWriter?
    private var index: PublishIndex?
    /// Entries passed on unchanged before the writers started.
    private var unchangedBefore = 0
    /// Names retired by this run (schedules gone, with `prune`).
    private var retiring: [PublishRecord.Retired] = []
    private var folderProblems: [PublishReport.Problem] = []
    /// A batch is done when it holds this many schedules, or this many to work on (each batch
    /// costs a `syncfs`: batches of 256 made a first run of 10,000 a second slower, decision 0317).
    private static let batch = 4096
    private static let batchWork = 1024

    init(
        publisher: Publisher, record: PublishRecordReader, secret: PublishSecret, siteChanged: Bool,
        renamed: [String: PublishRecord.Entry], report: PublishReport
    ) throws(PublishError) {
        self.publisher = publisher
        self.record = record
        self.secret = secret
        self.siteChanged = siteChanged
        self.renamed = renamed
        self.report = report
        let recorded = record.header
        header = recorded
        header.site = publisher.site
        header.build = publisher.build
        header.secretTag = secret.tag
        header.baseURL = publisher.baseURL ?? recorded.baseURL
        newBuild = recorded.build != publisher.build
        ahead = try record.next()
        let settingsChanged =
            header.site != recorded.site || header.build != recorded.build || header.secretTag != recorded.secretTag
            || header.baseURL != recorded.baseURL
        if settingsChanged || siteChanged || PlainFile.status(publisher.indexPath) == nil { try startWriters() }
    }

    /// The next name of the walk (in path order).
    func add(_ item: ScheduleTree.Item) throws(PublishError) {
        if case .passed(let p) = item, p.path.hasSuffix("/") {
            folderProblems.append(PublishReport.Problem(identity: p.path, problem: "\(p.path) \(p.reason)"))
            return
        }
        let path = item.path
        while let a = ahead, a.identity < path {
            gone(a.identity, a.entry)
            ahead = try record.next()
        }
        var old: PublishRecord.Entry? = nil
        if let a = ahead, a.identity == path {
            old = a.entry
            ahead = try record.next()
        }
        switch item {
        case .file(let file): found(file, old)
        case .passed(let p): passOver(p, old)
        }
        if queue.count >= Self.batch || queuedWork >= Self.batchWork { try flush() }
    }

    /// The rest of the record (schedules gone), the last batch, the index and the record put in
    /// place, the retired feeds removed; the report.
    func finish() throws(PublishError) -> PublishReport {
        while let a = ahead {
            gone(a.identity, a.entry)
            ahead = try record.next()
        }
        try flush()
        report.problems = (report.problems + folderProblems).sorted { $0.identity < $1.identity }
        guard let writer, let index else { return report }
        var retired = try record.retired() + retiring
        try index.finish(retired: retired)
        if retired.contains(where: \.pending) {
            // The names to remove are on record before their feeds are removed.
            header.siteFolder = PlainFile.status(publisher.site).map(PublishRecord.FileKey.init)
            try writer.finish(header: header, retired: retired)
            try publisher.retire(&retired, report: &report)
        } else {
            try publisher.retire(&retired, report: &report)
        }
        header.siteFolder = PlainFile.status(publisher.site).map(PublishRecord.FileKey.init)
        try writer.finish(header: header, retired: retired)
        return report
    }

    /// A schedule file found: settled when its status is the one on record (and its feed is
    /// there), work otherwise.
    private func found(_ file: ScheduleTree.File, _ old: PublishRecord.Entry?) {
        report.scanned += 1
        let key = PublishRecord.FileKey(file.status)
        guard var entry = old else {
            let entry = PublishRecord.Entry(generation: 0, name: publisher.name(file.path, 0, secret))
            work(Publisher.Work(identity: file.path, entry: entry, file: key, rebuild: true, previousName: nil))
            return
        }
        // Renamed before the run: the new feed keeps the old one's revisions and last change.
        let before = renamed[file.path]
        if let before {
            entry.output = before.output
            entry.stamp = before.stamp
        }
        // Never written, though not for a problem: a run that renamed it was interrupted.
        let unwritten = entry.output == nil && entry.problem.isEmpty
        let missing = siteChanged && entry.output != nil && PlainFile.status(publisher.site + "/" + entry.name) == nil
        let rebuild = before != nil || missing || unwritten
        if rebuild || newBuild || entry.file != key {
            work(
                Publisher.Work(
                    identity: file.path, entry: entry, file: key, rebuild: rebuild, previousName: before?.name,
                    newBuild: newBuild))
        } else {
            queue.append(.settled(file.path, entry, changed: false, found: true))
        }
    }

    private func work(_ work: Publisher.Work) {
        queue.append(.work(work))
        queuedWork += 1
    }

    /// A schedule found as a link: its entry names the problem (the feed, if any, is kept).
    private func passOver(_ p: ScheduleTree.Passed, _ old: PublishRecord.Entry?) {
        var entry = old ?? PublishRecord.Entry(generation: 0, name: publisher.name(p.path, 0, secret))
        entry.problem = "\(p.path) \(p.reason)"
        entry.file = nil
        queue.append(.settled(p.path, entry, changed: entry != old, found: false))
    }

    /// A schedule on record whose file is gone: its feed is kept (absence never stops a
    /// medication) and named, or retired with `prune`.
    private func gone(_ identity: String, _ old: PublishRecord.Entry) {
        var entry = old
        let prune = publisher.prune
        if prune && old.output != nil {
            retiring.append(PublishRecord.Retired(name: old.name, identity: identity, since: publisher.now, pending: true))
            entry.output = nil
            entry.stamp = 0
        }
        entry.file = nil
        entry.problem =
            prune || old.output == nil
            ? "" : "\(identity) is gone; its feed is still served. Restore the file, or publish with --prune to retire the feed"
        queue.append(.settled(identity, entry, changed: entry != old, found: false))
    }

    /// Does the queued work (on `jobs` threads), puts its feeds in place, and passes every queued
    /// entry on in order.
    private func flush() throws(PublishError) {
        var works: [Publisher.Work] = []
        works.reserveCapacity(queuedWork)
        for case .work(let w) in queue { works.append(w) }
        let publisher = self.publisher
        let outcomes = ParallelWork.map(works.count, jobs: publisher.jobs) { [works] i in publisher.build(works[i]) }
        let built = try publisher.commit(outcomes, report: &report)
        var next = 0
        for queued in queue {
            switch queued {
            case .settled(let identity, let entry, let changed, let found):
                try settle(identity, entry, changed: changed, found: found, written: false)
            case .work(let w):
                try settle(w.identity, built[next], changed: true, found: true, written: outcomes[next].staged != nil)
                next += 1
            }
        }
        queue.removeAll(keepingCapacity: true)
        queuedWork = 0
    }

    /// One entry after the run: counted, and on to the record and the index.
    private func settle(
        _ identity: String, _ entry: PublishRecord.Entry, changed: Bool, found: Bool, written: Bool
    ) throws(PublishError) {
        if !entry.problem.isEmpty { report.problems.append(PublishReport.Problem(identity: identity, problem: entry.problem)) }
        if found && !written && (entry.file == nil || entry.problem.isEmpty) { report.unchanged += 1 }
        if writer == nil {
            guard changed else {
                unchangedBefore += 1
                return
            }
            try startWriters()
        }
        try writer?.add(identity, entry)
        try index?.add(identity, entry)
    }

    /// Starts the new record and the index, with the entries passed on unchanged so far (the
    /// record's first ones, read again).
    private func startWriters() throws(PublishError) {
        let writer = try PublishRecordWriter(path: publisher.recordPath)
        let index = try PublishIndex(
            jsonPath: publisher.indexPath, textPath: publisher.indexTextPath, schedules: publisher.schedules,
            site: publisher.site, baseURL: header.baseURL)
        if unchangedBefore > 0 {
            let again = try PublishRecordReader(path: record.path)
            for _ in 0..<unchangedBefore {
                guard let (identity, entry) = try again.next() else { break }
                try writer.add(identity, entry)
                try index.add(identity, entry)
            }
        }
        self.writer = writer
        self.index = index
    }
}
