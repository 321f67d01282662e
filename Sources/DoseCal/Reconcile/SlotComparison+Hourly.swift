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
        let baseKeys = keys.filter { base[$0] != nil }
        let theirsKeys = keys.filter { theirs[$0] != nil }
        guard let anchor = baseKeys.first?.instant, !theirsKeys.isEmpty,
            rows.allSatisfy({ $0.ours == $0.base })
        else { return false }
        let step = hours * 3600
        let offsets = Set(theirsKeys.map { Self.offset(of: $0.instant ?? anchor, from: anchor, step: step) })
        guard offsets.count == 1, let shift = offsets.first else {
            if mapSplit(theirsKeys: theirsKeys, anchor: anchor, step: step) { return true }
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: theirsKeys.first?.date,
                    reason: "every-N-hours doses keep one spacing within a stretch; doses moved by different amounts "
                        + "(not one split from a day on), or a new spacing, cannot be held; change the schedule by hand",
                    description: "\(medication.name) \(slot.time): some doses moved by another amount than the rest"))
            return true
        }
        if shift != 0 && !moveSeries(by: shift) { return true }
        compareHourlyDoses(baseKeys: baseKeys, theirsKeys: Set(theirsKeys), shift: shift)
        return true
    }

    /// A series split "this and following" at a new time: the doses before the split at the
    /// base's instants, from the split on one chain moved by one amount. Written as a taper step
    /// with the slot's new time from the split's day (each stretch is a chain of its own, decision
    /// 0136) when that schedule gives every calendar dose (checked by expanding it); the doses it
    /// has and the calendar lacks are deleted ones (`skipped`). False: not such a split, or one
    /// the schedule cannot hold (reported by the caller).
    private mutating func mapSplit(theirsKeys: [DoseKey], anchor: Int, step: Int) -> Bool {
        let sorted = theirsKeys.compactMap(\.instant).sorted()
        let offset = { (t: Int) in Self.offset(of: t, from: anchor, step: step) }
        guard let cut = sorted.firstIndex(where: { offset($0) != 0 }),
            sorted[cut...].allSatisfy({ offset($0) == offset(sorted[cut]) }),
            let first = sorted.first, let last = sorted.last
        else { return false }
        let home = text.home
        let split = home.local(at: sorted[cut])
        let shift = offset(sorted[cut])
        var schedule = text.engine.schedule
        guard let index = schedule.medications.firstIndex(where: { $0.id == medication.id }) else { return false }
        schedule.medications[index].setTime(of: slot.id, to: split.time, from: split.date, through: nil)
        let candidate = schedule.medications[index]
        // Doses the log already skips are no new deletion (the feed leaves them out).
        let engine = WallClockEngine(schedule: schedule)
        let skipped = engine.skippedHourlyInstants(of: candidate)
        let expected =
            engine
            .occurrences(
                of: candidate, from: home.local(at: first).date.adding(days: -1), to: home.local(at: last).date.adding(days: 1)
            )
            .map(\.instant).filter { $0 >= first && $0 <= last && !skipped.contains($0) }
        let calendar = Set(sorted)
        guard calendar.isSubset(of: expected) else {
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: split.date,
                    reason: "the series was split at a dose that is not the first of its day; a new time starts on a day's "
                        + "first dose, so that day's earlier doses cannot stay; change the schedule by hand",
                    description: "\(medication.name): every \(step / 3600) hours from \(split.date) \(split.time)"))
            return true
        }
        let old = home.local(at: sorted[cut] - shift).time
        let minutes = abs(shift) / 60
        // The base had the split already (its later stretch is the chain moved): no new time.
        if candidate != medication {
            changes.append(
                ScheduleChange(
                    medicationID: medication.id,
                    kind: .slotTime(slotID: slot.id, from: split.date, through: nil, old: old, new: split.time),
                    description: "\(medication.name) every \(step / 3600) hours from \(split.date) \(split.time) "
                        + "(\(minutes) minutes \(shift > 0 ? "later" : "earlier"))"))
        }
        for key in theirsKeys.sorted() { reportMoved(key) }
        for instant in expected where !calendar.contains(instant) {
            let l = home.local(at: instant)
            changes.append(
                ScheduleChange(
                    medicationID: medication.id, kind: .skipped(slotID: slot.id, date: l.date, time: l.time),
                    description: "\(medication.name) \(l.time) on \(l.date): skipped"))
        }
        return true
    }

    /// One dose an override moved (or moved back), unlike the base: a `rescheduled` entry naming the
    /// dose by its original home-zone time (`at`, decision 0138), its new day and time in the home zone.
    mutating func reportMoved(_ key: DoseKey) {
        guard let dose = theirs[key], let original = key.instant, dose.instant != base[key]?.instant ?? original
        else { return }
        let home = text.home
        let (old, new) = (home.local(at: original), home.local(at: dose.instant))
        let to = new.date == old.date ? "\(new.time)" : "\(new.date) \(new.time)"
        changes.append(
            ScheduleChange(
                medicationID: medication.id,
                kind: .movedHourlyDose(slotID: slot.id, date: old.date, at: old.time, toDate: new.date, new: new.time),
                description: "\(medication.name) \(old.time) on \(old.date) moved to \(to)"))
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
            let key = DoseKey(date: new.date, instant: instant + shift)
            matched.insert(key)
            let label = "\(medication.name) \(new.time)"
            guard theirs[key] != nil else {
                changes.append(
                    ScheduleChange(
                        medicationID: medication.id, kind: .skipped(slotID: slot.id, date: new.date, time: new.time),
                        description: "\(label) on \(new.date): skipped"))
                continue
            }
            reportMoved(key)
        }
        for key in theirsKeys.subtracting(matched).sorted() where key.date > first && key.date < last {
            unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: slot.id, date: key.date,
                    reason: "the calendar has a dose the schedule never had; add it to the schedule by hand",
                    description: "\(medication.name): extra dose on \(key.date) at \(text.value(theirs[key], on: key.date))"
                ))
        }
    }
}
