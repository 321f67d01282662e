import Foundation

/// One schedule read and, when its bytes changed, built; run on several threads at once. The
/// feed path calls no libical function (the feed is written by dosecal's own writer, the earlier
/// feed read from its own lines; anything that does reach libical takes `Libical.lock`).
extension Publisher {
    /// What became of one schedule: its entry after the run, and the feed's temporary when it is
    /// to be written.
    struct Outcome: Sendable {
        var identity: String
        var entry: PublishRecord.Entry
        var staged: StagedWrites.Staged?
    }

    func build(_ work: Work) -> Outcome {
        var entry = work.entry
        var outcome = Outcome(identity: work.identity, entry: entry, staged: nil)
        let data: Data
        do {
            guard let d = try PlainFile.read(schedules + "/" + work.identity) else {
                outcome.entry.problem = "\(work.identity) disappeared while publishing; its feed is kept"
                return outcome
            }
            data = d
        } catch {
            outcome.entry.problem = "\(work.identity) cannot be read: it \(error); its feed is kept"
            return outcome
        }
        let input = PublishRecord.Digest(of: data)
        entry.file = work.file
        // The same bytes built by the same program: the same feed.
        if !work.rebuild && !work.newBuild && input == entry.input && entry.problem.isEmpty && entry.output != nil {
            outcome.entry = entry
            return outcome
        }
        entry.input = input
        let schedule: Schedule
        do { schedule = try ScheduleCodec.decode(data, file: work.identity) } catch {
            // The last good feed stays served: damage never stops a medication.
            entry.problem = "\(error)"
            outcome.entry = entry
            return outcome
        }
        entry.problem = ""
        entry.calendar = schedule.feed.privacy ? "" : schedule.feed.name
        let (bytes, stamp) = feed(of: schedule, entry: entry, work: work)
        let output = PublishRecord.Digest(of: bytes)
        if output == entry.output && !work.rebuild {
            outcome.entry = entry
            return outcome
        }
        let last = output == entry.output ? entry.stamp : stamp
        var writes = StagedWrites(folder: site)
        do {
            outcome.staged = try writes.stage(bytes, named: entry.name, mode: 0o644, modified: last)
        } catch {
            outcome.entry.problem = "cannot write its feed: \(error.reason)"
            outcome.entry.file = nil
            return outcome
        }
        entry.output = output
        entry.stamp = last
        outcome.entry = entry
        return outcome
    }

    /// The feed's bytes, and the stamp its changed events carry: the schedule file's modification
    /// time, or a second after the feed's last change when that is later (a feed's last change
    /// never goes back, so its Last-Modified and ETag change with every change of its bytes).
    /// Unchanged events keep their revisions from the feed in the site.
    private func feed(of schedule: Schedule, entry: PublishRecord.Entry, work: Work) -> ([UInt8], Int) {
        let stamp = entry.stamp > 0 ? max(work.file.modified, entry.stamp + 1) : max(0, work.file.modified)
        let builder = FeedBuilder(schedule: schedule, now: stamp)
        let earlier = (try? PlainFile.read(site + "/" + (work.previousName ?? entry.name))).flatMap { $0 }
        if let earlier, let previous = PreviousFeed(bytes: Array(earlier)) { return (previous.write(builder).bytes, stamp) }
        return (builder.write().bytes, stamp)
    }
}
