import ICal

extension Reconciler {
    /// The slots among `slots` whose series are the same in `a` and `b`: the same UIDs with the
    /// same content hashes (decision 0017), in calendars whose VTIMEZONEs read the same. Identical
    /// series give identical doses, so such a slot is expanded on one of the two sides only
    /// (decision 0160).
    static func sameSeries(
        _ a: ReturnedCalendar, _ b: ReturnedCalendar, index: DoseSlotIndex, in slots: Set<SlotKey>
    ) -> Set<SlotKey> {
        guard !slots.isEmpty, sameZones(a, b) else { return [] }
        let (x, y) = (seriesHashes(a, index: index, in: slots), seriesHashes(b, index: index, in: slots))
        return slots.filter { x[$0] == y[$0] }
    }

    /// "UID content-hash" of each dosecal series of a slot in `slots`, sorted.
    private static func seriesHashes(
        _ calendar: ReturnedCalendar, index: DoseSlotIndex, in slots: Set<SlotKey>
    ) -> [SlotKey: [String]] {
        var result: [SlotKey: [String]] = [:]
        for s in calendar.series {
            guard let uid = s.dosecalUID, let slot = index[uid], slots.contains(slot.key) else { continue }
            result[slot.key, default: []].append("\(s.uid) \(s.contentHash)")
        }
        return result.mapValues { $0.sorted() }
    }

    /// The two calendars' VTIMEZONEs, in file order, give the same text.
    private static func sameZones(_ a: ReturnedCalendar, _ b: ReturnedCalendar) -> Bool {
        guard a.timezones.count == b.timezones.count else { return false }
        for (x, y) in zip(a.timezones, b.timezones) {
            guard let p = try? ICalSerializer.serialize(x), let q = try? ICalSerializer.serialize(y), p == q else {
                return false
            }
        }
        return true
    }
}
