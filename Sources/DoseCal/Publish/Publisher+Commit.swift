import Foundation

/// The feeds built by a run put in place, the retired names removed.
extension Publisher {
    /// Makes every new feed of `outcomes` durable (one `syncfs`), renames each over its name;
    /// returns the entries after the run, in the order of `outcomes`.
    func commit(_ outcomes: [Outcome], report: inout PublishReport) throws(PublishError) -> [PublishRecord.Entry] {
        let staged = outcomes.compactMap(\.staged)
        let writes = StagedWrites(folder: site, staged: staged)
        do { try writes.makeDurable() } catch {
            writes.discardAll()
            throw .io(path: site, reason: "cannot write the feeds: \(error.reason)")
        }
        var entries: [PublishRecord.Entry] = []
        entries.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            var entry = outcome.entry
            if let s = outcome.staged {
                do { try StagedWrites.commit(s) } catch {
                    entry.problem = "cannot write its feed: \(error.reason)"
                    entry.file = nil
                    entries.append(entry)
                    continue
                }
                report.writtenCount += 1
                if report.written.count < listWritten {
                    report.written.append(PublishReport.Written(identity: outcome.identity, name: entry.name, stamp: entry.stamp))
                }
                // A name served again (a pruned schedule back) is no longer gone.
                try? Syscalls.unlink(retiredMarker(entry.name))
            }
            entries.append(entry)
        }
        if !staged.isEmpty { AtomicFile.syncFolder(site) }
        return entries
    }

    /// Removes the files of the names retired and not removed yet (they are on record already: a
    /// renamed feed's before the run touched anything, a pruned one's in the record written just
    /// before), each after its marker in `SITE/retired/` is in place (so that the web
    /// server answers 410 Gone for it, docs/publish.md); a retired name without a marker (retired
    /// before markers were written) gets one.
    func retire(_ retired: inout [PublishRecord.Retired], report: inout PublishReport) throws(PublishError) {
        // A name is served again when its feed is there and not to be removed.
        let marked = try markRetired(
            retired.filter { r in
                PlainFile.status(retiredMarker(r.name)) == nil && (r.pending || PlainFile.status(site + "/" + r.name) == nil)
            })
        var removed = false
        for i in retired.indices where retired[i].pending {
            let path = site + "/" + retired[i].name
            do {
                try Syscalls.unlink(path)
                removed = true
            } catch  where error == .noSuchFile {
            } catch {
                throw .io(path: path, reason: "cannot remove the retired feed: \(error)")
            }
            retired[i].pending = false
            report.retired.append(retired[i])
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
}
