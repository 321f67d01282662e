import ICal

/// Reminders the calendar reports as seen, read as hints (decision 0097): RFC 9074
/// `ACKNOWLEDGED` on a VALARM (Apple writes it on the original alarm of a snooze pair; the
/// snooze alarm, which names the original by RELATED-TO, counts alike) and Thunderbird's
/// `X-MOZ-LASTACK` on the VEVENT, both UTC date-times. Placeholder alarms (`ACTION:NONE`, Apple's
/// default alarm) are no reminder anyone saw. Hints change no other result.
struct SeenHints {
    var index: DoseSlotIndex
    var schedule: Schedule
    var now: Int

    /// The latest hint per medication and slot, sorted; nothing from a damaged slot, nothing
    /// after `now`, each with the dose it belongs to where the schedule has one at or before it.
    func read(_ calendar: ReturnedCalendar, damaged: Set<SlotKey>) -> [SeenHint] {
        var latest: [SlotKey: Int] = [:]
        for s in calendar.series {
            guard let uid = s.dosecalUID, let slot = index[uid], !damaged.contains(slot.key) else { continue }
            func visit(_ event: ReturnedEvent) {
                for at in Self.instants(event.component) where at <= now {
                    latest[slot.key] = max(latest[slot.key] ?? at, at)
                }
            }
            if let master = s.master { visit(master) }
            for o in s.overrides { visit(o) }
        }
        return latest.sorted { $0.key < $1.key }.compactMap { key, at in hint(key, at: at) }
    }

    /// The hint with its plain words: "Metformin 08:00 reminder seen at 2026-12-02 13:00 UTC
    /// on a calendar (dose of 2026-12-02)", the time in the dose's zone.
    func hint(_ key: SlotKey, at: Int) -> SeenHint? {
        guard let m = schedule.medications.first(where: { $0.id == key.medicationID }),
            let slot = m.times.first(where: { $0.id == key.slotID })
        else { return nil }
        let date = dose(of: m, slot: key.slotID, at: at)
        let text = ChangeText(medication: m, engine: WallClockEngine(schedule: schedule))
        let day = date ?? text.home.local(at: at).date
        let local = text.local(at, on: day)
        let reminder = SeenReminder(medication: m.id, slot: slot.id, at: at, date: date)
        let dose = date.map { " (dose of \($0))" } ?? ""
        return SeenHint(
            reminder: reminder,
            description: "\(text.label(slot, on: day)) reminder seen at \(local.date) \(local.time) on a calendar\(dose)")
    }

    /// Every acknowledgement instant written on `event` and its alarms (an alarm without
    /// ACKNOWLEDGED, most of them, is not read further).
    static func instants(_ event: ICalComponent) -> [Int] {
        var result: [Int] = []
        func add(_ p: ICalProperty) {
            if case .utc(let t)? = DateTimeValue(parsing: p.value) { result.append(t.secondsSinceEpoch) }
        }
        for p in event.properties where p.name == "X-MOZ-LASTACK" { add(p) }
        for alarm in event.components where alarm.name == "VALARM" {
            guard alarm.properties.contains(where: { $0.name == "ACKNOWLEDGED" }), !isPlaceholder(alarm) else { continue }
            for p in alarm.properties where p.name == "ACKNOWLEDGED" { add(p) }
        }
        return result
    }

    /// Apple's placeholder alarms (not its snooze alarms, which are reminders that fired).
    static func isPlaceholder(_ alarm: ICalComponent) -> Bool {
        alarm.property("RELATED-TO") == nil && ReturnedAlarm.isPlaceholder(alarm)
    }

    /// The scheduled date of the slot's latest dose at or before `at` (two days back at most).
    func dose(of m: Medication, slot: String, at: Int) -> LocalDate? {
        let engine = WallClockEngine(schedule: schedule)
        let day = LocalDate(daysSinceEpoch: at / 86_400)
        let doses = engine.occurrences(of: m, from: day.adding(days: -2), to: day.adding(days: 1))
            .filter { $0.slotID == slot && $0.instant <= at }
        guard let last = doses.max(by: { $0.instant < $1.instant }) else { return nil }
        return engine.rescheduling(of: last, in: m)?.date ?? last.local.date
    }
}

/// A seen reminder with its plain words (the person's own output, never a log line).
public struct SeenHint: Sendable, Equatable {
    public var reminder: SeenReminder
    public var description: String
}
