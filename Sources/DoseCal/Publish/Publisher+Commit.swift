import Foundation

/// The feeds built by a run put in place, the retired names removed, the index written.
extension Publisher {
    /// Makes every new feed durable (one `syncfs`), renames each over its name, and puts the
    /// outcomes in the record.
    func commit(_ outcomes: [Outcome], plan: inout Plan, report: inout PublishReport) throws(PublishError) {
        let staged = outcomes.compactMap(\.staged)
        let writes = StagedWrites(folder: site, staged: staged)
        do { try writes.makeDurable() } catch {
            writes.discardAll()
            throw .io(path: site, reason: "cannot write the feeds: \(error.reason)")
        }
        for outcome in outcomes {
            var entry = outcome.entry
            if let s = outcome.staged {
                do { try StagedWrites.commit(s) } catch {
                    entry.problem = "cannot write its feed: \(error.reason)"
                    entry.file = nil
                    plan.next.entries[outcome.identity] = entry
                    continue
                }
                report.written.append(PublishReport.Written(identity: outcome.identity, name: entry.name, stamp: entry.stamp))
                // A name served again (a pruned schedule back) is no longer gone.
                try? Syscalls.unlink(retiredMarker(entry.name))
            }
            plan.next.entries[outcome.identity] = entry
        }
        if !staged.isEmpty { AtomicFile.syncFolder(site) }
    }

    /// Removes the files of the names retired and not removed yet (they were recorded before the
    /// run touched anything), each after its marker in `SITE/retired/` is in place (so that the web
    /// server answers 410 Gone for it, docs/publish.md); a retired name without a marker (retired
    /// before markers were written) gets one.
    func retire(_ record: inout PublishRecord, report: inout PublishReport) throws(PublishError) {
        let entries = record.entries
        let marked = try markRetired(
            record.retired.filter { r in entries[r.identity].map { $0.name != r.name || $0.output == nil } ?? true })
        var removed = false
        for i in record.retired.indices where record.retired[i].pending {
            let path = site + "/" + record.retired[i].name
            do {
                try Syscalls.unlink(path)
                removed = true
            } catch  where error == .noSuchFile {
            } catch {
                throw .io(path: path, reason: "cannot remove the retired feed: \(error)")
            }
            record.retired[i].pending = false
            report.retired.append(record.retired[i])
        }
        if removed || marked { AtomicFile.syncFolder(site) }
    }

    /// `SITE/retired/NAME`: an empty file (0644) that tells the web server NAME is gone for good.
    func retiredMarker(_ name: String) -> String { site + "/" + Self.retiredFolder + "/" + name }

    /// The folder of the retired names' markers, in the site folder.
    public static let retiredFolder = "retired"

    /// Writes the missing markers of `retired` (durable before any feed is removed); true when
    /// one was written.
    private func markRetired(_ retired: [PublishRecord.Retired]) throws(PublishError) -> Bool {
        let missing = retired.filter { PlainFile.status(retiredMarker($0.name)) == nil }
        if missing.isEmpty { return false }
        let folder = site + "/" + Self.retiredFolder
        do {
            if PlainFile.status(folder) == nil { try Syscalls.mkdir(folder, mode: 0o755) }
            try Syscalls.chmod(folder, 0o755)
            for r in missing {
                try AtomicFile.write(Data(), to: retiredMarker(r.name), mode: 0o644, syncFolder: false)
            }
        } catch {
            throw .io(path: folder, reason: "cannot mark the retired names: \(error)")
        }
        AtomicFile.syncFolder(folder)
        return true
    }

    /// The index for the operator (`index.json`, `index.txt`, 0600).
    func writeIndex(_ record: PublishRecord) throws(PublishError) {
        let index = PublishIndex(record: record, schedules: schedules)
        for (path, bytes) in [(indexPath, index.json()), (indexTextPath, index.text())] {
            do { try AtomicFile.write(bytes, to: path) } catch {
                throw .io(path: path, reason: "cannot write the index: \(error.reason)")
            }
        }
    }
}
