import CalendarTime

/// Which scheduled dose a log entry is about (docs/reminders.md §4, decision 0195): the one whose
/// window holds the time, or the one the person named by slot and date; none for an extra dose.
struct DoseChoice {
    let schedule: Schedule
    let medication: Medication
    let status: DoseLogEntry.Status
    /// The time of the entry, seconds since 1970.
    let at: Int
    let engine: WallClockEngine
    /// The log before the entry.
    let ledger: DoseLedger

    init(schedule: Schedule, medication: Medication, status: DoseLogEntry.Status, at: Int) {
        self.schedule = schedule
        self.medication = medication
        self.status = status
        self.at = at
        self.engine = WallClockEngine(schedule: schedule)
        self.ledger = DoseLedger(engine: engine, medicationID: medication.id)
    }

    private var hourly: Bool {
        if case .everyNHours = medication.recurrence { return true }
        return false
    }

    /// The dose whose window holds `at`; a taken dose in no window or in the window of a dose
    /// already taken is an extra dose (nil, with a warning). A skipped or missed dose in no
    /// window is an error: there is nothing to skip there, and the person names the dose.
    func inWindow() throws(ReminderError) -> (dose: Occurrence?, warnings: [LogWarning]) {
        let day = engine.timeline(of: medication).localDate(at: at)
        let doses = engine.occurrences(of: medication, from: day.adding(days: -2), to: day.adding(days: 2))
        guard let window = DoseWindow.windows(of: doses, hourly: hourly).first(where: { $0.contains(at) }) else {
            guard status == .taken else {
                let last = neighbours().previous
                throw .noDoseDue(
                    medicationID: medication.id, lastSlot: last?.slotID,
                    lastDate: last.map { engine.localDate(of: $0).description })
            }
            let (previous, next) = neighbours()
            return (nil, [.extraDose(previous: previous, next: next, nextReminder: keepsReminder(next))])
        }
        // Doses at one instant (two slots at one time) share the window: the first not yet so.
        let group = doses.filter { $0.instant == window.dose.instant }
        if let open = group.first(where: { ledger.status(of: $0) != status }) { return (open, []) }
        guard status == .taken else { return (window.dose, []) }
        return (nil, [alreadyTaken(window.dose)])
    }

    /// The dose `slot` (an id or `HH:MM`) and `date` (the dose day) name, nearest to `at`
    /// (a taken entry: the nearest not yet taken); without `date`, within `doseSearchDays`.
    func named(slot: String?, date: LocalDate?) throws(ReminderError) -> (dose: Occurrence?, warnings: [LogWarning]) {
        let slots = medication.times.map { "\($0.id) (\($0.time))" }
        if let slot, !medication.times.contains(where: { $0.id == slot }), LocalTime(parsing: slot) == nil {
            throw .unknownSlot(medicationID: medication.id, slot: slot, slots: slots)
        }
        var candidates: [Occurrence]
        if let date {
            candidates = engine.occurrences(of: medication, from: date.adding(days: -1), to: date.adding(days: 1))
                .filter { engine.localDate(of: $0) == date }
        } else {
            let day = engine.timeline(of: medication).localDate(at: at)
            let days = Schedule.doseSearchDays
            candidates = engine.occurrences(of: medication, from: day.adding(days: -days - 1), to: day.adding(days: days + 1))
                .filter { abs($0.instant - at) <= days * 86_400 }
        }
        candidates = candidates.filter { matches($0, slot: slot) }
        guard !candidates.isEmpty else {
            if let slot, !medication.times.contains(where: { $0.id == slot }), date == nil {
                throw .unknownSlot(medicationID: medication.id, slot: slot, slots: slots)
            }
            if let date { throw .noDoseOn(medicationID: medication.id, date: date.description, slot: slot) }
            throw .noDoseNear(medicationID: medication.id, days: Schedule.doseSearchDays)
        }
        let open = status == .taken ? candidates.filter { ledger.status(of: $0) != .taken } : candidates
        guard let dose = nearest(open) else { return (nil, [alreadyTaken(nearest(candidates)!)]) }
        guard status == .taken, !medication.recurrence.isEveryDay, at < window(of: dose).opens else { return (dose, []) }
        return (dose, [.namedEarly(dose: dose)])
    }

    /// Whether `dose` is of `slot` (its id, or its time on the dose's day); any slot when nil.
    private func matches(_ dose: Occurrence, slot: String?) -> Bool {
        guard let slot, dose.slotID != slot else { return true }
        guard let time = LocalTime(parsing: slot), let s = medication.times.first(where: { $0.id == dose.slotID }) else {
            return false
        }
        return engine.time(of: s, in: medication, on: engine.localDate(of: dose)) == time
    }

    /// The dose nearest to `at` (equally near: the earlier).
    private func nearest(_ doses: [Occurrence]) -> Occurrence? {
        doses.min { (abs($0.instant - at), $0.instant) < (abs($1.instant - at), $1.instant) }
    }

    /// The window of `dose` among its neighbours.
    private func window(of dose: Occurrence) -> DoseWindow {
        let day = engine.localDate(of: dose)
        let doses = engine.occurrences(of: medication, from: day.adding(days: -3), to: day.adding(days: 3))
        return DoseWindow.windows(of: doses, hourly: hourly).first { $0.dose == dose }
            ?? DoseWindow(dose: dose, opens: dose.instant - DoseWindow.earliest, closes: dose.instant + DoseWindow.latest)
    }

    /// The warning for a taken entry about `dose`, already logged taken: an extra dose.
    private func alreadyTaken(_ dose: Occurrence) -> LogWarning {
        let date = engine.localDate(of: dose)
        let entry = schedule.log.last {
            $0.medication == medication.id && $0.slot == dose.slotID && $0.date == date && $0.status == .taken
        }
        let next = neighbours().next
        return .alreadyTaken(
            dose: dose, takenAt: entry.map { Int($0.at.timeIntervalSince1970.rounded(.down)) } ?? dose.instant, next: next,
            nextReminder: keepsReminder(next))
    }

    /// The scheduled doses just before (at or before `at`) and just after `at`, looked for up to
    /// 400 days either side.
    private func neighbours() -> (previous: Occurrence?, next: Occurrence?) {
        let day = engine.timeline(of: medication).localDate(at: at)
        var found: (previous: Occurrence?, next: Occurrence?) = (nil, nil)
        for span in [3, 40, 400] {
            let doses = engine.occurrences(of: medication, from: day.adding(days: -span), to: day.adding(days: span))
            found = (doses.last { $0.instant <= at }, doses.first { $0.instant > at })
            if found.previous != nil && found.next != nil { break }
        }
        return found
    }

    /// Whether `dose` still has a reminder: reminders on, and the log has not settled it.
    private func keepsReminder(_ dose: Occurrence?) -> Bool {
        guard let dose, medication.reminder.enabled else { return false }
        switch ledger.status(of: dose) {
        case .taken?, .skipped?: return false
        case .missed?, nil: return true
        }
    }
}
