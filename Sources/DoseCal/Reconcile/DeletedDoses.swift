import ICal

/// The doses a calendar deleted one by one in a dosecal series (EXDATE, or a `STATUS:CANCELLED`
/// override), slot by slot. A run of such doses at the end of the window is that many deleted
/// doses, never "the series stops" (decision 0202): a stop needs a rule that ends, or a series
/// that is gone. Deletions further ahead than the compared window are reported, not dropped.
struct DeletedDoses {
    /// The deleted doses of one slot: by instant, and by date (`VALUE=DATE` EXDATEs).
    struct Marks: Sendable {
        var instants = Set<Int>()
        var dates = Set<LocalDate>()

        /// Whether the dose of `row` (the base's) was deleted one by one in the calendar.
        func contains(_ row: SlotDoses.Row) -> Bool {
            guard let b = row.base else { return false }
            return instants.contains(b.instant) || dates.contains(row.date)
        }
    }

    private(set) var bySlot: [SlotKey: Marks] = [:]
    /// Per slot, the EXDATEs the base's series did not have that fall after the window.
    private(set) var beyond: [SlotKey: [ReturnedTime]] = [:]

    /// The deletions in `theirs`' series of the slots in `only`; `after`: the first instant past
    /// the compared window.
    init(theirs: ReturnedCalendar, base: ReturnedCalendar, index: DoseSlotIndex, only: Set<SlotKey>, after: Int) {
        for s in theirs.series {
            guard let uid = s.dosecalUID, let slot = index[uid], only.contains(slot.key) else { continue }
            var marks = bySlot[slot.key] ?? Marks()
            let known = Set(base.series(uid: s.uid)?.master?.exceptionDates ?? [])
            for time in s.master?.exceptionDates ?? [] {
                switch time {
                case .instant(let t):
                    marks.instants.insert(t)
                    if t >= after && !known.contains(time) { beyond[slot.key, default: []].append(time) }
                case .date(let d):
                    marks.dates.insert(d)
                    if d.daysSinceEpoch * 86_400 >= after && !known.contains(time) { beyond[slot.key, default: []].append(time) }
                case .local: break
                }
            }
            for o in s.overrides where o.isCancelled {
                if case .instant(let t)? = o.recurrenceID { marks.instants.insert(t) }
                if case .date(let d)? = o.recurrenceID { marks.dates.insert(d) }
            }
            bySlot[slot.key] = marks
        }
    }

    subscript(slot: SlotKey) -> Marks { bySlot[slot] ?? Marks() }

    /// One unmapped edit for a slot's deletions beyond the window: they stay in the calendar as
    /// they are (a sync leaves the item), and come back in when the window reaches them.
    static func beyondEdit(_ times: [ReturnedTime], slot: DoseSlot, text: ChangeText, home: Zone) -> UnmappedEdit {
        let dates = times.map { time -> LocalDate in
            switch time {
            case .instant(let t): return home.local(at: t).date
            case .date(let d): return d
            case .local(let t, _): return t.date
            }
        }.sorted()
        let label = text.label(slot, on: dates[0])
        return UnmappedEdit(
            medicationID: text.medication.id, slotID: slot.id, date: dates[0],
            reason: "deletions further ahead than the doses a merge compares are not taken yet; "
                + "they stay in the calendar and are taken when they come within reach",
            description: "\(label): \(times.count) dose(s) deleted from \(dates[0]) through \(dates[dates.count - 1])")
    }
}
