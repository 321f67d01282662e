import ICal

extension Reconciler {
    /// The slots among `slots` whose series are the same in `a` and `b`: the same UIDs with the
    /// same content (decision 0017), in calendars whose VTIMEZONEs read the same. Identical
    /// series give identical doses, so such a slot is expanded on one of the two sides only
    /// (decision 0160). `x` and `y`: the two calendars' `contents`.
    static func sameSeries(
        _ a: ReturnedCalendar, _ b: ReturnedCalendar, contents x: SlotContents, _ y: SlotContents, in slots: Set<SlotKey>
    ) -> Set<SlotKey> {
        guard !slots.isEmpty, sameZones(a, b) else { return [] }
        return slots.filter { x[$0] == y[$0] }
    }

    /// The dosecal series of each slot: their UIDs and the texts their content hashes hash
    /// (`ReturnedSeries.canonicalText`), sorted. Equal texts are equal hashes, so slots compare
    /// by these without hashing them.
    typealias SlotContents = [SlotKey: [SeriesContent]]

    struct SeriesContent: Comparable {
        var uid: String
        var text: String

        static func < (a: SeriesContent, b: SeriesContent) -> Bool { (a.uid, a.text) < (b.uid, b.text) }
    }

    /// The `SlotContents` of `calendar` (each TZID's IANA name and each rule text's parts made
    /// once), of the slots in `only` (nil: every slot).
    static func contents(_ calendar: ReturnedCalendar, index: DoseSlotIndex, only: Set<SlotKey>? = nil) -> SlotContents {
        var memo = CanonicalMemo()
        var result: SlotContents = [:]
        for s in calendar.series {
            guard let uid = s.dosecalUID, let slot = index[uid], only?.contains(slot.key) ?? true else { continue }
            result[slot.key, default: []].append(SeriesContent(uid: s.uid, text: s.canonicalText(memo: &memo)))
        }
        return result.mapValues { $0.sorted() }
    }

    /// The two calendars' VTIMEZONEs, in file order, are the same: the same values as read
    /// (values read, or built as they read, give the same text exactly when they are equal).
    private static func sameZones(_ a: ReturnedCalendar, _ b: ReturnedCalendar) -> Bool {
        a.timezones == b.timezones
    }
}
