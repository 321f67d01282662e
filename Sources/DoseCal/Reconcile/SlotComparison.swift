import ICal

/// The doses of one slot on the three sides, turned into changes, conflicts and unmappable edits.
struct SlotComparison {
    enum Edit: Equatable {
        /// The calendar has no dose where the base had one.
        case deleted
        /// An override moved this one dose.
        case moved
        /// The series puts this dose at another time.
        case retimed
        /// The calendar has a dose the base did not.
        case added
    }

    struct Candidate {
        var key: DoseKey
        var edit: Edit
        var base: DoseView.Dose?
        var theirs: DoseView.Dose?
    }

    let medication: Medication
    let slot: DoseSlot
    let text: ChangeText
    /// Every key of this slot on any side, sorted by date.
    let keys: [DoseKey]
    let base: SlotDoses
    let ours: SlotDoses
    let theirs: SlotDoses
    /// The slot's deciding log status by dose date.
    let log: [LocalDate: DoseLogEntry.Status]
    let today: LocalDate

    var changes: [ScheduleChange] = []
    var conflicts: [ReconcileConflict] = []
    var unmapped: [UnmappedEdit] = []
    /// The slot's doses stop from this date (the calendar deleted the series or cut it short).
    var stop: LocalDate?

    var hourly: Bool { keys.first?.instant != nil }

    mutating func classify(prefer: ReconcilePreference?) {
        var candidates: [Candidate] = []
        var conflicting: [(key: DoseKey, ours: String, theirs: String)] = []
        let tail = findStop()
        if hourly, classifyHourly(keys: keys.filter { !tail.contains($0) }) { return }
        for key in keys where !tail.contains(key) {
            let b = base[key]
            let t = theirs[key]
            guard b?.instant != t?.instant else { continue }
            let status = log[key.date]
            let o = key.instant == nil && status == .skipped ? nil : ours[key]
            if o?.instant == t?.instant { continue }
            let edit: Edit = t == nil ? .deleted : b == nil ? .added : t!.moved ? .moved : .retimed
            let candidate = Candidate(key: key, edit: edit, base: b, theirs: t)
            var oursText: String? = nil
            if o?.instant != b?.instant {
                oursText = text.value(o, on: key.date)
            } else if edit == .deleted, let status, status != .skipped {
                oursText = "logged as \(status.rawValue)"
            }
            guard let oursText else {
                candidates.append(candidate)
                continue
            }
            switch prefer {
            case .calendar?: candidates.append(candidate)
            case .schedule?: continue
            case nil: conflicting.append((key, oursText, text.value(t, on: key.date)))
            }
        }
        groupConflicts(conflicting)
        let rest = retimeRuns(candidates)
        for c in rest { single(c) }
    }

    /// A cut-off tail: every base dose after the calendar's last dose of this slot is gone (two
    /// or more of them). A series deleted outright stops from today (its history stays); one cut
    /// by UNTIL stops from its first missing dose. Returns the tail's keys, which need nothing
    /// else.
    private mutating func findStop() -> Set<DoseKey> {
        let lastTheirs = keys.last { theirs[$0] != nil }
        let tail = keys.filter { key in base[key] != nil && (lastTheirs.map { key > $0 } ?? true) }
        guard tail.count >= 2, tail.contains(where: { ours[$0] != nil }) else { return [] }
        let first = tail[0].date
        stop = lastTheirs == nil ? max(first, tail.first { $0.date >= today }?.date ?? first) : first
        return Set(tail)
    }

    /// Consecutive retimed doses (in the base's order) that the calendar puts at the same new
    /// time become one slot-time change; the rest are returned.
    private mutating func retimeRuns(_ candidates: [Candidate]) -> [Candidate] {
        guard !hourly else { return candidates }
        var retimed: [DoseKey: Candidate] = [:]
        for c in candidates where c.edit == .retimed { retimed[c.key] = c }
        let baseKeys = keys.filter { base[$0] != nil }
        var runs: [(keys: [DoseKey], new: WallTime)] = []
        var current: (keys: [DoseKey], new: WallTime)? = nil
        var leftover: [Candidate] = candidates.filter { $0.edit != .retimed }
        for key in baseKeys {
            guard let c = retimed[key], let t = c.theirs else {
                if let run = current { runs.append(run) }
                current = nil
                continue
            }
            let local = text.local(t.instant, on: key.date)
            guard local.date == key.date else {
                if let run = current { runs.append(run) }
                current = nil
                leftover.append(c)
                continue
            }
            if let run = current, run.new == local.time {
                current!.keys.append(key)
            } else {
                if let run = current { runs.append(run) }
                current = ([key], local.time)
            }
        }
        if let run = current { runs.append(run) }
        for run in runs {
            let first = run.keys.first!
            let last = run.keys.last!
            let open = last == baseKeys.last
            // Every dose in the window: the first one compared is the series' first, or the
            // window starts after it (older doses are history).
            let whole = open && first == baseKeys.first
            let old = text.local(base[first]!.instant, on: first.date).time
            let from: LocalDate? = whole ? nil : first.date
            let through: LocalDate? = open ? nil : last.date
            var words = "\(medication.name) \(old) -> \(run.new)"
            if let from { words += " from \(from)" } else { words += " (every dose)" }
            if let through { words += " through \(through)" }
            changes.append(
                ScheduleChange(
                    medicationID: medication.id,
                    kind: .slotTime(slotID: slot.id, from: from, through: through, old: old, new: run.new), description: words))
        }
        return leftover
    }

    /// One dose: deleted -> skipped, moved within its day -> rescheduled, moved by an override to
    /// another day -> rescheduled with its new date; anything else is reported.
    private mutating func single(_ c: Candidate) {
        let date = c.key.date
        let old = c.base.map { text.local($0.instant, on: date) }
        let label = "\(medication.name) \(old.map { "\($0.time)" } ?? "dose")"
        switch c.edit {
        case .deleted:
            guard !hourly, let old else { fallthrough }
            changes.append(
                ScheduleChange(
                    medicationID: medication.id, kind: .skipped(slotID: slot.id, date: date, time: old.time),
                    description: "\(label) on \(date): skipped"))
        case .moved, .retimed, .added:
            let new = c.theirs.map { text.local($0.instant, on: date) }
            if c.edit != .added, !hourly, let old, let new, new.date == date {
                changes.append(
                    ScheduleChange(
                        medicationID: medication.id,
                        kind: .rescheduled(slotID: slot.id, date: date, old: old.time, new: new.time),
                        description: "\(label) on \(date) moved to \(new.time)"))
                return
            }
            if c.edit == .moved, hourly {
                reportMoved(c.key)
                return
            }
            if c.edit == .moved, !hourly, let old, let new {
                changes.append(
                    ScheduleChange(
                        medicationID: medication.id,
                        kind: .movedToDay(slotID: slot.id, date: date, old: old.time, toDate: new.date, new: new.time),
                        description: "\(label) on \(date) moved to \(new.date) \(new.time)"))
                return
            }
            let (reason, words): (String, String)
            switch c.edit {
            case .added:
                reason = "the calendar has a dose the schedule never had; add it to the schedule by hand"
                words = "\(medication.name): extra dose on \(date) at \(text.value(c.theirs, on: date))"
            case .deleted:
                reason = "an every-N-hours dose was deleted; log it with dosecal log"
                words = "\(label) on \(date) deleted"
            default:
                reason =
                    hourly
                    ? "every-N-hours doses keep their spacing; change the schedule by hand"
                    : "the series moved this dose to another day; a dose time stays on its day; change the schedule by hand"
                words = "\(label) on \(date) moved to \(text.value(c.theirs, on: date))"
            }
            unmapped.append(
                UnmappedEdit(medicationID: medication.id, slotID: slot.id, date: date, reason: reason, description: words))
        }
    }

    /// Consecutive conflicting doses with the same pair of values form one conflict.
    private mutating func groupConflicts(_ list: [(key: DoseKey, ours: String, theirs: String)]) {
        var groups: [(first: DoseKey, last: DoseKey, ours: String, theirs: String)] = []
        for item in list {
            if let g = groups.last, g.ours == item.ours, g.theirs == item.theirs {
                groups[groups.count - 1].last = item.key
            } else {
                groups.append((item.key, item.key, item.ours, item.theirs))
            }
        }
        for g in groups {
            let when = g.first.date == g.last.date ? "on \(g.first.date)" : "from \(g.first.date) through \(g.last.date)"
            let name =
                "\(medication.name) \(base[g.first].map { "\(text.local($0.instant, on: g.first.date).time)" } ?? slot.id)"
            conflicts.append(
                ReconcileConflict(
                    medicationID: medication.id, slotID: slot.id, from: g.first.date, through: g.last.date, schedule: g.ours,
                    calendar: g.theirs, description: "\(name) \(when): the schedule says \(g.ours), the calendar says \(g.theirs)"
                ))
        }
    }
}
