import Foundation
import ICal

/// Bringing a reconcile's changes into the schedule (docs/reconcile.md, decision 0025).
extension Schedule {
    /// The schedule with `set`'s changes applied (`applying(_:now:)`) and its seen reminders
    /// merged in (`merging(seen:)`): what `reconcile --apply` and sync write.
    public func merging(_ set: ChangeSet, now: Int) throws(ReconcileError) -> Schedule {
        try applying(set.changes, now: now).merging(seen: set.seen.map(\.reminder))
    }

    /// The schedule with `changes` applied; log entries are stamped `now` (seconds since 1970).
    /// The result is checked by encoding and decoding what the changes touched
    /// (`validated(touching:)`), so it is always a valid schedule.
    public func applying(_ changes: [ScheduleChange], now: Int) throws(ReconcileError) -> Schedule {
        var s = self
        for change in changes {
            guard let i = s.medications.firstIndex(where: { $0.id == change.medicationID }) else {
                throw .unknownSlot(medicationID: change.medicationID, slotID: nil)
            }
            var m = s.medications[i]
            switch change.kind {
            case .slotTime(let slotID, let from, let through, _, let new):
                guard m.times.contains(where: { $0.id == slotID }) else { throw .unknownSlot(medicationID: m.id, slotID: slotID) }
                m.setTime(of: slotID, to: new, from: from, through: through)
            case .rescheduled(let slotID, let date, _, let new):
                m.rescheduled.removeAll { $0.slot == slotID && $0.date == date }
                if m.times.first(where: { $0.id == slotID }).map({ WallClockEngine(schedule: s).time(of: $0, in: m, on: date) })
                    != new
                {
                    m.rescheduled.append(RescheduledDose(slot: slotID, date: date, time: new))
                }
                m.rescheduled.sort { ($0.date, $0.slot) < ($1.date, $1.slot) }
            case .skipped(let slotID, let date, let time):
                s.log.append(
                    DoseLogEntry(
                        medication: m.id, slot: slotID, date: date, status: .skipped,
                        at: Date(timeIntervalSince1970: Double(s.skippedStamp(of: m, date: date, time: time, now: now)))))
            case .stopped(let from):
                let end = from.adding(days: -1)
                m.end = max(end, m.start)
                m.taper.removeAll { $0.from > m.end! }
                m.rescheduled.removeAll { $0.date > m.end! }
            case .slotStopped(let slotID, let from):
                guard let j = m.times.firstIndex(where: { $0.id == slotID }) else {
                    throw .unknownSlot(medicationID: m.id, slotID: slotID)
                }
                m.times[j].until = max(from.adding(days: -1), m.start)
            case .reminder(_, let new):
                m.reminder = new
            case .movedToDay(let slotID, let date, _, let toDate, let new):
                m.rescheduled.removeAll { $0.slot == slotID && $0.date == date }
                m.rescheduled.append(RescheduledDose(slot: slotID, date: date, time: new, toDate: toDate))
                m.rescheduled.sort { ($0.date, $0.slot) < ($1.date, $1.slot) }
            case .movedHourlyDose(let slotID, let date, let at, let toDate, let new):
                m.rescheduled.removeAll { $0.slot == slotID && $0.date == date && $0.at == at }
                if toDate != date || new != at {
                    m.rescheduled.append(
                        RescheduledDose(slot: slotID, date: date, time: new, toDate: toDate == date ? nil : toDate, at: at))
                }
                m.rescheduled.sort { ($0.date, $0.slot, $0.at?.description ?? "") < ($1.date, $1.slot, $1.at?.description ?? "") }
            case .recurrence(_, let new):
                m.recurrence = new
            }
            s.medications[i] = m
        }
        s.dropUnnamedHourlyMoves()
        var touched = Set(changes.map(\.medicationID))
        for (old, new) in zip(medications, s.medications) where old.rescheduled != new.rescheduled { touched.insert(new.id) }
        return try s.validated(touching: touched)
    }

    /// The schedule checked by encoding and decoding the medications in `touched` with their log
    /// entries and seen reminders (each medication is read on its own, against the rest of the
    /// schedule: zone, people, version), and those parts as decoded; the rest is as it was read.
    /// When that part does not read back, or not one for one, the whole schedule is encoded and
    /// decoded (`checkedWhole`): an error names the place in the whole file, as it always did.
    func validated(touching touched: Set<String>) throws(ReconcileError) -> Schedule {
        var part = self
        part.medications.removeAll { !touched.contains($0.id) }
        part.log.removeAll { !touched.contains($0.medication) }
        part.seen.removeAll { !touched.contains($0.medication) }
        guard let checked = try? ScheduleCodec.decode(ScheduleCodec.encode(part), file: "merged schedule") else {
            return try checkedWhole()
        }
        let sameLog =
            checked.log.map { [$0.medication, $0.slot ?? "", $0.date?.description ?? ""] }
            == part.log.map { [$0.medication, $0.slot ?? "", $0.date?.description ?? ""] }
        let sameSeen = checked.seen.map { [$0.medication, $0.slot] } == part.seen.map { [$0.medication, $0.slot] }
        guard checked.medications.map(\.id) == part.medications.map(\.id), sameLog, sameSeen else {
            return try checkedWhole()
        }
        var result = self
        var medications = checked.medications.makeIterator()
        for i in result.medications.indices where touched.contains(result.medications[i].id) {
            result.medications[i] = medications.next()!
        }
        var log = checked.log.makeIterator()
        for i in result.log.indices where touched.contains(result.log[i].medication) { result.log[i] = log.next()! }
        var seen = checked.seen.makeIterator()
        for i in result.seen.indices where touched.contains(result.seen[i].medication) { result.seen[i] = seen.next()! }
        return result
    }

    /// The whole schedule encoded and decoded.
    func checkedWhole() throws(ReconcileError) -> Schedule {
        do {
            return try ScheduleCodec.decode(ScheduleCodec.encode(self), file: "merged schedule")
        } catch {
            throw .invalidResult(error.message)
        }
    }
}

extension Schedule {
    /// `set` with each change that would make an invalid schedule (a dose time moved onto
    /// another dose time of the medication, ...) moved to `unmapped` with the reason: such an
    /// edit is reported and left, and the other changes still apply (decision 0203). The
    /// changes are tried all at once first (a swap of two dose times is valid only together),
    /// then a medication's changes together, then one by one, in order.
    func settled(_ set: ChangeSet, now: Int) -> ChangeSet {
        guard !set.changes.isEmpty, (try? applying(set.changes, now: now)) == nil else { return set }
        var result = set
        var kept: [ScheduleChange] = []
        var order: [String] = []
        var byMedication: [String: [ScheduleChange]] = [:]
        for c in set.changes {
            if byMedication[c.medicationID] == nil { order.append(c.medicationID) }
            byMedication[c.medicationID, default: []].append(c)
        }
        for id in order {
            let group = byMedication[id]!
            if (try? applying(kept + group, now: now)) != nil {
                kept += group
                continue
            }
            for change in group {
                do {
                    _ = try applying(kept + [change], now: now)
                    kept.append(change)
                } catch {
                    result.unmapped.append(
                        UnmappedEdit(
                            medicationID: change.medicationID, slotID: change.slotID, date: change.firstDate,
                            reason: clash(of: change) ?? "applying it would make an invalid schedule (\(error.description))",
                            description: change.description))
                }
            }
        }
        result.changes = kept
        return result
    }

    /// Why a dose time cannot move to `new`: another dose time of the medication is there.
    private func clash(of change: ScheduleChange) -> String? {
        guard case .slotTime(let slotID, _, _, _, let new) = change.kind,
            let m = medications.first(where: { $0.id == change.medicationID })
        else { return nil }
        let others = (m.times + m.taper.flatMap { $0.times ?? [] }).filter { $0.id != slotID && $0.time == new }
        guard let other = others.first else { return nil }
        return "\(new) is the time of this medication's dose time \"\(other.id)\"; two dose times of one medication "
            + "cannot share a time; change the schedule by hand"
    }
}

extension Schedule {
    /// Every-N-hours moves whose `at` no longer names a dose (the slot's time changed under them)
    /// are dropped: the calendar's overrides of the new chain come back as entries of their own.
    mutating func dropUnnamedHourlyMoves() {
        let engine = WallClockEngine(schedule: self)
        for i in medications.indices {
            guard case .everyNHours = medications[i].recurrence, !medications[i].rescheduled.isEmpty else { continue }
            let m = medications[i]
            medications[i].rescheduled = m.rescheduled.filter { engine.originalInstants(of: $0, in: m).count == 1 }
        }
    }

    /// The `at` of a `skipped` entry: `now`, but for every-N-hours medications the dose's own
    /// instant, since such an entry is about that day's dose nearest to its `at` (decision 0106).
    func skippedStamp(of m: Medication, date: LocalDate, time: LocalTime, now: Int) -> Int {
        guard case .everyNHours = m.recurrence else { return now }
        return ZoneResolver.resolve(LocalDateTime(date: date, time: time), in: home).instant
    }
}

extension Medication {
    /// Sets a slot's time on the dose days `from...through` (nil: from the start, to the end):
    /// the slot's own time when that is every day, else taper steps with `times`, split at
    /// `from` and the day after `through` so other days keep their time.
    mutating func setTime(of slotID: String, to time: LocalTime, from: LocalDate?, through: LocalDate?) {
        let first = max(from ?? start, start)
        if first == start && through == nil {
            if let i = times.firstIndex(where: { $0.id == slotID }) { times[i].time = time }
            for j in taper.indices {
                taper[j].times?.removeAll { $0.id == slotID }
                if taper[j].times?.isEmpty == true { taper[j].times = nil }
            }
            return
        }
        splitTaper(at: first)
        if let through, through.adding(days: 1) <= (end ?? through.adding(days: 1)) { splitTaper(at: through.adding(days: 1)) }
        for j in taper.indices where taper[j].from >= first && through.map({ taper[j].from <= $0 }) ?? true {
            var list = taper[j].times ?? []
            list.removeAll { $0.id == slotID }
            list.append(DoseSlot(id: slotID, time: time))
            taper[j].times = times.compactMap { s in list.first { $0.id == s.id } }
        }
    }

    /// Makes sure a taper step starts on `date`, copying the step in force there (a step's
    /// absent keys mean the medication's values, so they are copied, not inherited).
    mutating func splitTaper(at date: LocalDate) {
        if taper.isEmpty { taper = [TaperStep(from: start)] }
        guard !taper.contains(where: { $0.from == date }), date > start else { return }
        var step = taper.last { $0.from <= date } ?? TaperStep(from: start)
        step.from = date
        taper.append(step)
        taper.sort { $0.from < $1.from }
    }
}
