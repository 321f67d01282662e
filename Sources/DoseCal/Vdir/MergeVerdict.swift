import ICal

/// Which folder edits a sync may take as settled (decision 0036): an item is accepted when its
/// slots have no conflict, no edit the schedule cannot say (unmapped), no damage and no series
/// missing without evidence of a deletion (decision 0200), and (for an
/// edited item) the phone changed nothing the schedule cannot hold (text, duration).
struct MergeVerdict {
    let set: ChangeSet
    /// Which medication and slot each UID of the schedule's feed carries (slot nil: refill warning).
    let slotsOf: [String: (medication: String, slot: String?)]
    let base: ReturnedCalendar?
    let theirs: ReturnedCalendar
    private(set) var ours: ReturnedCalendar?
    var damage: [String: SeriesDamage] { Dictionary(set.damaged.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a }) }

    /// `feed` is the schedule's feed as the run built it (before the merge).
    init(set: ChangeSet, feed: Feed, base: ReturnedCalendar?, theirs: ReturnedCalendar) {
        self.init(set: set, items: feed.items.map { ($0.uid, $0.medicationID, $0.kind) }, base: base, theirs: theirs)
        if base == nil {
            ours = ReturnedCalendar(ParsedCalendar(readingBuilt: feed.calendar))
        }
    }

    /// `items`: the UID, medication and kind of each item of the schedule's feed before the
    /// merge (what the reconcile engine compared); `base` is what an edited item is compared with.
    init(
        set: ChangeSet, items: [(uid: String, medicationID: String, kind: FeedItem.Kind)], base: ReturnedCalendar?,
        theirs: ReturnedCalendar
    ) {
        self.set = set
        var slots: [String: (medication: String, slot: String?)] = [:]
        for item in items {
            switch item.kind {
            case .dose(let slotID, _): slots[item.uid] = (item.medicationID, slotID)
            case .supplyWarning, .nextDoseAllowed: slots[item.uid] = (item.medicationID, nil)
            }
        }
        slotsOf = slots
        self.base = base
        self.theirs = theirs
        ours = nil
    }

    /// No conflict, unmapped edit, damage or absence concerns `uid`'s medication and slot.
    func accepts(_ uid: String) -> Bool {
        guard let owner = slotsOf[uid] else { return set.conflicts.isEmpty && set.unmapped.isEmpty }
        func concerns(_ medicationID: String, _ slotID: String?) -> Bool {
            medicationID == owner.medication && (slotID == nil || owner.slot == nil || slotID == owner.slot)
        }
        return !set.conflicts.contains { concerns($0.medicationID, $0.slotID) }
            && !set.unmapped.contains { concerns($0.medicationID, $0.slotID) }
            && !set.damaged.contains { concerns($0.medicationID, $0.slotID) }
            && !set.absent.contains { concerns($0.medicationID, $0.slotID) }
    }

    /// The phone's version of `uid` differs from what dosecal last wrote in something the
    /// schedule cannot hold: a title, a note, a place, a length, a status. Such an item stays
    /// as the phone left it and is reported, so that nothing the person wrote is overwritten.
    func holdsUnmergeable(_ uid: String) -> Bool {
        guard let phone = theirs.series(uid: uid) else { return false }
        guard let written = (base ?? ours)?.series(uid: uid) else { return false }
        guard let a = phone.master, let b = written.master else { return phone.master != nil }
        let known = Set(([b] + written.overrides).map(MergeVerdict.shortText))
        return MergeVerdict.text(of: a) != MergeVerdict.text(of: b)
            || phone.overrides.contains { !known.contains(MergeVerdict.shortText(of: $0)) }
    }

    /// What the schedule does not hold in a main event: title, note, place, length, status.
    static func text(of e: ReturnedEvent) -> [String] {
        let c = e.component
        return [c.property("DESCRIPTION")?.text ?? "", e.durationSeconds.map(String.init) ?? ""] + shortText(of: e)
    }

    /// The same for an override, whose note and length clients copy or rewrite when they move it.
    static func shortText(of e: ReturnedEvent) -> [String] {
        [
            e.summary ?? "", e.component.property("LOCATION")?.text ?? "",
            e.isCancelled ? "" : (e.component.property("STATUS")?.value ?? ""),
        ]
    }
}
