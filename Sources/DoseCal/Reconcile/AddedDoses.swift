import ICal

/// Doses a calendar added to a dosecal series with RDATE: the schedule has no way to say "one
/// more dose on this day", so they are reported as edits it cannot hold and change nothing
/// (decision 0202). RDATEs play no part in the dose-by-dose comparison (`DoseView` expands the
/// series without them), so an added 14:00 dose is never read as "08:00 moved to 14:00 that day",
/// and thousands of them cost no expansion.
struct AddedDoses {
    let theirs: ReturnedCalendar
    let base: ReturnedCalendar
    let index: DoseSlotIndex

    /// The RDATEs of each slot's series in `theirs` that the base's series of the same UID do not
    /// have and that are not a dose the series already has (`doses`), sorted, by slot.
    func bySlot(only: Set<SlotKey>, doses: (SlotKey) -> SlotDoses) -> [SlotKey: [ReturnedTime]] {
        var result: [SlotKey: [ReturnedTime]] = [:]
        for s in theirs.series {
            guard let master = s.master, !master.recurrenceDates.isEmpty, let uid = s.dosecalUID, let slot = index[uid],
                only.contains(slot.key)
            else { continue }
            let known = Set(base.series(uid: s.uid)?.master?.recurrenceDates ?? [])
            let instants = Set(doses(slot.key).entries.map(\.instant))
            let added = master.recurrenceDates.filter { time in
                guard !known.contains(time) else { return false }
                if case .instant(let t) = time { return !instants.contains(t) }
                return true
            }
            if !added.isEmpty { result[slot.key, default: []] += added }
        }
        return result.mapValues { $0.sorted() }
    }

    /// One unmapped edit for a slot's added doses: the one dose, or how many and from when.
    static func edit(_ added: [ReturnedTime], slot: DoseSlot, text: ChangeText, home: Zone) -> UnmappedEdit {
        let when = added.map { time -> (date: LocalDate, words: String) in
            switch time {
            case .instant(let t):
                let local = home.local(at: t)
                return (local.date, "\(local.date) at \(text.local(t, on: local.date).time)")
            case .date(let d): return (d, "\(d)")
            case .local(let t, _): return (t.date, "\(t.date) at \(t.time)")
            }
        }
        let first = when[0]
        let label = text.label(slot, on: first.date)
        let words =
            added.count == 1
            ? "\(label): extra dose on \(first.words)"
            : "\(label): \(added.count) extra doses from \(first.date) through \(when[when.count - 1].date)"
        return UnmappedEdit(
            medicationID: text.medication.id, slotID: slot.id, date: first.date,
            reason: "the calendar added doses (RDATE) the schedule never had; an added dose is not a move; "
                + "add it to the schedule by hand",
            description: words)
    }
}
