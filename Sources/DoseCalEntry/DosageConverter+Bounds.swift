import DoseCalCore

/// The first and last day of a dosage, and taper steps from dosages that follow each other.
extension DosageConverter {
    /// Start (given, or `today`), end (given, or from a duration), and a count of doses to
    /// count the end from.
    func bounds(_ r: TimingRepeat?) throws(EntryError)
        -> (start: LocalDate, given: Bool, end: LocalDate?, count: Int?, notes: [String])
    {
        var notes: [String] = []
        let start = r?.boundsStart ?? today
        if r?.boundsStart == nil { notes.append("starts \(today) (\(todayIs): the dosage gives no start)") }
        var end = r?.boundsEnd
        if let end, end < start { throw .notExact("the dosage ends on \(end), before it starts on \(start)") }
        if let d = r?.boundsDuration {
            let days: Double
            switch d.unit {
            case "d": days = d.value
            case "wk": days = d.value * 7
            case "h" where d.value.truncatingRemainder(dividingBy: 24) == 0: days = d.value / 24
            default:
                throw .notExact(
                    "a course of \(AmountWords.number(d.value)) \(Self.unitWords(d.unit)): give it in days or weeks, or its last day"
                )
            }
            guard days == days.rounded(), days >= 1, days <= 36_500 else {
                throw .notExact("a course of \(AmountWords.number(days)) days: use whole days")
            }
            end = start.adding(days: Int(days) - 1)
        }
        if let count = r?.count, count < 1 { throw .notExact("a count of \(count) doses: use 1 or more") }
        return (start, r?.boundsStart != nil, end, r?.count, notes)
    }

    /// The last day of `m` when it stops after `count` doses, counted in the person's zone; only
    /// when that dose is the last of its day (else the end would take more doses, or fewer).
    func end(of m: Medication, afterDoses count: Int) throws(EntryError) -> LocalDate {
        let engine = WallClockEngine(schedule: Schedule(version: 2, home: zone, medications: [m]))
        var from = m.start
        var seen = 0
        // Doses come day by day; a year at a time keeps each expansion small.
        while from.daysSinceEpoch - m.start.daysSinceEpoch < 36_500 {
            let to = from.adding(days: 365)
            let doses = engine.occurrences(of: m, from: from, to: to)
            if seen + doses.count >= count {
                let last = doses[count - seen - 1]
                let day = last.local.date
                if count - seen < doses.count, doses[count - seen].local.date == day {
                    throw .notExact(
                        "\(count) doses end in the middle of \(day) (dose \(count) at \(last.local.time), another follows that day): dosecal's end is a whole day"
                    )
                }
                return day
            }
            seen += doses.count
            from = to.adding(days: 1)
        }
        throw .notExact("\(count) doses take longer than 100 years")
    }

    /// One medication with taper steps, when every dosage after the first starts the day after
    /// the one before ends, with the same days and as many times (nil otherwise). A step's times
    /// move its slots (by slot id when the dosages name them, else in time order).
    func taper(_ facts: MedicationFacts, _ plans: [DosePlan]) throws(EntryError) -> ConvertedMedication? {
        for (a, b) in zip(plans, plans.dropFirst()) {
            guard let end = a.end, b.startGiven, b.start == end.adding(days: 1), a.count == nil,
                a.recurrence == b.recurrence, a.times.count == b.times.count, a.unit == b.unit, a.form == b.form,
                a.policy == b.policy, Set(a.slotIDs.values) == Set(b.slotIDs.values)
            else { return nil }
        }
        var first = plans[0]
        first.end = plans.last!.end
        first.count = plans.last!.count
        first.amounts = []
        var converted = try medication(facts, first, id: facts.id)
        let slots = converted.medication.times
        converted.medication.taper = plans.map { p in
            let own = p.slots
            let moved = zip(slots, own).compactMap { slot, positional -> DoseSlot? in
                let time = own.first { $0.id == slot.id && !p.slotIDs.isEmpty }?.time ?? positional.time
                return time == slot.time ? nil : DoseSlot(id: slot.id, time: time)
            }
            let rules = p.rules(own)
            return TaperStep(
                from: p.start, pillsPerDose: p.amount == first.amount ? nil : p.amount, times: moved.isEmpty ? nil : moved,
                doses: rules.isEmpty ? nil : rules)
        }
        converted.notes = plans.enumerated().flatMap { i, p in
            (i == 0 ? [] : ["from \(p.start): \(AmountWords.number(p.amount)) a dose"])
                + p.notes.filter { i == 0 || !$0.hasPrefix("starts") }
        }
        return converted
    }
}
