import ICal

/// The damaged series of one reconcile, by UID, and the [medication, slot] pairs they belong to:
/// those slots are left out of the comparison (decision 0036).
struct DamageMap {
    private(set) var byUID: [String: SeriesDamage] = [:]
    private(set) var slots = Set<SlotKey>()

    /// Records `damage` of a series that belongs to dosecal's `dosecalUID`.
    mutating func add(_ damage: SeriesDamage, dosecalUID: String, index: DoseSlotIndex) {
        var d = damage
        if let slot = index[dosecalUID] {
            d.medicationID = slot.medicationID
            d.slotID = slot.slotID
            slots.insert(slot.key)
        }
        byUID[damage.uid] = d
    }

    /// Series the expander could not expand (a rule it cannot iterate, too many instances).
    mutating func add(_ failures: [String: ICalError], calendar: ReturnedCalendar, index: DoseSlotIndex) {
        for (uid, error) in failures where byUID[uid] == nil {
            guard let dosecal = calendar.series(uid: uid)?.dosecalUID else { continue }
            add(
                SeriesDamage(uid: uid, line: error.line, .notExpandable("\(error)")), dosecalUID: dosecal,
                index: index)
        }
    }

    /// Sorted by UID.
    var list: [SeriesDamage] { byUID.values.sorted { $0.uid < $1.uid } }
}
