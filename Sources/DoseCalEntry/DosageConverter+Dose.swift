import DoseCalCore

/// The amount of a dose, its unit and form, and the limits of a medicine taken when needed.
extension DosageConverter {
    /// One dosage read: the dose, then the days and times (or the as-needed limits), then the bounds.
    func plan(_ dosage: Dosage, facts: MedicationFacts) throws(EntryError) -> DosePlan {
        let (amount, unit, form) = try dose(dosage.dose, form: facts.form)
        let (start, startGiven, end, count, boundNotes) = try bounds(dosage.timing.repeats)
        var p = DosePlan(
            sequence: dosage.sequence ?? 1, recurrence: .daily, times: [], start: start, startGiven: startGiven, end: end,
            count: count, amount: amount, unit: unit, form: form, notes: [])
        if dosage.asNeeded {
            p.recurrence = try asNeeded(dosage, amount: amount, unit: unit, notes: &p.notes)
            if count != nil { throw .notExact("a number of doses of a medicine taken when needed: its doses are not planned") }
        } else {
            (p.recurrence, p.times) = try schedule(dosage.timing, start: start, notes: &p.notes)
        }
        try apply(dosage.extras, to: &p)
        p.notes += boundNotes
        return p
    }

    /// dosecal's extensions: the slot ids of the times (a slot of a time the dosage no longer
    /// has, as after `edit --times`, names nothing), a cycle over daily times, a time policy.
    private func apply(_ extras: DosageExtras, to p: inout DosePlan) throws(EntryError) {
        for slot in extras.slots where p.times.contains(slot.time) && !p.slotIDs.values.contains(slot.id) {
            p.slotIDs[slot.time] = slot.id
        }
        if let c = extras.cycle {
            guard p.recurrence == .daily else { throw .notExact("a cycle of days on and off over doses that are not daily") }
            p.recurrence = .cycle(daysOn: c.daysOn, daysOff: c.daysOff)
        }
        p.policy = extras.timePolicy
    }

    /// The amount, unit and form of a dose (1 of the form's unit when the dosage names no dose).
    func dose(_ dose: DoseAmount?, form given: DoseForm?) throws(EntryError) -> (Double, DoseUnit?, DoseForm?) {
        guard let dose else { return (1, given?.defaultUnit, given) }
        if let high = dose.high, high != dose.value {
            let unit = (dose.unit?.plural ?? dose.unitText).map { " \($0)" } ?? ""
            throw .notExact(
                "a dose from \(AmountWords.number(dose.value)) to \(AmountWords.number(high))\(unit): dosecal plans one amount a dose"
            )
        }
        guard let unit = dose.unit else {
            guard let text = dose.unitText else { return (dose.value, given?.defaultUnit, given) }
            let known = DoseUnit.allCases.map(\.rawValue).joined(separator: ", ")
            throw .notExact("the dose's unit \"\(text)\" is not one dosecal knows; known units: \(known)")
        }
        let form = given ?? Self.form(of: unit)
        if let form, !form.units.contains(unit) {
            throw .notExact(
                "a dose in \(unit.plural) of a \(form.rawValue): a \(form.rawValue)'s doses are in "
                    + form.units.map(\.plural).joined(separator: ", "))
        }
        guard unit.allows(dose.value) else {
            throw .notExact("a dose of \(AmountWords.number(dose.value)) \(unit.plural): \(unit.valid)")
        }
        return (dose.value, unit, form)
    }

    /// The form a unit says: puffs come from an inhaler, ml is a liquid; a mass says none.
    static func form(of unit: DoseUnit) -> DoseForm? {
        switch unit {
        case .tablet: .tablet
        case .capsule: .capsule
        case .ml: .liquid
        case .drop: .drops
        case .puff: .inhaler
        case .spray: .spray
        case .unit: .injection
        case .patch: .patch
        case .application: .cream
        case .suppository: .suppository
        case .sachet, .dose: .other
        case .mg, .mcg, .g: nil
        }
    }

    /// The as-needed rule: the least time between doses from the repeat's period (its lower
    /// end: "every 4 to 6 hours" allows a dose after 4), the daily maximum from
    /// `maxDosePerPeriod` over 24 hours (or a frequency per day).
    func asNeeded(_ d: Dosage, amount: Double, unit: DoseUnit?, notes: inout [String]) throws(EntryError) -> Recurrence {
        var minimum: Int? = nil
        var maxPerDay: Int? = nil
        if let r = d.timing.repeats, let period = r.period, let hours = Self.hours(period, r.periodUnit) {
            let each = hours / Double(r.frequency ?? 1)
            if r.periodUnit == "d", period == 1, (r.frequency ?? 1) > 1 {
                maxPerDay = r.frequency
            } else {
                guard each == each.rounded(), (1...168).contains(Int(each)) else {
                    throw .notExact(
                        "a medicine taken when needed every \(AmountWords.number(each)) hours: use whole hours from 1 to 168")
                }
                minimum = Int(each)
                if let most = r.periodMax {
                    notes.append(
                        "at least \(Int(each)) hours apart (the period's lower end; its upper end \(AmountWords.number(most)) is no limit)"
                    )
                }
            }
        }
        if let most = d.maxDosePerPeriod { maxPerDay = try dailyMaximum(most, amount: amount, unit: unit) }
        if minimum == nil {
            minimum = 1
            notes.append("at least 1 hour apart: the instruction gives no least time between doses")
        }
        return .asNeeded(minimumHours: minimum!, maxPerDay: maxPerDay)
    }

    /// `maxDosePerPeriod` as doses in 24 hours: its amount divided by a dose, whole.
    private func dailyMaximum(_ most: (amount: Double, unit: DoseUnit?, hours: Double), amount: Double, unit: DoseUnit?)
        throws(EntryError) -> Int
    {
        guard most.hours == 24 else {
            throw .notExact(
                "at most a dose amount in \(AmountWords.number(most.hours)) hours: dosecal's daily maximum is over 24 hours")
        }
        var total = most.amount
        if let u = most.unit, let unit, u != unit {
            guard let converted = u.convert(most.amount, to: unit) else {
                throw .notExact("a maximum in \(u.plural) of doses in \(unit.plural)")
            }
            total = converted
        }
        let doses = total / amount
        guard doses == doses.rounded(), (1...48).contains(Int(doses)) else {
            throw .notExact(
                "a maximum of \(AmountWords.number(total)) a day is not a whole number of doses of \(AmountWords.number(amount))")
        }
        return Int(doses)
    }

    /// A period in hours (h, d, wk); nil for other units.
    static func hours(_ value: Double, _ unit: String?) -> Double? {
        switch unit {
        case "h": value
        case "d": value * 24
        case "wk": value * 168
        default: nil
        }
    }
}
