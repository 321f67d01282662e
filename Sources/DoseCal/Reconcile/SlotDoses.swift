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

    /// Every key of any of `sides` dated `first` through `last`, sorted, each once.
    static func keys(_ sides: [SlotDoses], from first: LocalDate, through last: LocalDate) -> [DoseKey] {
        let (low, high) = (first.daysSinceEpoch, last.daysSinceEpoch)
        var heads = [Int](repeating: 0, count: sides.count)
        var result: [DoseKey] = []
        while true {
            // The smallest key at the sides' heads.
            var next: (entry: Entry, side: Int)? = nil
            for (s, side) in sides.enumerated() where heads[s] < side.entries.count {
                let e = side.entries[heads[s]]
                if next.map({ e.precedes($0.entry) }) ?? true { next = (e, s) }
            }
            guard let (entry, side) = next, Int(entry.day) <= high else { return result }
            for (s, other) in sides.enumerated() where heads[s] < other.entries.count {
                if !entry.precedes(other.entries[heads[s]]) { heads[s] += 1 }
            }
            if Int(entry.day) >= low { result.append(sides[side].key(entry)) }
        }
    }
}

extension SlotDoses.Entry {
    /// The entry of `key` with `dose`.
    init(_ key: DoseKey, _ dose: DoseView.Dose) {
        self.init(
            day: Int32(key.date.daysSinceEpoch), moved: dose.moved, instant: dose.instant, original: key.instant ?? 0)
    }
}
