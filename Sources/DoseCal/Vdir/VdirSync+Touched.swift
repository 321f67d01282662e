import Foundation
import ICal

/// The phone's edits merged by parts (docs/sync.md, decision 0270): when the last sync was clean
/// (its `FeedRecord` holds) and the folder's only changes are owned items edited on the phone, the
/// merge reads, compares and rebuilds only the medications those items belong to. Only the items
/// whose stat changed are read (by the scan); the others are as dosecal recorded them when it
/// wrote them, so their series are the base's, parsed once for both sides. The base's series are
/// taken by UID, and the reconcile engine compares them with those medications of the schedule;
/// the merged schedule is then built by parts, as after a schedule edit.
///
/// Taken only when nothing else in the folder could take part in the merge: no deletion, no
/// foreign item (a split's second half is one), no duplicate or unusable file, no conflict, no
/// unmapped edit and no absent series in the result, every edit accepted or, when the phone
/// damaged its series, repaired (its bytes kept). Anything else is merged in full, which gives
/// the same result from the whole folder.
extension VdirSync {
    /// The run after a merge by parts; nil when it cannot be taken (before anything is written).
    /// `found`: the folder's changes, as the plan of the unmerged schedule found them; `known`: the
    /// fingerprints of the file's medications (`fingerprints`).
    func mergedInParts(
        _ run: Parts, found: FolderChanges, previous: SyncStatus, record: FeedRecord, known: [String], base: MergeBaseText
    ) throws(SyncError) -> (Report, FeedRecord?)? {
        guard let (merge, parts, schedule) = mergeByParts(run, found, previous, record, known, base),
            let desired = parts.desired(known: merge.status)
        else { return nil }
        let plan = try run.planner.plan(status: merge.status, folder: run.state, desired: desired)
        let built = Built(schedule: schedule, parts: parts, desired: desired, status: merge.status)
        return try execute(plan, built, base: base, previous: previous, run, merge: merge, found: found)
    }

    /// The phone's edits of `found` merged by parts into the file's schedule (`mergeTouched`),
    /// encoded once, with the partial feed of the merged schedule (the touched medications built
    /// whatever their fingerprint: their files are the phone's) and that schedule with the
    /// travel stop; nil when the merge is not one to take by parts.
    func mergeByParts(
        _ run: Parts, _ found: FolderChanges, _ previous: SyncStatus, _ record: FeedRecord, _ known: [String],
        _ base: MergeBaseText
    ) -> (merge: Merge, parts: PartialFeed, schedule: Schedule)? {
        guard let touched = touchedMedications(run, found: found, previous: previous, record: record) else { return nil }
        // Each touched medication's entry is the one its items were last written from (the record
        // says so): the schedule's feed of them is the base's series, not built and read back.
        let recorded = Dictionary(record.medications.map { ($0.id, $0.fingerprint) }, uniquingKeysWith: { a, _ in a })
        let asWritten =
            known.count == run.schedule.medications.count
            && zip(run.schedule.medications, known).allSatisfy { m, f in !touched.ids.contains(m.id) || recorded[m.id] == f }
        guard var merge = mergeTouched(touched, run, found: found, previous: previous, base: base, asWritten: asWritten)
        else { return nil }
        let encoded = ScheduleCodec.encode(merge.schedule)
        merge.encoded = encoded
        let schedule = travelled(merge.schedule)
        let ids = merge.schedule.medications.map(\.id)
        // A touched medication the merge left as it was (its damaged items repaired, say) keeps its
        // other items: only the phone's files of it are built again.
        let rebuilt = touched.ids.subtracting(VdirSync.leftAsTheyWere(touched.ids, run.file, merge.schedule))
        guard let fingerprints = ScheduleCodec.medicationFingerprints(encoded), ids == run.file.medications.map(\.id),
            known.count == ids.count,
            var parts = PartialFeed(
                schedule: schedule, fingerprints: fingerprints,
                record: VdirSync.carrying(record, ids: ids, from: known, to: fingerprints, except: rebuilt),
                previous: merge.status, now: run.now, rebuilding: rebuilt, repairing: Set(found.owned.keys))
        else { return nil }
        merge.readFileIsEncoding = readFileIsEncoding(run.file, merged: merge.schedule, encoded: fingerprints, known: known)
        // Log entries and seen reminders the merge added are the touched medications' only, which
        // were rebuilt: the record holds for the merged schedule, and the next edit goes by parts too.
        if VdirSync.sameOutside(touched.ids, run.file, merge.schedule), let key = feedKey(schedule) {
            parts.record.key = key
        }
        return (merge, parts, schedule)
    }

    /// Whether the schedule file's bytes (`scheduleBytes`, whose medications' fingerprints are
    /// `known`) are dosecal's encoding of `file`, from `merged`'s encoding (whose medications'
    /// fingerprints are `encoded`): a medication the merge left as it was is written as it is there.
    func readFileIsEncoding(_ file: Schedule, merged: Schedule, encoded: [String], known: [String]) -> Bool? {
        guard let bytes = scheduleBytes, encoded.count == file.medications.count,
            ScheduleEncoder.writtenVersion(file) == ScheduleEncoder.writtenVersion(merged)
        else { return nil }
        let canonical = zip(zip(file.medications, merged.medications), encoded).map { pair, f in pair.0 == pair.1 ? f : nil }
        return ScheduleCodec.isEncoding(bytes, of: file, fingerprints: known, canonical: canonical)
    }

    /// `record` with each medication outside `touched` that the record holds as built from its
    /// text in the file before the merge (`old`, per id in `ids`) given its text in the merged file
    /// (`new`): the merge left its value as it was, so its items are the recorded ones, though its
    /// text changes when the file was not in dosecal's layout (written by hand or by another
    /// program). Such a medication is not built again, and the next sync finds it recorded.
    static func carrying(
        _ record: FeedRecord, ids: [String], from old: [String], to new: [String], except touched: Set<String>
    ) -> FeedRecord {
        var texts: [String: (old: String, new: String)] = [:]
        for (id, (o, n)) in zip(ids, zip(old, new)) where !touched.contains(id) { texts[id] = (o, n) }
        var carried = record
        for i in carried.medications.indices {
            guard let t = texts[carried.medications[i].id], t.old == carried.medications[i].fingerprint else { continue }
            carried.medications[i].fingerprint = t.new
        }
        return carried
    }

    /// `schedule` with only the medications of `ids`, their log entries and seen reminders.
    /// Privacy names medications by their place in the whole schedule, never in the part.
    static func part(_ schedule: Schedule, of ids: Set<String>) -> Schedule {
        var sub = schedule.feed.privacy ? Reconciler.neutralNames(schedule) : schedule
        sub.medications.removeAll { !ids.contains($0.id) }
        sub.log.removeAll { !ids.contains($0.medication) }
        sub.seen.removeAll { !ids.contains($0.medication) }
        return sub
    }

    /// The medications of `ids` that are the same in `a` and `b`, with the same log entries and
    /// seen reminders.
    static func leftAsTheyWere(_ ids: Set<String>, _ a: Schedule, _ b: Schedule) -> Set<String> {
        let (x, y) = (MedicationParts(a, ids), MedicationParts(b, ids))
        return ids.filter { x.parts[$0] == y.parts[$0] }
    }

    /// Whether `a` and `b` are the same but for their medications and the log entries and seen
    /// reminders of the medications in `ids`.
    static func sameOutside(_ ids: Set<String>, _ a: Schedule, _ b: Schedule) -> Bool {
        MedicationParts(a, ids).rest == MedicationParts(b, ids).rest
    }

    /// The UIDs of `uids` in the slots (medication and dose time) of the `edited` items, by the
    /// schedule's `items`; all of a medication's when an edited item of it is no series of a
    /// slot, and any UID the items do not name.
    static func editedSlots(_ uids: Set<String>, edited: some Sequence<String>, items: [WrittenFeed.Item]) -> Set<String> {
        var byUID: [String: WrittenFeed.Item] = [:]
        for item in items { byUID[item.uid] = item }
        var slots = Set<SlotKey>()
        var whole = Set<String>()
        for uid in edited {
            guard let item = byUID[uid] else { return uids }
            if case .dose(let slotID, _) = item.kind {
                slots.insert(SlotKey(medicationID: item.medicationID, slotID: slotID))
            } else {
                whole.insert(item.medicationID)
            }
        }
        return uids.filter { uid in
            guard let item = byUID[uid] else { return true }
            guard case .dose(let slotID, _) = item.kind else { return whole.contains(item.medicationID) }
            return whole.contains(item.medicationID) || slots.contains(SlotKey(medicationID: item.medicationID, slotID: slotID))
        }
    }

    /// The ids of the medications whose items the phone edited, and every UID of theirs; nil when
    /// the folder holds anything else that could take part in a merge.
    private func touchedMedications(_ run: Parts, found: FolderChanges, previous: SyncStatus, record: FeedRecord)
        -> (ids: Set<String>, uids: Set<String>)?
    {
        guard mergeEdits, !run.planner.scheduleOverrides, found.duplicates.isEmpty, found.foreignAdded.isEmpty,
            found.owned.values.allSatisfy({ if case .edited = $0 { true } else { false } }),
            !previous.entries.values.contains(where: { $0.owner == .calendar }),
            run.state.files.allSatisfy({ f in
                f.problem == nil && f.uids.count == 1 && previous.entries[f.uids[0]]?.owner == .schedule
            })
        else { return nil }
        // The few edited UIDs looked up in the record's lists (no table of all its UIDs).
        let edited = Set(found.owned.keys)
        var seen = Set<String>()
        var ids = Set<String>()
        var uids = Set<String>()
        for m in record.medications {
            let mine = m.uids.filter { edited.contains($0) }
            guard !mine.isEmpty else { continue }
            seen.formUnion(mine)
            if ids.insert(m.id).inserted { uids.formUnion(m.uids) }
        }
        return seen == edited ? (ids, uids) : nil
    }

    /// The base's text with only the events of `uids` (a series deleted on the phone aside), and
    /// whether it holds every one of them.
    static func basePart(_ base: MergeBaseText, uids: Set<String>, previous: SyncStatus) -> (text: [UInt8], whole: Bool) {
        var text = base.head
        var whole = true
        for uid in uids.sorted() {
            guard previous.entries[uid]?.owner != .deleted else {
                whole = false
                continue
            }
            if !base.append(eventsOf: uid, to: &text) { whole = false }
        }
        return (text + ICalSerializer.calendarEnd, whole)
    }

    /// The phone's edits of the `touched` medications merged into the file's schedule, with the
    /// status recording them; nil when the result is not one to take by parts. `asWritten`: the
    /// records show those medications as their items were last written (`Reconciler.oursIsBase`).
    private func mergeTouched(
        _ touched: (ids: Set<String>, uids: Set<String>), _ run: Parts, found: FolderChanges, previous: SyncStatus,
        base: MergeBaseText, asWritten: Bool
    ) -> Merge? {
        let ours = travelled(VdirSync.part(run.file, of: touched.ids))
        // The reconciler compares slot by slot; with the schedule's side the base's, the series of
        // the slots the phone did not edit are the same on every side and left out.
        let written = asWritten ? FeedBuilder(schedule: ours, now: run.now).itemList() : nil
        let scope = written.map { VdirSync.editedSlots(touched.uids, edited: found.owned.keys, items: $0) } ?? touched.uids
        var items: [[UInt8]] = []
        var names: [String] = []
        // An item the scan did not read is as dosecal built and wrote it: its events are the base's.
        var recorded = Set<String>()
        for file in run.state.files where scope.contains(file.uids[0]) {
            if file.data == nil, previous.entries[file.uids[0]]?.written?.key.isEmpty == false {
                recorded.insert(file.uids[0])
                continue
            }
            guard let data = file.data ?? ((try? PlainFile.read(folder + "/" + file.name)) ?? nil) else { return nil }
            items.append(Array(data))
            names.append(file.name)
        }
        let (baseText, wholeBase) = VdirSync.basePart(base, uids: scope, previous: previous)
        guard let parsedBase = try? ICalParser.parse(baseText), parsedBase.problems.isEmpty, parsedBase.warnings.isEmpty,
            let baseRoot = parsedBase.calendar
        else { return nil }
        let baseCalendar = ReturnedCalendar(parsedBase)
        // The items the scan did not read are the base's series, read once; when that cannot give
        // the same calendar, the base's text of them is read with the items.
        let readInFull = { () -> ReturnedCalendar? in
            var kept = baseRoot
            kept.components.removeAll { $0.name == "VEVENT" && !recorded.contains($0.property("UID")?.value ?? "") }
            var read = parsedBase
            read.components = [kept]
            return try? ReturnedCalendar(parsingItems: items, names: names, read: recorded.isEmpty ? [] : [read])
        }
        guard
            let theirs = (try? ReturnedCalendar.reading(items: items, names: names, reusing: baseCalendar, uids: recorded))
                ?? readInFull()
        else { return nil }
        var reconciler = Reconciler(base: baseCalendar, ours: ours, theirs: theirs, now: run.now)
        reconciler.ours = ours
        reconciler.oursIsBase = asWritten && wholeBase
        reconciler.listedItems = written
        reconciler.deletions = .folder(deleted: [], otherwise: "dosecal has no record of writing its item to this folder")
        guard let (unnamed, written) = try? reconciler.reconcileWithItems(prefer: reconcilePreference),
            unnamed.conflicts.isEmpty, unnamed.unmapped.isEmpty, unnamed.absent.isEmpty,
            let merged = try? run.file.merging(unnamed, now: run.now)
        else { return nil }
        let set = namingDamage(unnamed, state: run.state)
        let slots = written.map { ($0.uid, $0.medicationID, $0.kind) }
        let verdict = MergeVerdict(set: set, items: slots, base: baseCalendar, theirs: theirs)
        var result = Merge(changes: set, schedule: merged, status: previous, accepted: [])
        for (uid, change) in found.owned.sorted(by: { $0.key < $1.key }) {
            accept(uid, change, verdict: verdict, state: run.state, into: &result)
        }
        // Every edit is taken, or its item repaired from the schedule (its damage is its own).
        let settled = Set(result.accepted + result.repaired.map(\.uid))
        return settled == Set(found.owned.keys) && Set(set.damaged.map(\.uid)).isSubset(of: settled) ? result : nil
    }
}

/// A schedule split for comparing by medication: each medication of a set of ids with its log
/// entries and seen reminders, and the rest of the schedule (no medications, the other log
/// entries and seen reminders, in order), in one pass over each list whatever the number of ids.
struct MedicationParts {
    struct Part: Equatable {
        var medications: [Medication] = []
        var log: [DoseLogEntry] = []
        var seen: [SeenReminder] = []
    }
    /// By medication id.
    var parts: [String: Part] = [:]
    var rest: Schedule

    init(_ schedule: Schedule, _ ids: Set<String>) {
        rest = schedule
        rest.medications = []
        rest.log = []
        rest.seen = []
        for m in schedule.medications where ids.contains(m.id) { parts[m.id, default: Part()].medications.append(m) }
        for e in schedule.log {
            if ids.contains(e.medication) { parts[e.medication, default: Part()].log.append(e) } else { rest.log.append(e) }
        }
        for e in schedule.seen {
            if ids.contains(e.medication) { parts[e.medication, default: Part()].seen.append(e) } else { rest.seen.append(e) }
        }
    }
}
