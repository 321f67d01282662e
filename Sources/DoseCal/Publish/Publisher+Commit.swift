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
            }
            plan.next.entries[outcome.identity] = entry
        }
        if !staged.isEmpty { AtomicFile.syncFolder(site) }
    }

    /// Removes the files of the names retired and not removed yet (they were recorded before the
    /// run touched anything).
    func retire(_ record: inout PublishRecord, report: inout PublishReport) throws(PublishError) {
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
        if removed { AtomicFile.syncFolder(site) }
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
