public import CalendarTime

/// How much each dose of a medication is (by taper step, weekday and slot), what it is in the
/// other unit the strength gives ("half a tablet" of "5 mg" is 2.5 mg), and what it uses up of
/// the supply.
extension Medication {
    /// The amount of the dose of `slot` (nil: a dose of no slot, an extra one) on a day that is a
    /// `weekday`, in `step` (nil: no taper step in force): the first of the rules in force that
    /// gives it, else the step's or the medication's `amount`.
    public func amount(of slot: String?, weekday: Weekday, in step: TaperStep?) -> Double {
        for rule in step?.doses ?? doses where rule.applies(slot: slot, weekday: weekday) { return rule.amount }
        return step?.amount ?? amount
    }

    /// The weekdays on which the dose of `slot` in `step` is not the slot's plain amount (the
    /// amount of its days no weekday rule names), Monday first: the feed writes each as a series
    /// of its own, so that every occurrence's words say its amount.
    public func weekdaysOfTheirOwn(slot: String, in step: TaperStep?) -> [Weekday] {
        let rules = step?.doses ?? doses
        guard rules.contains(where: { !$0.weekdays.isEmpty }) else { return [] }
        let plain = rules.first { $0.weekdays.isEmpty && $0.slots.contains(slot) }?.amount ?? step?.amount ?? amount
        return Weekday.allCases.filter { amount(of: slot, weekday: $0, in: step) != plain }
    }

    /// The strength, when its text says one amount per one thing or per a volume.
    public var measuredStrength: DoseStrength? { strength.flatMap(DoseStrength.init(parsing:)) }

    /// `amount` (in `unit`) in the other unit the strength gives: the mass of a number of
    /// tablets, puffs or ml ("half a tablet" of 5 mg: 2.5 mg), or the tablets, puffs or ml of a
    /// mass (40 mg of 5 mg tablets: 8 tablets). Nil when the strength does not say it, and for
    /// a medication without a unit.
    public func equivalent(of amount: Double) -> (amount: Double, unit: DoseUnit)? {
        equivalent(of: amount, strength: measuredStrength)
    }

    /// `equivalent(of:)` with the strength already read.
    func equivalent(of amount: Double, strength: DoseStrength?) -> (amount: Double, unit: DoseUnit)? {
        guard let unit, let form, let strength else { return nil }
        if let counted = form.countedUnit, strength.perML == nil, unit == counted {
            return (amount * strength.value, strength.unit)
        }
        if unit == .ml, form.isMeasuredByVolume, let volume = strength.perML {
            return (amount * strength.value / volume, strength.unit)
        }
        guard let measured = unit.convert(amount, to: strength.unit) else { return nil }
        if let volume = strength.perML, form.isMeasuredByVolume { return (measured / strength.value * volume, .ml) }
        if strength.perML == nil, let counted = form.countedUnit { return (measured / strength.value, counted) }
        return nil
    }

    /// The unit the supply is counted in: for a dose in a mass (mg, mcg, g) that the strength
    /// turns into tablets, capsules, puffs or ml, that unit (nobody counts tablets in mg);
    /// otherwise `unit`. Nil for a medication without a unit (version 1: pills).
    public var supplyUnit: DoseUnit? {
        guard let unit else { return nil }
        guard unit.isMass, let converted = equivalent(of: 1) else { return unit }
        return converted.unit
    }

    /// What a dose of `amount` (in `unit`) uses up of the supply, in `supplyUnit`: the amount,
    /// unless a mass is counted as tablets, puffs or ml (40 mg of 5 mg tablets: 8), to a
    /// millionth so that quarters of tablets stay exact.
    public func supplyAmount(of amount: Double) -> Double {
        guard let unit, unit.isMass, let converted = equivalent(of: amount) else { return amount }
        return (converted.amount * 1e6).rounded() / 1e6
    }

    /// Whether the medication says its doses in a way only format version 2 holds: a form, a
    /// unit, or amounts by weekday or slot.
    public var needsVersion2: Bool { form != nil || unit != nil || !doses.isEmpty || taper.contains { $0.doses != nil } }

    /// Whether any dose's amount depends on its weekday or slot (in a taper step too).
    public var hasDoseRules: Bool { !doses.isEmpty || taper.contains { $0.doses?.isEmpty == false } }
}

extension Recurrence {
    /// Whether doses may have amounts by weekday: the dose days are every day, chosen weekdays or
    /// a cycle of whole weeks, so each weekday's doses are one weekly series.
    public var takesAmountsByWeekday: Bool {
        switch self {
        case .daily, .weekly: true
        case .cycle(let on, let off): off == 0 || (on + off) % 7 == 0
        case .everyNDays, .everyNHours, .asNeeded: false
        }
    }
}
