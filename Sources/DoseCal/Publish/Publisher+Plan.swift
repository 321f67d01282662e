/// Which schedules a run reads and builds, decided from the record without reading a schedule.
extension Publisher {
    /// One schedule to read, and build when its bytes changed.
    struct Work: Sendable {
        var identity: String
        /// Its entry as the run starts it: a new name and generation already in place.
        var entry: PublishRecord.Entry
        var file: PublishRecord.FileKey
        /// Build and write even when the schedule's bytes are unchanged (a new name, a feed
        /// missing from the site, another build).
        var rebuild: Bool
        /// The feed file the revisions are read from when it is not `entry.name` (a renamed feed).
        var previousName: String?
        /// The program or the zone data changed since the feed was built.
        var newBuild = false
    }

    /// The work of a run and the record it starts from.
    struct Plan {
        var work: [Work] = []
        var next: PublishRecord
        /// The record changes even without work (a name retired, the base URL).
        var changed = false
    }

    func plan(
        record: PublishRecord, tree: ScheduleTree, siteNames: Set<String>?, secret: PublishSecret
    ) throws(PublishError) -> Plan {
        var plan = Plan(next: record)
        let rotated = try rotations(record, tree: tree)
        let newSecret = record.secretTag != secret.tag
        let newBuild = record.build != build
        plan.next.site = site
        plan.next.build = build
        plan.next.secretTag = secret.tag
        plan.next.baseURL = baseURL ?? record.baseURL
        plan.changed = plan.next.site != record.site || plan.next.baseURL != record.baseURL || siteNames != nil
        // The entries met: when they are all of the record's, no schedule is gone.
        var met = 0
        for file in tree.files {
            let key = PublishRecord.FileKey(file.status)
            guard var entry = record.entries[file.path] else {
                let entry = PublishRecord.Entry(generation: 0, name: name(file.path, 0, secret))
                plan.work.append(Work(identity: file.path, entry: entry, file: key, rebuild: true, previousName: nil))
                continue
            }
            met += 1
            // Never written, though not for a problem: a run that renamed it was interrupted.
            let unwritten = entry.output == nil && entry.problem.isEmpty
            var previousName: String? = nil
            if newSecret || rotated.contains(file.path) {
                previousName = entry.name
                retire(entry, identity: file.path, in: &plan.next)
                entry.generation += rotated.contains(file.path) ? 1 : 0
                entry.name = name(file.path, entry.generation, secret)
                // The new name is on record before anything is written (with no feed yet).
                plan.next.entries[file.path]?.generation = entry.generation
                plan.next.entries[file.path]?.name = entry.name
            }
            // Without a listing the site folder is as the last publish left it: every feed is there.
            let missing = entry.output != nil && siteNames?.contains(entry.name) == false
            let rebuild = previousName != nil || missing || unwritten
            if rebuild || newBuild || entry.file != key {
                plan.work.append(
                    Work(
                        identity: file.path, entry: entry, file: key, rebuild: rebuild, previousName: previousName,
                        newBuild: newBuild))
            }
        }
        passOver(tree.passed, record: record, plan: &plan, secret: secret)
        guard met + tree.passed.count < record.entries.count else { return plan }
        let present = Set(tree.files.map(\.path) + tree.passed.map(\.path))
        for (identity, entry) in record.entries where !present.contains(identity) {
            if prune && entry.output != nil { retire(entry, identity: identity, in: &plan.next) }
            plan.next.entries[identity]?.file = nil
            // A feed whose schedule is gone is kept (absence never stops a medication) and named.
            plan.next.entries[identity]?.problem =
                prune || entry.output == nil
                ? ""
                : "\(identity) is gone; its feed is still served. Restore the file, or publish with --prune to retire the feed"
            plan.changed = plan.changed || plan.next.entries[identity] != entry
        }
        return plan
    }

    /// Schedules found as links: their entry names the problem (the feed, if any, is kept).
    private func passOver(
        _ passed: [ScheduleTree.Passed], record: PublishRecord, plan: inout Plan, secret: PublishSecret
    ) {
        for p in passed where !p.path.hasSuffix("/") {
            var entry = record.entries[p.path] ?? PublishRecord.Entry(generation: 0, name: name(p.path, 0, secret))
            entry.problem = "\(p.path) \(p.reason)"
            entry.file = nil
            if record.entries[p.path] != entry {
                plan.next.entries[p.path] = entry
                plan.changed = true
            }
        }
    }

    /// The feed name of generation `generation` of `identity`.
    func name(_ identity: String, _ generation: Int, _ secret: PublishSecret) -> String {
        FeedName.make(secret: secret.bytes, identity: identity, generation: generation)
    }

    /// `entry`'s name out of use: recorded as retired (to be removed when a feed was written) and
    /// no longer the entry's feed.
    func retire(_ entry: PublishRecord.Entry, identity: String, in record: inout PublishRecord) {
        record.retired.append(
            PublishRecord.Retired(name: entry.name, identity: identity, since: now, pending: entry.output != nil))
        record.entries[identity]?.output = nil
        record.entries[identity]?.stamp = 0
    }

    /// The identities `rotate` names: a schedule path, a feed name (with or without `.ics`) or a
    /// link ending in one.
    private func rotations(_ record: PublishRecord, tree: ScheduleTree) throws(PublishError) -> Set<String> {
        let present = Set(tree.files.map(\.path))
        var result = Set<String>()
        for id in rotate {
            let match = record.entries.first { identity, entry in
                identity == id || entry.name == id || entry.name == id + ".ics" || id.hasSuffix("/" + entry.name)
            }
            guard let identity = match?.key ?? (present.contains(id) ? id : nil), present.contains(identity) else {
                throw .unknownFeed(id)
            }
            result.insert(identity)
        }
        return result
    }
}
