/// Which schedules a run reads and builds, and the new names put on record before the run.
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

    /// When the secret changed (every feed present gets a new name) or `rotate` names feeds (each
    /// gets its next generation): the record with the new names, their feeds not yet written,
    /// and the old names retired, written before any file of the site is touched, so that a run
    /// killed at any moment leaves no feed the record does not know. Returns the record to
    /// publish from and the entries renamed as they were (identity to entry: the new feed keeps
    /// the old one's revisions and, for the same bytes, its last change).
    func renameFirst(
        _ record: PublishRecordReader, secret: PublishSecret
    ) throws(PublishError) -> (PublishRecordReader, [String: PublishRecord.Entry]) {
        let newSecret = record.exists && record.header.secretTag != secret.tag
        guard newSecret || !rotate.isEmpty else { return (record, [:]) }
        let rotated = try rotations()
        let writer = try PublishRecordWriter(path: recordPath)
        var renamed: [String: PublishRecord.Entry] = [:]
        var retired: [PublishRecord.Retired] = []
        while let (identity, old) = try record.next() {
            var entry = old
            let rotate = rotated.contains(identity)
            if newSecret || rotate, isSchedule(identity) {
                renamed[identity] = old
                retired.append(PublishRecord.Retired(name: old.name, identity: identity, since: now, pending: old.output != nil))
                entry.output = nil
                entry.stamp = 0
                entry.generation += rotate ? 1 : 0
                entry.name = name(identity, entry.generation, secret)
            }
            try writer.add(identity, entry)
        }
        // The build stays the one the feeds were made by until they are made again.
        var header = record.header
        header.site = site
        header.secretTag = secret.tag
        try writer.finish(header: header, retired: try record.retired() + retired)
        return (try PublishRecordReader(path: recordPath), renamed)
    }

    /// `identity` is a schedule file in the schedules folder now.
    private func isSchedule(_ identity: String) -> Bool { PlainFile.status(schedules + "/" + identity)?.kind == .regular }

    /// The feed name of generation `generation` of `identity`.
    func name(_ identity: String, _ generation: Int, _ secret: PublishSecret) -> String {
        FeedName.make(secret: secret.bytes, identity: identity, generation: generation)
    }

    /// The identities `rotate` names: a schedule path, a feed name (with or without `.ics`) or a
    /// link ending in one; each a schedule file now.
    private func rotations() throws(PublishError) -> Set<String> {
        guard !rotate.isEmpty else { return [] }
        let record = try PublishRecordReader(path: recordPath)
        var matched: [String: String] = [:]
        while let (identity, entry) = try record.next() {
            for id in rotate where matched[id] == nil {
                if identity == id || entry.name == id || entry.name == id + ".ics" || id.hasSuffix("/" + entry.name) {
                    matched[id] = identity
                }
            }
        }
        var result = Set<String>()
        for id in rotate {
            let identity = matched[id] ?? id
            let schedulePath = id.hasSuffix(".json") && !id.hasPrefix(".") && !id.contains("/.")
            guard matched[id] != nil || schedulePath, isSchedule(identity) else { throw .unknownFeed(id) }
            result.insert(identity)
        }
        return result
    }
}
