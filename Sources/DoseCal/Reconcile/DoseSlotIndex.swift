import ICal

/// Which medication and slot a dosecal UID belongs to. UIDs are hashes (decision 0001), so the
/// index is built from a schedule's feed; series of an older feed whose part names a date the
/// schedule no longer splits at (a taper step or travel date since removed) are found by hashing
/// the candidate parts `from-<their start date>` and `+cN`.
struct DoseSlotIndex: Sendable {
    struct Slot: Sendable, Hashable {
        var medicationID: String
        var slotID: String
        var hourly: Bool
    }
    private(set) var slots: [String: Slot] = [:]

    init(schedule: Schedule, feed: Feed) {
        let hourly = Set(schedule.medications.filter { if case .everyNHours = $0.recurrence { true } else { false } }.map(\.id))
        for item in feed.items {
            guard case .dose(let slotID, _) = item.kind else { continue }
            slots[item.uid] = Slot(medicationID: item.medicationID, slotID: slotID, hourly: hourly.contains(item.medicationID))
        }
        self.schedule = schedule
        self.hourly = hourly
    }

    private let schedule: Schedule
    private let hourly: Set<String>

    subscript(uid: String) -> Slot? { slots[uid] }

    /// Adds the series of `calendar` whose dosecal UID the feed does not have, trying the parts a
    /// series starting on its DTSTART date (or a day either side) would have.
    mutating func learn(_ calendar: ReturnedCalendar) {
        for s in calendar.series {
            guard let uid = s.dosecalUID, slots[uid] == nil, s.uid == uid, let start = s.master?.start else { continue }
            let date: LocalDate
            switch start {
            case .date(let d): date = d
            case .floating(let t), .zoned(let t, _), .utc(let t): date = t.date
            }
            var parts: [String] = [""]
            for d in [date, date.adding(days: -1), date.adding(days: 1)] { parts.append("from-\(d.basicFormat)") }
            let all = parts + parts.flatMap { p in (1...12).map { p + "+c\($0)" } }
            search: for m in schedule.medications {
                for slot in m.times {
                    for part in all where FeedBuilder.uid(medicationID: m.id, slotID: slot.id, part: part) == uid {
                        slots[uid] = Slot(medicationID: m.id, slotID: slot.id, hourly: hourly.contains(m.id))
                        break search
                    }
                }
            }
        }
    }
}
