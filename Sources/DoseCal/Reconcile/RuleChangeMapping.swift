import ICal

/// A repeat rule changed in the calendar, read as the medication's new recurrence where a schedule
/// kind says it exactly (decision 0107): DAILY (every day), DAILY;INTERVAL=N (every N days),
/// WEEKLY with plain BYDAY weekdays and an INTERVAL (weeks counted from Monday), HOURLY;INTERVAL=N
/// for every-N-hours medications. What cannot be held is reported, with the reason.
struct RuleChangeMapping {
    let medication: Medication
    let text: ChangeText
    /// The rule as the calendar writes it, by slot id (slots whose rule changed).
    let written: [String: String]
    /// The slot's dosecal series in the base and in the calendar, by slot id.
    let base: [String: [ReturnedSeries]]
    let theirs: [String: [ReturnedSeries]]

    /// One `recurrence` change when every slot's series changed to the same schedule kind (none
    /// when the schedule already has it); otherwise each changed slot is reported.
    func map(prefer: ReconcilePreference?, into result: inout ChangeSet) {
        guard !written.isEmpty else { return }
        let read = written.keys.sorted().map { slot in (slot, recurrence(slot: slot)) }
        let kinds = Set(read.compactMap { if case .success(let r) = $0.1 { "\(r)" } else { nil } })
        if read.count == medication.times.count, kinds.count == 1, case .success(let new) = read[0].1 {
            // The schedule already repeats this way (applied before, or changed alike on both sides).
            guard new != medication.recurrence else { return }
            if prefer != .calendar, let was = baseRecurrence(slot: read[0].0), was != medication.recurrence {
                // The schedule changed the rule too since the base.
                guard prefer == nil else { return }
                let (ours, calendar) = (Self.words(medication.recurrence), Self.words(new))
                result.conflicts.append(
                    ReconcileConflict(
                        medicationID: medication.id, slotID: nil, from: nil, through: nil, schedule: ours, calendar: calendar,
                        description: "\(medication.name) repeat rule: the schedule says \(ours), the calendar says \(calendar)"))
                return
            }
            let words = "\(medication.name) repeats \(Self.words(new)) (was \(Self.words(medication.recurrence)))"
            result.changes.append(
                ScheduleChange(
                    medicationID: medication.id, kind: .recurrence(old: medication.recurrence, new: new), description: words))
            return
        }
        for (slotID, outcome) in read {
            let reason: String
            switch outcome {
            case .failure(let why): reason = why.text
            case .success:
                reason = "the medication's other dose times keep the old rule; the schedule has one repeat rule per medication"
            }
            let time = medication.times.first { $0.id == slotID }.map { "\($0.time)" } ?? slotID
            result.unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slotID, date: nil, reason: reason,
                    description: "\(medication.name) \(time): repeat rule changed in the calendar to \(written[slotID] ?? "")"))
        }
    }

    struct Unmappable: Error { var text: String }

    /// The recurrence one slot's calendar series says, or why it cannot be one.
    func recurrence(slot: String) -> Result<Recurrence, Unmappable> {
        guard let old = base[slot], old.count == 1, let oldMaster = old[0].master, let oldRule = oldMaster.scheduleRule else {
            return .failure(
                Unmappable(text: "the schedule writes this dose time as several series; change the rule in the schedule by hand"))
        }
        guard let new = theirs[slot], new.count == 1, let master = new[0].master, let rule = master.scheduleRule else {
            return .failure(Unmappable(text: "the rule changed from a date on; the schedule has one repeat rule per medication"))
        }
        guard master.start == oldMaster.start, rule.until == oldRule.until, rule.count == oldRule.count else {
            return .failure(Unmappable(text: "the first dose or the end changed with the rule; change the schedule by hand"))
        }
        return kind(of: rule).flatMap { r in
            guard r.firstDay(onOrAfter: medication.start, start: medication.start) == firstDate(of: master) else {
                return .failure(
                    Unmappable(text: "the first dose is not on the first of the new days; change the schedule by hand"))
            }
            return .success(r)
        }
    }

    /// The recurrence the base's series of `slot` says, when it is a schedule kind.
    func baseRecurrence(slot: String) -> Recurrence? {
        guard let rule = base[slot]?.first?.master?.scheduleRule, case .success(let r) = kind(of: rule) else { return nil }
        return r
    }

    /// The dose date of a series' DTSTART (in the home zone for a UTC start).
    func firstDate(of event: ReturnedEvent) -> LocalDate? {
        switch event.start {
        case .zoned(let t, _)?, .floating(let t)?: t.date
        case .utc(let t)?: text.home.local(at: t.secondsSinceEpoch).date
        case .date(let d)?: d
        case nil: nil
        }
    }

    /// The schedule kind `rule` is, when it is one.
    func kind(of rule: RecurrenceRule) -> Result<Recurrence, Unmappable> {
        let plain = rule.byMonth.isEmpty && rule.byMonthDay.isEmpty
        let hourly: Bool = if case .everyNHours = medication.recurrence { true } else { false }
        switch rule.frequency {
        case .hourly where plain && rule.byDay.isEmpty && hourly:
            return .success(.everyNHours(rule.interval))
        case .daily where plain && rule.byDay.isEmpty && !hourly:
            return .success(rule.interval == 1 ? .daily : .everyNDays(rule.interval))
        case .weekly where plain && rule.byDay.allSatisfy({ $0.ordinal == nil }) && !hourly:
            guard medication.timePolicy != .fixedInterval else {
                return .failure(
                    Unmappable(text: "weekdays of a fixed-interval series are written in UTC; change the schedule by hand"))
            }
            guard rule.interval == 1 || (rule.weekStart ?? .monday) == .monday else {
                return .failure(
                    Unmappable(text: "the rule counts weeks from another day than Monday; change the schedule by hand"))
            }
            let days = rule.byDay.isEmpty ? [medication.start.weekday] : rule.byDay.map(\.weekday)
            return .success(.weekly(weekdays: Array(Set(days)).sorted(), interval: rule.interval))
        default:
            return .failure(
                Unmappable(
                    text:
                        "dosecal keeps the schedule's recurrence (no schedule kind repeats this way); change it in the schedule by hand"
                ))
        }
    }

    /// "every day", "every 2 days", "every week on MO, WE", "every 8 hours", "21 days on, 7 off".
    static func words(_ r: Recurrence) -> String {
        switch r {
        case .daily: "every day"
        case .everyNDays(let n): "every \(n) days"
        case .everyNHours(let n): "every \(n) hours"
        case .cycle(let on, let off): "\(on) days on, \(off) off"
        case .asNeeded(let hours, _): "as needed, at least \(hours) hours apart"
        case .weekly(let days, let interval):
            "every \(interval == 1 ? "week" : "\(interval) weeks")\(days.isEmpty ? "" : " on " + days.map(\.rawValue).joined(separator: ", "))"
        }
    }
}

extension Reconciler {
    /// The rule changes of `m`'s undamaged slots, with each slot's series on both sides.
    func ruleMapping(
        _ m: Medication, _ text: ChangeText, _ changes: [SlotKey: String], base: ReturnedCalendar, index: DoseSlotIndex,
        damaged: Set<SlotKey>
    ) -> RuleChangeMapping {
        var written: [String: String] = [:]
        for slot in m.times {
            let key = SlotKey(medicationID: m.id, slotID: slot.id)
            if !damaged.contains(key), let rule = changes[key] { written[slot.id] = rule }
        }
        func series(_ calendar: ReturnedCalendar) -> [String: [ReturnedSeries]] {
            guard !written.isEmpty else { return [:] }
            var result: [String: [ReturnedSeries]] = [:]
            for s in calendar.series {
                guard let uid = s.dosecalUID, let slot = index[uid], slot.medicationID == m.id, written[slot.slotID] != nil
                else { continue }
                result[slot.slotID, default: []].append(s)
            }
            return result
        }
        return RuleChangeMapping(medication: m, text: text, written: written, base: series(base), theirs: series(theirs))
    }
}
