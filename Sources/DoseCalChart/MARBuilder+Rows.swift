import DoseCalCore

/// The rows of a grid: scheduled doses, extra doses, as-needed medicines.
extension MARBuilder {
    /// A row of `m`'s scheduled doses per slot and amount, the slots in file order, each
    /// slot's amounts in the order of their first dose.
    func scheduledRows(_ m: Medication, index: Int) -> [MARGrid.Row] {
        let doses = expansion.occurrences(ofMedicationAt: index, from: from, to: to)
        var rows: [MARGrid.Row] = []
        for slot in m.times {
            var groups: [(dose: String, doses: [Occurrence])] = []
            for o in doses where o.slotID == slot.id {
                let day = engine.localDate(of: o)
                guard day >= from && day <= to else { continue }
                let said = words(m, amount: o.amount, on: day)
                if let k = groups.firstIndex(where: { $0.dose == said }) {
                    groups[k].doses.append(o)
                } else {
                    groups.append((said, [o]))
                }
            }
            rows += groups.map { row(m, slot: slot, dose: $0.dose, doses: $0.doses) }
        }
        return rows
    }

    /// One row of doses of `slot` with the same amount.
    private func row(_ m: Medication, slot: DoseSlot, dose: String, doses: [Occurrence]) -> MARGrid.Row {
        let time = rowTime(m, slot: slot, first: doses[0])
        let cells = days.map { day -> MARCell in
            let today = doses.filter { engine.localDate(of: $0) == day }
            guard !today.isEmpty else { return noDose(m, on: day) }
            return MARCell(entries: today.map { entry($0, rowTime: time) }, marks: marks(m, on: day))
        }
        return MARGrid.Row(kind: .scheduled, medicationID: m.id, label: label(m), time: time, dose: dose, cells: cells)
    }

    /// The row's time: the slot's time the schedule says on the first dose's day ("08:00"; a
    /// pinned zone named), or "every 8 hours" from the first dose's time.
    private func rowTime(_ m: Medication, slot: DoseSlot, first: Occurrence) -> String {
        if case .everyNHours(let hours) = m.recurrence { return "every \(hours) hours" }
        let time = engine.time(of: slot, in: m, on: engine.localDate(of: first))
        let clock = String(time.description.prefix(5))
        if let zone = m.timePolicy.pinnedZone { return "\(clock) \(zone.identifier)" }
        if m.timePolicy == .fixedInterval { return "\(clock) UTC, every 24 hours" }
        return clock
    }

    /// A dose's entry: the log's code (taken: with when), else an empty box; the time the dose
    /// is due when it is not the row's.
    private func entry(_ o: Occurrence, rowTime: String) -> MARCell.Entry {
        let key = DoseLedger.Key(o)
        let code = ledger.statuses[key].map(ChartCode.init)
        if code == .administered, let at = ledger.decidedAt[key] { return MARCell.Entry(code: code, time: clock(at)) }
        let due = clock(o.instant)
        return MARCell.Entry(code: code, time: rowTime.hasPrefix(due) ? nil : due)
    }

    /// A row of `m`'s extra doses in the range; nil when there is none.
    func extraRow(_ m: Medication) -> MARGrid.Row? {
        let extras = ledger.extras.filter { $0.medicationID == m.id }
            .map { (day: person.timeline.localDate(at: $0.instant), at: $0.instant) }
            .filter { $0.day >= from && $0.day <= to }
        guard !extras.isEmpty else { return nil }
        let cells = days.map { day in
            MARCell(entries: extras.filter { $0.day == day }.map { MARCell.Entry(code: .extra, time: clock($0.at)) })
        }
        return MARGrid.Row(kind: .extra, medicationID: m.id, label: label(m), time: "extra doses", dose: "", cells: cells)
    }

    /// The row of an as-needed medicine: each dose given, at its time; shaded outside its course.
    func asNeededRow(_ m: Medication) -> MARGrid.Row {
        let given = (AsNeededDoses(m, log: person.schedule.log)?.taken ?? [])
            .map { (day: person.timeline.localDate(at: $0), at: $0) }
        let cells = days.map { day -> MARCell in
            guard isCourse(m, day) else { return MARCell(none: .noDose) }
            return MARCell(entries: given.filter { $0.day == day }.map { MARCell.Entry(code: .administered, time: clock($0.at)) })
        }
        return MARGrid.Row(
            kind: .asNeeded, medicationID: m.id, label: label(m), time: "as needed", dose: limits(m), cells: cells)
    }

    /// "1 tablet; at least 4 hours apart, at most 4 in 24 hours" (privacy: the limits only).
    func limits(_ m: Medication) -> String {
        guard case .asNeeded(let hours, let most) = m.recurrence else { return "" }
        var text = "at least \(hours) hour\(hours == 1 ? "" : "s") apart"
        if let most { text += ", at most \(most) in 24 hours" }
        let dose = words(m, amount: engine.amount(of: m, slot: nil, on: from), on: from)
        return dose.isEmpty ? text : "\(dose); \(text)"
    }

    /// The taper steps of `m` that begin in the range.
    func steps(of m: Medication) -> [MARGrid.Step] {
        m.taper.enumerated().compactMap { (i, step) in
            guard step.from >= from, step.from <= to, step.from >= m.start else { return nil }
            let slot = m.times.first?.id
            let amount = engine.amount(of: m, slot: slot, on: step.from)
            return MARGrid.Step(label: label(m), number: i + 1, from: step.from, dose: words(m, amount: amount, on: step.from))
        }
    }
}
