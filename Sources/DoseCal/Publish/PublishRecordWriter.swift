/// The publish record written as the publish goes (`PublishRecord+Text.swift` has the format):
/// each feed's line as its entry is settled, in path order, to a temporary of the state folder;
/// `finish` then writes the record's temporary (the settings, known at the end: the site
/// folder's status is the one the run leaves), those lines and the retired names, and puts it in
/// place of the record at once. Only a buffer is held, whatever the number of schedules.
final class PublishRecordWriter {
    /// The record.
    let path: String
    /// The feed lines so far (the temporary of `bodyPath`, never put in place).
    private let body: StreamedFile
    private var line: [UInt8] = []

    /// The temporary the feed lines go to, next to the record (an interrupted run's leftover is
    /// removed as the record's are).
    static func bodyPath(of record: String) -> String { record + "-feeds" }

    init(path: String) throws(PublishError) {
        self.path = path
        do { body = try StreamedFile(Self.bodyPath(of: path)) } catch {
            throw .io(path: path, reason: "cannot keep the publish record: \(error.reason)")
        }
    }

    /// Adds the entry of `identity` (after the entry before it in path order).
    func add(_ identity: String, _ entry: PublishRecord.Entry) throws(PublishError) {
        line.removeAll(keepingCapacity: true)
        PublishRecord.line(identity, entry, into: &line)
        do { try body.append(line) } catch { throw .io(path: path, reason: "cannot keep the publish record: \(error.reason)") }
    }

    /// Writes the record: `header`'s settings and site folder, the entries added, `retired`. May
    /// be called again (with the retired names removed, say): the entries are kept.
    func finish(header: PublishRecord, retired: [PublishRecord.Retired]) throws(PublishError) {
        do {
            try body.flush()
            let record = try StreamedFile(path)
            try record.append(PublishRecord.headerLines(header))
            try record.append(contentsOf: body.temporary)
            var tail: [UInt8] = []
            for r in retired { PublishRecord.line(r, into: &tail) }
            try record.append(tail)
            try record.commit()
        } catch {
            throw .io(path: path, reason: "cannot keep the publish record: \(error.reason)")
        }
    }
}
