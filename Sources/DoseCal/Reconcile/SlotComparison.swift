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
        /// Where the dose is in `rows`.
        var row: Int
        var key: DoseKey
        var edit: Edit
        var base: DoseView.Dose?
        var theirs: DoseView.Dose?
    }

    let medication: Medication
    let slot: DoseSlot
    let text: ChangeText
    /// Every key of this slot on any side, sorted by date, with each side's dose at it.
    let rows: [SlotDoses.Row]
    let base: SlotDoses
    let ours: SlotDoses
    let theirs: SlotDoses
    /// The slot's deciding log status by dose date.
    let log: [LocalDate: DoseLogEntry.Status]
    let today: LocalDate
    /// The doses the calendar deleted one by one (EXDATE, cancelled overrides).
    let deleted: DeletedDoses.Marks

    var changes: [ScheduleChange] = []
    var conflicts: [ReconcileConflict] = []
    var unmapped: [UnmappedEdit] = []
    /// The slot's doses stop from this date (the calendar deleted the series or cut it short).
    var stop: LocalDate?

    var hourly: Bool { rows.first?.hourly ?? false }

    mutating func classify(prefer: ReconcilePreference?) {
        var candidates: [Candidate] = []
        var conflicting: [(key: DoseKey, ours: String, theirs: String)] = []
        let tail = findStop()
        // The rows the stop's tail holds need nothing else.
        let rows = self.rows
        let deleted = self.deleted
        let kept = { (i: Int) in i < tail || rows[i].base == nil || deleted.contains(rows[i]) }
        if hourly, classifyHourly(keys: rows.indices.filter(kept).map { rows[$0].key }) { return }
        for i in rows.indices where kept(i) {
            let (b, t) = (rows[i].base, rows[i].theirs)
            guard b?.instant != t?.instant else { continue }
            let key = rows[i].key
            let status = log[key.date]
            let o = key.instant == nil && status == .skipped ? nil : rows[i].ours
            if o?.instant == t?.instant { continue }
            let edit: Edit = t == nil ? .deleted : b == nil ? .added : t!.moved ? .moved : .retimed
            let candidate = Candidate(row: i, key: key, edit: edit, base: b, theirs: t)
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
    /// or more of them), and not one by one: doses the calendar deleted with EXDATE (or a
    /// cancelled override) are deletions however many there are, never a stop (decision 0202).
    /// A series deleted outright stops from today (its history stays); one cut by UNTIL stops
    /// from its first missing dose. Returns where the tail starts in `rows`: its rows are the
    /// base's doses from there on, which need nothing else (`rows.count`: no tail).
    private mutating func findStop() -> Int {
        let lastTheirs = rows.lastIndex { $0.theirs != nil }
        var after = lastTheirs.map { $0 + 1 } ?? 0
        // Doses deleted one by one right after the calendar's last dose are deletions.
        while after < rows.count, rows[after].base == nil || deleted.contains(rows[after]) { after += 1 }
        var (count, firstRow, hasOurs) = (0, after, false)
        for i in after..<rows.count where rows[i].base != nil {
            if deleted.contains(rows[i]) { continue }
            if count == 0 { firstRow = i }
            count += 1
            hasOurs = hasOurs || rows[i].ours != nil
        }
        guard count >= 2, hasOurs else { return rows.count }
        let first = rows[firstRow].date
        let todayDay = today.daysSinceEpoch
        let fromToday = rows[firstRow...].first { $0.base != nil && Int($0.day) >= todayDay }?.date
        stop = lastTheirs == nil ? max(first, fromToday ?? first) : first
        return after
    }

    /// Consecutive retimed doses (in the base's order) that the calendar puts at the same new
    /// time become one slot-time change; the rest are returned.
    private mutating func retimeRuns(_ candidates: [Candidate]) -> [Candidate] {
        guard !hourly else { return candidates }
        // In row order, as the base's doses below.
        let retimed = candidates.filter { $0.edit == .retimed }
        var next = 0
        var runs: [(first: Int, last: Int, new: LocalTime)] = []
        var current: (first: Int, last: Int, new: LocalTime)? = nil
        var leftover: [Candidate] = candidates.filter { $0.edit != .retimed }
        for i in rows.indices where rows[i].base != nil {
            guard next < retimed.count, retimed[next].row == i, let t = retimed[next].theirs else {
                if let run = current { runs.append(run) }
                current = nil
                continue
            }
            let c = retimed[next]
            next += 1
            let local = text.local(t.instant, on: c.key.date)
            guard local.date == c.key.date else {
                if let run = current { runs.append(run) }
                current = nil
                leftover.append(c)
                continue
            }
            if let run = current, run.new == local.time {
                current!.last = i
            } else {
                if let run = current { runs.append(run) }
                current = (i, i, local.time)
            }
        }
        if let run = current { runs.append(run) }
        let baseRows = (rows.firstIndex { $0.base != nil }, rows.lastIndex { $0.base != nil })
        for run in runs {
            let (first, last) = (rows[run.first].date, rows[run.last].date)
            let open = run.last == baseRows.1
            // Every dose in the window: the first one compared is the series' first, or the
            // window starts after it (older doses are history).
            let whole = open && run.first == baseRows.0
            let old = text.local(rows[run.first].base!.instant, on: first).time
            let from: LocalDate? = whole ? nil : first
            let through: LocalDate? = open ? nil : last
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
