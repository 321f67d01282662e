import ICal

/// Which medication and slot a dosecal UID belongs to. UIDs are hashes (decision 0001), so the
/// index is built from a schedule's feed; series of an older feed whose part names a date the
/// schedule no longer splits at (a taper step or travel date since removed) are found by hashing
/// the candidate parts `from-<their start date>`, `+cN` and (amounts by weekday) `+MO` ... `+SU`.
struct DoseSlotIndex: Sendable {
    struct Slot: Sendable, Hashable {
        var key: SlotKey
        var hourly: Bool
        var medicationID: String { key.medicationID }
        var slotID: String { key.slotID }

        init(medicationID: String, slotID: String, hourly: Bool) {
            key = SlotKey(medicationID: medicationID, slotID: slotID)
            self.hourly = hourly
        }
    }
    private(set) var slots: [String: Slot] = [:]

    /// The index of `schedule`'s feed `items` (as `FeedBuilder.write()` gives them: the UIDs and
    /// kinds are all the index needs of the feed).
    init(schedule: Schedule, items: [WrittenFeed.Item]) {
        let hourly = Set(schedule.medications.filter { if case .everyNHours = $0.recurrence { true } else { false } }.map(\.id))
        for item in items {
            known.insert(item.uid)
            guard case .dose(let slotID, _) = item.kind else { continue }
            slots[item.uid] = Slot(medicationID: item.medicationID, slotID: slotID, hourly: hourly.contains(item.medicationID))
        }
        self.schedule = schedule
        self.hourly = hourly
    }

    /// Every UID of the feed (refill warnings too).
    private var known = Set<String>()
    private let schedule: Schedule
    private let hourly: Set<String>

    subscript(uid: String) -> Slot? { slots[uid] }

    /// The feed has this UID (a dose series or a refill warning).
    func isKnown(_ uid: String) -> Bool { known.contains(uid) }

    /// Adds the series of `calendar` whose dosecal UID the feed does not have, trying the parts a
    /// series starting on its DTSTART date (or a day either side) would have: one hash per
    /// medication, slot and candidate part, whatever the number of such series.
    mutating func learn(_ calendar: ReturnedCalendar) {
        var unknown = Set<String>()
        var dates = Set<LocalDate>()
        for s in calendar.series {
            guard let uid = s.dosecalUID, !known.contains(uid), s.uid == uid, let start = s.master?.start else { continue }
            unknown.insert(uid)
            let date: LocalDate
            switch start {
            case .date(let d): date = d
            case .floating(let t), .zoned(let t, _), .utc(let t): date = t.date
            }
            for d in [date, date.adding(days: -1), date.adding(days: 1)] { dates.insert(d) }
        }
        guard !unknown.isEmpty else { return }
        let stretches = [nil] + dates.sorted()
        // A medication with amounts by weekday also has a series per such weekday.
        let weekdays: [Weekday?] = schedule.medications.contains(where: \.hasDoseRules) ? [nil] + Weekday.allCases : [nil]
        let all = stretches.flatMap { d in
            [nil, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].flatMap { c in
                weekdays.map { SeriesPart(stretchStart: d, cycleRule: c, weekday: $0) }
            }
        }
        for m in schedule.medications {
            for slot in m.times {
                for part in all {
                    let uid = DoseIdentity.series(SlotKey(medicationID: m.id, slotID: slot.id), part).uid
                    if unknown.contains(uid) {
                        slots[uid] = Slot(medicationID: m.id, slotID: slot.id, hourly: hourly.contains(m.id))
                    }
                }
            }
        }
    }
}
