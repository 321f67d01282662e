import ICal

/// The doses of one slot on one side, sorted by date (and original instant for every-N-hours
/// slots), one entry per `DoseKey`: 24 bytes a dose, looked up by binary search.
struct SlotDoses: Sendable, Equatable {
    /// One dose: its key (day, and original instant in every-N-hours slots) and where it starts.
    struct Entry: Sendable, Equatable {
        /// The dose date, as days since 1970-01-01.
        var day: Int32
        /// An override moved this one occurrence.
        var moved: Bool
        /// Where the dose starts.
        var instant: Int
        /// The original instant in every-N-hours slots; 0 in the others.
        var original: Int

        var dose: DoseView.Dose { DoseView.Dose(instant: instant, moved: moved) }

        /// Whether `self` comes before `other` in key order.
        func precedes(_ other: Entry) -> Bool { (day, original) < (other.day, other.original) }
    }

    /// A dose as an instance gave it, with where the instance stands in (start, UID, recurrence
    /// instant) order (the UID by its series' place in the calendar's UID order).
    struct Found {
        var entry: Entry
        var order: Int32
        var recurrence: Int

        /// Key order, then instance order: the last of a key is the one that wins.
        static func before(_ a: Found, _ b: Found) -> Bool {
            (a.entry.day, a.entry.original, a.entry.instant, a.order, a.recurrence)
                < (b.entry.day, b.entry.original, b.entry.instant, b.order, b.recurrence)
        }
    }

    /// The doses in key order, one per key.
    private(set) var entries: [Entry] = []
    /// Whether the keys hold the original instant (an every-N-hours slot).
    private(set) var hourly = false

    init() {}

    /// The doses of `found` (in any order): where several give one key, the one last in
    /// (start, UID, recurrence instant) order wins, equal ones the one found later. Empties
    /// `found`.
    init(found: inout [Found], hourly: Bool) {
        self.hourly = hourly
        // One series a slot, its instances in order (the usual case): nothing to sort.
        if !found.indices.dropFirst().allSatisfy({ found[$0 - 1].entry.precedes(found[$0].entry) }) {
            // Equal (start, UID, recurrence instant) give equal doses: the sort need not be stable.
            found.sort(by: Found.before)
        }
        var kept: [Entry] = []
        kept.reserveCapacity(found.count)
        for f in found {
            if let last = kept.last, !last.precedes(f.entry) {
                kept[kept.count - 1] = f.entry
            } else {
                kept.append(f.entry)
            }
        }
        found = []
        entries = kept
    }

    /// The doses of a literal list (tests).
    init(_ doses: [DoseKey: DoseView.Dose], hourly: Bool) {
        var found = doses.map { key, dose in
            Found(entry: Entry(key, dose), order: 0, recurrence: 0)
        }
        self.init(found: &found, hourly: hourly)
    }

    /// The dose of `key`, if this side has one.
    subscript(key: DoseKey) -> DoseView.Dose? {
        guard (key.instant != nil) == hourly, !entries.isEmpty else { return nil }
        let target = Entry(key, DoseView.Dose(instant: 0, moved: false))
        var (low, high) = (0, entries.count)
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].precedes(target) { low = mid + 1 } else { high = mid }
        }
        guard low < entries.count, !target.precedes(entries[low]) else { return nil }
        return entries[low].dose
    }

    /// The key of an entry of this side.
    func key(_ e: Entry) -> DoseKey {
        DoseKey(date: LocalDate(daysSinceEpoch: Int(e.day)), instant: hourly ? e.original : nil)
    }

    /// One key of a slot with the dose each side has at it (`rows(base:ours:theirs:from:through:)`).
    struct Row: Sendable, Equatable {
        /// The dose date, as days since 1970-01-01.
        var day: Int32
        /// The key holds the original instant (the side it came from is an every-N-hours slot's).
        var hourly: Bool
        /// The original instant in every-N-hours slots; 0 in the others.
        var original: Int
        var base: DoseView.Dose?
        var ours: DoseView.Dose?
        var theirs: DoseView.Dose?

        var date: LocalDate { LocalDate(daysSinceEpoch: Int(day)) }
        var key: DoseKey { DoseKey(date: date, instant: hourly ? original : nil) }
    }

    /// Every key of `base`, `theirs` or `ours` dated `first` through `last`, sorted, each once,
    /// with each side's dose at it: the three sorted entry lists walked together once, no key
    /// looked up. A key is written as the first of `base`, `theirs`, `ours` that has it gives it.
    static func rows(base: SlotDoses, ours: SlotDoses, theirs: SlotDoses, from first: LocalDate, through last: LocalDate)
        -> [Row]
    {
        let (low, high) = (first.daysSinceEpoch, last.daysSinceEpoch)
        var (b, t, o) = (0, 0, 0)
        var result: [Row] = []
        result.reserveCapacity(max(base.entries.count, ours.entries.count, theirs.entries.count))
        while true {
            var next: (entry: Entry, hourly: Bool)? = nil
            base.head(b, ifBefore: &next)
            theirs.head(t, ifBefore: &next)
            ours.head(o, ifBefore: &next)
            guard let (entry, hourly) = next, Int(entry.day) <= high else { return result }
            let row = Row(
                day: entry.day, hourly: hourly, original: entry.original, base: base.take(&b, at: entry),
                ours: ours.take(&o, at: entry), theirs: theirs.take(&t, at: entry))
            if Int(entry.day) >= low { result.append(row) }
        }
    }

    /// Makes the entry at `head` (with this side's `hourly`) `next` when it comes before it or
    /// `next` is nil.
    private func head(_ head: Int, ifBefore next: inout (entry: Entry, hourly: Bool)?) {
        guard head < entries.count else { return }
        let e = entries[head]
        if next.map({ e.precedes($0.entry) }) ?? true { next = (e, hourly) }
    }

    /// The dose at `head` when it has the key of `entry` (the head then moves past it).
    private func take(_ head: inout Int, at entry: Entry) -> DoseView.Dose? {
        guard head < entries.count, !entry.precedes(entries[head]) else { return nil }
        head += 1
        return entries[head - 1].dose
    }
}

extension SlotDoses.Entry {
    /// The entry of `key` with `dose`.
    init(_ key: DoseKey, _ dose: DoseView.Dose) {
        self.init(
            day: Int32(key.date.daysSinceEpoch), moved: dose.moved, instant: dose.instant, original: key.instant ?? 0)
    }
}
