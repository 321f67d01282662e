import Foundation
import ICal

/// A sync that rebuilds only the medications whose schedule entry changed since the last clean
/// sync (decision 0115, docs/sync.md): the items of an unchanged medication are what that sync
/// wrote, so they are taken from the status (planned "in step", never written) and their events'
/// text from the merge base, instead of building, hashing and serialising every item again.
///
/// Taken only when the last run was clean (`FeedRecord` in the store, written after it, with the
/// counts of the status' and the base's saves), everything outside the medications is the same (the
/// record's key), the VTIMEZONEs and the feed header come out the same, and the plan is one a
/// full run would make without a merge: no edit or deletion in the folder, no conflict, no
/// unusable file. Anything else runs in full, which gives the same result more slowly.
extension VdirSync {
    /// The key of everything outside the medications the items depend on; nil: run in full.
    func feedKey(_ schedule: Schedule) -> String? {
        guard let build, !force else { return nil }
        let parts = [
            "dosecal-sync-feed 1", build, DoseCalVersion.current, Zone.dataVersion, folder, prefer.rawValue,
            reconcilePreference?.rawValue ?? "-", mergeEdits ? "merge" : "keep", ScheduleEncoder.sharedFingerprint(schedule),
        ]
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// The fingerprint of each of `schedule`'s medications: the caller's (from the file's text)
    /// when there is one per medication, else from their encoding.
    func fingerprints(_ schedule: Schedule) -> [String] {
        if let given = medicationFingerprints ?? scheduleBytes.flatMap(ScheduleCodec.medicationFingerprints),
            given.count == schedule.medications.count
        {
            return given
        }
        return schedule.medications.map(ScheduleEncoder.fingerprint)
    }

    /// The run when only some medications changed; nil when it cannot be taken (run in full).
    /// `run`: the folder as scanned, the run's planner and the leftovers it removed.
    /// `file`: the schedule as its file holds it (`schedule` with the travel stop); `save` as in
    /// `run`, for the phone's edits merged by parts (`VdirSync+Touched.swift`).
    func changedOnly(
        schedule: Schedule, file: Schedule, now: Int, previous: SyncStatus?,
        _ run: (state: FolderState, planner: SyncPlanner, leftovers: [String]), stepLimit: Int?,
        save: ((Merge) throws -> Void)?
    ) throws(SyncError) -> Report? {
        let runParts = Parts(
            schedule: schedule, file: file, now: now, state: run.state, planner: run.planner, stepLimit: stepLimit,
            leftovers: run.leftovers, save: save)
        guard let (report, record) = try inParts(runParts, previous: previous) else { return nil }
        let clean = report.outcome?.finished == true && report.outcome?.skipped.isEmpty == true
        try recordingInputs(after: report.merge).recordInputs(clean: clean)
        try keepFeedRecord(record, clean: clean)
        return report
    }

    /// This run with the inputs of the schedule file after `merge`: a merge that wrote the file
    /// makes the new file's (`inputsOf`; nil without it: none recorded).
    func recordingInputs(after merge: Merge?) -> VdirSync {
        guard let merge, merge.saved else { return self }
        var after = self
        after.inputs = inputsOf?(merge.bytes())
        return after
    }

    /// `merge`, saved through `save` when it changes what the file holds (new seen reminders
    /// too: they change no feed byte), and marked so.
    func saving(_ merge: Merge?, _ save: ((Merge) throws -> Void)?, file: Schedule) throws(SyncError) -> Merge? {
        guard var merge, let save, !merge.changes.changes.isEmpty || merge.schedule.seen != file.seen else { return merge }
        do { try save(merge) } catch { throw .scheduleNotSaved(folder: folder, cause: .init(error)) }
        merge.saved = true
        return merge
    }

    /// What a run by parts works with.
    struct Parts {
        var schedule: Schedule
        var file: Schedule
        var now: Int
        var state: FolderState
        var planner: SyncPlanner
        var stepLimit: Int?
        var leftovers: [String]
        var save: ((Merge) throws -> Void)?
    }

    private func inParts(_ run: Parts, previous: SyncStatus?) throws(SyncError) -> (Report, FeedRecord?)? {
        let (schedule, now, state, planner) = (run.schedule, run.now, run.state, run.planner)
        guard !dryRun, let previous, let key = feedKey(schedule), let store, let record = readFeedRecord(), record.key == key,
            record.statusEtag == String(store.statusVersion), record.baseEtag == String(store.baseVersion),
            let base = (try? store.readBase()) ?? nil, case let known = fingerprints(schedule),
            let parts = PartialFeed(schedule: schedule, fingerprints: known, record: record, previous: previous, now: now)
        else { return nil }
        guard let desired = parts.desired(known: previous) else { return nil }
        // The phone's edits are found among the items the scan read, without planning the whole
        // folder twice: the plan of the merged schedule is the run's one plan.
        if let edits = try editsRead(previous, state: state, desired: desired, planner: planner), !edits.owned.isEmpty {
            return try mergedInParts(run, found: edits, previous: previous, record: record, known: known, base: base)
        }
        let plan = try planner.plan(status: previous, folder: state, desired: desired)
        if !plan.changes.owned.isEmpty {
            return try mergedInParts(run, found: plan.changes, previous: previous, record: record, known: known, base: base)
        }
        let built = Built(schedule: schedule, parts: parts, desired: desired, status: previous)
        return try execute(plan, built, base: base, previous: previous, run, merge: nil, found: plan.changes)
    }

    /// The folder's changes among the files the scan read (their stat is not the one the status
    /// recorded): the plan of those items alone, which decides each as the plan of the whole
    /// folder does. nil when the scan read none, or read one that is not a usable item holding the
    /// UID whose entry names that file (the whole folder is planned then). What this plan cannot
    /// see (an item deleted, a second file holding a UID) the plan of the merged schedule finds,
    /// and the run goes in full before anything is written (`execute`).
    func editsRead(_ status: SyncStatus, state: FolderState, desired: [VdirItem], planner: SyncPlanner)
        throws(SyncError) -> FolderChanges?
    {
        let read = state.files.filter { $0.data != nil || $0.problem != nil }
        guard !read.isEmpty else { return nil }
        var part = SyncStatus(folder: status.folder)
        for file in read {
            guard file.problem == nil, file.uids.count == 1, let entry = status.entries[file.uids[0]], entry.file == file.name
            else { return nil }
            part.entries[entry.uid] = entry
        }
        let wanted = desired.filter { part.entries[$0.uid] != nil }
        return try planner.plan(status: part, folder: FolderState(exists: true, files: read), desired: wanted).changes
    }

    /// What a run by parts built: the schedule (with the travel stop), its partial feed, the
    /// items it wants and the status they were planned against.
    struct Built {
        var schedule: Schedule
        var parts: PartialFeed
        var desired: [VdirItem]
        var status: SyncStatus
    }

    /// Saves `merge` (when there is one) and executes `plan` made by parts, then keeps the base;
    /// nil when the plan is not one a full run without a merge would make (run in full).
    func execute(
        _ plan: SyncPlan, _ built: Built, base: MergeBaseText, previous: SyncStatus, _ run: Parts, merge: Merge?,
        found: FolderChanges
    ) throws(SyncError) -> (Report, FeedRecord?)? {
        guard plan.conflicts.isEmpty, plan.unusable.isEmpty, plan.changes.owned.isEmpty, plan.changes.duplicates.isEmpty,
            let whole = built.parts.wholeBase(base, items: built.desired)
        else { return nil }
        let merge = try saving(merge, run.save, file: run.file)
        guard let store else { return nil }
        try keepDamaged(merge?.repaired ?? [])
        let executor = SyncExecutor(folder: folder, store: store)
        let outcome = try executor.run(plan, previous: previous, stepLimit: run.stepLimit)
        var baseIsFeed = base.bytes == whole.bytes
        if outcome.statusWritten {
            if outcome.skipped.isEmpty {
                try store.keepBase(whole)
                baseIsFeed = true
            } else {
                // A file changed while we wrote: the base keeps that series' old events (the full feed's way).
                let full = FeedBuilder(schedule: built.schedule, previous: built.status.feedRevisions, now: run.now).build()
                try keepBase(full, keeping: Set(outcome.skipped.map(\.uid)))
            }
        }
        var report = Report(plan: plan, outcome: outcome, removedLeftovers: run.leftovers, merge: merge, folderChanges: found)
        report.builtInPart = true
        report.medicationsBuilt = built.parts.built
        report.itemsBuilt = built.parts.itemsBuilt
        return (report, baseIsFeed && plan.records(built.desired) ? built.parts.record : nil)
    }

    func readFeedRecord() -> FeedRecord? { (try? store?.feedRecord()) ?? nil }

    /// Keeps `record` (with the counts of the status' and base's saves now) after a clean run,
    /// removes it after any other.
    func keepFeedRecord(_ record: FeedRecord?, clean: Bool) throws(SyncError) {
        guard !dryRun, let store else { return }
        var kept = clean ? record : nil
        kept?.statusEtag = String(store.statusVersion)
        kept?.baseEtag = String(store.baseVersion)
        try store.keepFeedRecord(kept, old: readFeedRecord())
    }

    /// The record of a full run's `feed` (whose items are `items`, planned in `plan`), when the
    /// base on disk is now its text (`baseWritten`); nil when the next run cannot rebuild by parts.
    func feedRecord(of feed: Feed, items: [VdirItem], plan: SyncPlan, schedule: Schedule, baseWritten: Bool) -> FeedRecord? {
        guard baseWritten, plan.records(items), let key = feedKey(schedule) else { return nil }
        return FeedRecord(
            key: key, feed: feed, schedule: schedule, fingerprints: fingerprints(schedule))
    }
}

/// The items of the medications that changed since a `FeedRecord`, built on their own.
struct PartialFeed {
    var feed: Feed
    /// The UIDs of the items not built: all of an unchanged medication's, the others of one
    /// built in part (`keptUIDs`).
    var unchangedUIDs: [String] = []
    /// The UIDs of the items not built of the medications built in part.
    private var keptUIDs: [String] = []
    /// The record of the whole feed this run gives.
    var record: FeedRecord
    /// The medications built whole.
    private var changed: Set<String>
    /// How many medications were built whole.
    var built: Int { changed.count }
    /// How many items were built.
    var itemsBuilt: Int { feed.items.count }
    private var old: [String: FeedRecord.Medication]

    /// nil when the result could differ from building everything: a medication id twice, a
    /// VTIMEZONE whose years change, a feed header that changes, a UID in two items.
    /// `fingerprints`: one per medication of `schedule`, in order.
    /// `rebuilding`: ids of medications built whatever their fingerprint (their items in the folder
    /// are the phone's, not what the record's build gave). `repairing`: UIDs of items built
    /// although their medication is unchanged (the phone's files, repaired from the schedule);
    /// such a medication's other items are the recorded ones.
    init?(
        schedule: Schedule, fingerprints: [String], record: FeedRecord, previous: SyncStatus, now: Int,
        rebuilding: Set<String> = [], repairing: Set<String> = []
    ) {
        let ids = schedule.medications.map(\.id)
        guard Set(ids).count == ids.count, Set(record.medications.map(\.id)).count == record.medications.count else { return nil }
        old = Dictionary(uniqueKeysWithValues: record.medications.map { ($0.id, $0) })
        guard fingerprints.count == schedule.medications.count else { return nil }
        var sub = schedule
        var repairs: [String: Set<String>] = [:]
        sub.medications = zip(schedule.medications, fingerprints).filter { [old] m, f in
            guard let r = old[m.id], r.fingerprint == f, !rebuilding.contains(m.id) else { return true }
            let wanted = repairing.isEmpty ? [] : Set(r.uids.filter { repairing.contains($0) })
            if !wanted.isEmpty { repairs[m.id] = wanted }
            return !wanted.isEmpty
        }.map(\.0)
        changed = Set(sub.medications.map(\.id)).subtracting(repairs.keys)
        var builder = FeedBuilder(schedule: sub, previous: previous.feedRevisions, now: now)
        builder.only = repairs
        feed = builder.build()
        var byMedication: [String: [FeedItem]] = [:]
        for item in feed.items { byMedication[item.medicationID, default: []].append(item) }
        // Each item to repair is one the medication has (else its file would go unplanned).
        let repaired = Set(repairs.keys.flatMap { byMedication[$0] ?? [] }.map(\.uid))
        guard repairs.values.allSatisfy({ $0.isSubset(of: repaired) }) else { return nil }
        var medications: [FeedRecord.Medication] = []
        var touched = Set(feed.zoneYears.years.keys)
        let present = Set(ids)
        for r in record.medications where changed.contains(r.id) || !present.contains(r.id) {
            touched.formUnion(r.tzids)
        }
        for (m, f) in zip(schedule.medications, fingerprints) {
            if let r = old[m.id], !changed.contains(m.id) {
                medications.append(r)
                if let built = repairs[m.id] {
                    let kept = r.uids.filter { !built.contains($0) }
                    keptUIDs += kept
                    unchangedUIDs += kept
                } else {
                    unchangedUIDs += r.uids
                }
            } else {
                let r = FeedRecord.medication(m.id, fingerprint: f, items: byMedication[m.id] ?? [])
                touched.formUnion(r.tzids)
                medications.append(r)
            }
        }
        let uids = medications.flatMap(\.uids)
        guard Set(uids).count == uids.count, touched.allSatisfy({ [feed] in feed.zoneYears.years[$0] == record.zones[$0] }),
            medications.allSatisfy(\.zoned) == record.allZoned
        else { return nil }
        self.record = FeedRecord(key: record.key, allZoned: record.allZoned, zones: record.zones, medications: medications)
    }

    /// The items the schedule wants: those built, and the unchanged ones as `status` recorded
    /// them; nil when an unchanged item's entry is not one written by dosecal and settled.
    func desired(known status: SyncStatus) -> [VdirItem]? { items(recording: unchangedUIDs, known: status) }

    /// The items built, and the other items of the medications built in part as `status`
    /// recorded them (a plan against those medications' entries only); nil as for `desired`.
    func built(known status: SyncStatus) -> [VdirItem]? { items(recording: keptUIDs, known: status) }

    /// The items built and, for each of `uids`, the item `status` recorded.
    private func items(recording uids: [String], known status: SyncStatus) -> [VdirItem]? {
        var items = VdirItem.items(of: feed, known: status)
        for uid in uids {
            guard let e = status.entries[uid], e.owner == .schedule, let written = e.written, e.pending == nil else {
                return nil
            }
            items.append(VdirItem(recorded: uid, written))
        }
        return items
    }

    /// The base's rows after this build, when the medications are the same ones in the same
    /// order as `old` records: each built series of a medication that keeps its UIDs (in order)
    /// has its row, which keeps its place (`kept`); the series of consecutive medications whose
    /// UIDs changed replace those medications' old rows together, between the rows around them
    /// (`blocks`). nil otherwise.
    func baseRows(items: [VdirItem], old: FeedRecord) -> SyncStore.BaseRows? {
        guard record.medications.count == old.medications.count,
            zip(record.medications, old.medications).allSatisfy({ $0.id == $1.id })
        else { return nil }
        var events = MergeBase.Events(items)
        var texts: [String: [UInt8]] = [:]
        var byMedication: [String: [String]] = [:]
        for item in feed.items {
            if texts[item.uid] == nil { byMedication[item.medicationID, default: []].append(item.uid) }
            events.append(item, to: &texts[item.uid, default: []])
        }
        var rows = SyncStore.BaseRows()
        var block: SyncStore.BaseBlock?
        var lastKept: String?
        for (m, o) in zip(record.medications, old.medications) {
            let built = (byMedication[m.id] ?? []).map { (uid: $0, events: texts[$0] ?? []) }
            if m.uids == o.uids {
                guard let first = m.uids.first, let last = m.uids.last else { continue }
                if var open = block {
                    open.after = first
                    rows.blocks.append(open)
                    block = nil
                }
                rows.kept += built
                lastKept = last
            } else {
                // A medication whose UIDs changed was built whole: its series are its built ones.
                guard built.map(\.uid) == m.uids else { return nil }
                if block == nil { block = SyncStore.BaseBlock(before: lastKept) }
                block?.old += o.uids
                block?.rows += built
            }
        }
        if let open = block { rows.blocks.append(open) }
        return rows
    }

    /// The whole feed's base: the old base's head and unchanged series, the changed series' events
    /// as they are written; nil when an unchanged series is missing from the old base.
    func wholeBase(_ base: MergeBaseText, items: [VdirItem]) -> MergeBaseText? {
        var events = MergeBase.Events(items)
        var byMedication: [String: [FeedItem]] = [:]
        for item in feed.items { byMedication[item.medicationID, default: []].append(item) }
        var series: [(uid: String, events: [UInt8])] = []
        for m in record.medications {
            if changed.contains(m.id) {
                for item in byMedication[m.id] ?? [] {
                    var text: [UInt8] = []
                    events.append(item, to: &text)
                    series.append((item.uid, text))
                }
            } else {
                for uid in m.uids {
                    guard let text = base.events(of: uid) else { return nil }
                    series.append((uid, text))
                }
            }
        }
        return MergeBaseText(head: base.head, series: series, tail: ICalSerializer.calendarEnd)
    }
}

extension SyncPlan {
    /// Whether the status this plan leaves records, for every item built (not `recorded`), the
    /// revision the builder gave it: then the next build of an unchanged series gives the same
    /// text, SEQUENCE and LAST-MODIFIED, as a `FeedRecord` assumes.
    func records(_ items: [VdirItem]) -> Bool {
        items.allSatisfy { d in
            d.calendar.components.isEmpty  // recorded, not built
                || status.entries[d.uid].map { ($0.pending ?? $0.written)?.feed == d.revision } == true
        }
    }
}
