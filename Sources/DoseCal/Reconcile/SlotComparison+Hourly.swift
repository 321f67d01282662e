import ICal

/// Every-N-hours slots (docs/reconcile.md): their doses are keyed by original instant, so a series
/// moved by 30 minutes shares no key with the base. The calendar's doses are read against the
/// base's chain instead: one offset for every dose is the series moved (the slot's time), and
/// against the moved chain a missing dose is a deleted one (a `skipped` entry at its instant).
extension SlotComparison {
    /// What one every-N-hours slot's calendar edit maps to. Only when the schedule left the slot as
    /// the base has it; otherwise the dose-by-dose comparison reports conflicts.
    /// `keys`: the slot's keys but a cut-off tail (a stop). False: not handled here.
    mutating func classifyHourly(keys: [DoseKey]) -> Bool {
        guard case .everyNHours(let hours) = medication.recurrence, hours > 0 else { return false }
        let baseKeys = keys.filter { base.doses[$0] != nil }
        let theirsKeys = keys.filter { theirs.doses[$0] != nil }
        guard let anchor = baseKeys.first?.instant, !theirsKeys.isEmpty,
            self.keys.allSatisfy({ ours.doses[$0] == base.doses[$0] })
        else { return false }
        let step = hours * 3600
        let offsets = Set(theirsKeys.map { Self.offset(of: $0.instant ?? anchor, from: anchor, step: step) })
        guard offsets.count == 1, let shift = offsets.first else {
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: theirsKeys.first?.date,
                    reason: "every-N-hours doses keep one spacing from the first dose; a move from a later dose on, "
                        + "or a new spacing, cannot be held; change the schedule by hand",
                    description: "\(medication.name) \(slot.time): some doses moved by another amount than the rest"))
            return true
        }
        if shift != 0 && !moveSeries(by: shift) { return true }
        compareHourlyDoses(baseKeys: baseKeys, theirsKeys: Set(theirsKeys), shift: shift)
        return true
    }

    /// `instant`'s distance from the nearest dose of the chain `anchor + k * step`, in
    /// `-step/2 ..< step/2`.
    static func offset(of instant: Int, from anchor: Int, step: Int) -> Int {
        var o = (instant - anchor) % step
        if o < 0 { o += step }
        return o >= step / 2 ? o - step : o
    }

    /// Every dose `shift` seconds later: the slot's time (its first dose on the start date).
    /// False when that first dose would leave the start date (reported).
    private mutating func moveSeries(by shift: Int) -> Bool {
        let home = text.home
        let first = ZoneResolver.resolve(LocalDateTime(date: medication.start, time: slot.time), in: home).instant
        let moved = home.local(at: first + shift)
        guard moved.date == medication.start else {
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: nil,
                    reason: "the first dose would move to another day; change the start date and time by hand",
                    description:
                        "\(medication.name) \(slot.time): every dose moved to \(moved.time) (first dose on \(moved.date))"
                ))
            return false
        }
        changes.append(
            ScheduleChange(
                medicationID: medication.id,
                kind: .slotTime(slotID: slot.id, from: nil, through: nil, old: slot.time, new: moved.time),
                description: "\(medication.name) \(slot.time) -> \(moved.time) (every dose)"))
        return true
    }

    /// Each base dose against the calendar's dose `shift` seconds later: missing is deleted (a
    /// `skipped` entry), moved by an override or a dose the base never had is reported. Doses whose
    /// counterpart falls outside the compared dates are left out (the window cuts them on one side).
    private mutating func compareHourlyDoses(baseKeys: [DoseKey], theirsKeys: Set<DoseKey>, shift: Int) {
        guard let first = baseKeys.first?.date, let last = baseKeys.last?.date else { return }
        let home = text.home
        var matched = Set<DoseKey>()
        for b in baseKeys {
            guard let instant = b.instant else { continue }
            let new = home.local(at: instant + shift)
            guard new.date >= first && new.date <= last else { continue }
            let key = DoseKey(medicationID: b.medicationID, slotID: b.slotID, date: new.date, instant: instant + shift)
            matched.insert(key)
            let label = "\(medication.name) \(new.time)"
            guard let dose = theirs.doses[key] else {
                changes.append(
                    ScheduleChange(
                        medicationID: medication.id, kind: .skipped(slotID: slot.id, date: new.date, time: new.time),
                        description: "\(label) on \(new.date): skipped"))
                continue
            }
            guard dose.instant != key.instant else { continue }
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: new.date,
                    reason: "every-N-hours doses keep their spacing; change the schedule by hand",
                    description: "\(label) on \(new.date) moved to \(text.value(dose, on: new.date))"))
        }
        for key in theirsKeys.subtracting(matched).sorted() where key.date > first && key.date < last {
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: key.date,
                    reason: "the calendar has a dose the schedule never had; add it to the schedule by hand",
                    description: "\(medication.name): extra dose on \(key.date) at \(text.value(theirs.doses[key], on: key.date))"
                ))
        }
    }
}
