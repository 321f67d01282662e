import ICal

/// Absence is not deletion (decision 0200): the base's dose series the calendar lacks are
/// deletions only on evidence (`DeletionEvidence`); the others are taken out of the base before
/// the comparison, so their doses read as "the calendar did nothing here", and are reported.
extension Reconciler {
    /// The slots whose series the calendar lacks without evidence of a deletion: their UIDs
    /// (taken out of the base) and why, by slot.
    struct Absence {
        var bySlot: [SlotKey: (uids: [String], reason: String)] = [:]
        var uids: Set<String> { Set(bySlot.values.flatMap(\.uids)) }
    }

    /// The dose series of `base` (by dosecal UID, with their slot) of which `theirs` holds no
    /// series (no event of the UID, nor a split half of it).
    func missingSeries(in base: ReturnedCalendar, index: DoseSlotIndex) -> [String: DoseSlotIndex.Slot] {
        let present = Set(theirs.series.compactMap(\.dosecalUID))
        var result: [String: DoseSlotIndex.Slot] = [:]
        for s in base.series {
            guard let uid = s.dosecalUID, !present.contains(uid), let slot = index[uid] else { continue }
            result[uid] = slot
        }
        return result
    }

    /// A missing series whose main event is in the calendar without its UID (the same start and
    /// rule), or whose item (by dosecal's name for it) is in the folder but could not be read:
    /// damage, named with the event's line or the item, never a deletion (decision 0201).
    func lostUIDs(_ missing: [String: DoseSlotIndex.Slot], base: ReturnedCalendar) -> [SeriesDamage] {
        var result: [SeriesDamage] = []
        for uid in missing.keys.sorted() {
            let name = VdirName.fileName(forUID: uid)
            if let why = theirs.unreadItems[name] {
                result.append(SeriesDamage(uid: uid, file: name, .unusableItem(why)))
                continue
            }
            guard !theirs.eventsWithoutUID.isEmpty, let master = base.series(uid: uid)?.master,
                let lost = theirs.eventsWithoutUID.first(where: { $0.start == master.start && $0.ruleText == master.ruleText })
            else { continue }
            result.append(SeriesDamage(uid: uid, line: lost.line, .lostUID))
        }
        return result
    }

    /// Which of the `missing` series (damaged ones aside) are absent, not deleted, and why.
    func absence(of missing: [String: DoseSlotIndex.Slot], damaged: Set<String>) -> Absence {
        let candidates = missing.filter { !damaged.contains($0.key) }
        guard !candidates.isEmpty else { return Absence() }
        var absent: [(uid: String, slot: SlotKey, reason: String)] = []
        switch deletions {
        case .wholeCopy:
            let medications = Set(candidates.values.map(\.medicationID))
            guard let reason = theirs.notWholeCopy(lacking: medications, hasBase: base != nil) else { return Absence() }
            absent = candidates.map { ($0.key, $0.value.key, reason) }
        case .folder(let deleted, let otherwise):
            absent = candidates.filter { !deleted.contains($0.key) }.map { ($0.key, $0.value.key, otherwise) }
        }
        var result = Absence()
        for a in absent.sorted(by: { $0.uid < $1.uid }) {
            result.bySlot[a.slot, default: ([], a.reason)].uids.append(a.uid)
        }
        return result
    }

    /// The report of each absent slot: the medication and its dose time as the schedule has
    /// them today, and the reason.
    func absentSeries(_ absence: Absence, medication m: Medication, text: ChangeText, today: LocalDate) -> [AbsentSeries] {
        m.times.compactMap { slot in
            guard let found = absence.bySlot[SlotKey(medicationID: m.id, slotID: slot.id)] else { return nil }
            return AbsentSeries(
                medicationID: m.id, slotID: slot.id, uids: found.uids, reason: found.reason,
                description: text.label(slot, on: today))
        }
    }
}
