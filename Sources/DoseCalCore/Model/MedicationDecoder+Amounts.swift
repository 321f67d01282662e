/// How much a dose is: version 1's `dose` text and `pillsPerDose`, version 2's `form`, `unit`,
/// `amount` and `doses` (amounts by weekday and slot).
extension MedicationDecoder {
    /// A medication's dose keys as one version writes them.
    struct Amounts {
        var form: DoseForm? = nil
        var unit: DoseUnit? = nil
        var dose: String? = nil
        var amount: Double = 1
    }

    static let doseRuleKeys: JSONKeys = ["weekdays", "slots", "amount"]

    /// Reports each of `keys` that `f` holds in a version 1 file: they need version 2
    /// (`requireVersion2`, the one gate of every version 2 key).
    func requireVersion2(_ f: ScheduleFields, _ keys: [String]) throws(ScheduleError) {
        guard version < 2 else { return }
        for key in keys {
            guard let node = f[key] else { continue }
            _ = try reader.attempt { () throws(ScheduleError) in try requireVersion2(node, f.path(key), what: key) }
        }
    }

    /// The dose keys of a medication: `dose` and `pillsPerDose` (version 1, and version 2 without
    /// form, unit or amount), or `form`, `unit` and `amount` (version 2), the amount checked
    /// against the unit and strength.
    func decodeAmounts(_ f: ScheduleFields, strength: String?) throws(ScheduleError) -> Amounts {
        var a = Amounts()
        try requireVersion2(f, ["form", "unit", "amount", "doses"])
        guard version >= 2, f["form"] != nil || f["unit"] != nil || f["amount"] != nil else {
            if version >= 2, f["doses"] != nil, let node = f["dose"] {
                // One dose text cannot say amounts that differ by weekday or slot.
                try reader.report(
                    reader.fail(
                        node, f.path("dose"),
                        "dose is version 1's dose text, the same for every dose; with doses the amounts say the words: leave dose out"
                    ))
            }
            a.dose = try f.optional("dose") { (n, p) throws(ScheduleError) in try reader.text(n, at: p) }
            a.amount = try f.optional("pillsPerDose", reader.pills) ?? 1
            return a
        }
        try refuseVersion1Dose(f, "form, unit or amount")
        a.form = try f.optional("form") { (n, p) throws(ScheduleError) in
            DoseForm(rawValue: try reader.choice(n, at: p, what: "a form", in: DoseForm.allCases.map(\.rawValue)))!
        }
        a.unit = try f.optional("unit") { (n, p) throws(ScheduleError) in
            let units = (a.form?.units ?? DoseUnit.allCases).map(\.rawValue)
            let what = a.form.map { "a unit of a \($0.rawValue) form" } ?? "a unit"
            return DoseUnit(rawValue: try reader.choice(n, at: p, what: what, in: units))!
        }
        if a.unit == nil { a.unit = a.form?.defaultUnit }
        let measure = AmountMeasure(strength: strength, a)
        a.amount = try f.optional("amount") { (n, p) throws(ScheduleError) in try amount(n, at: p, measure) } ?? 1
        return a
    }

    /// Reports version 1's `pillsPerDose` and `dose` next to what says the dose in version 2
    /// (`what`: "form, unit or amount").
    func refuseVersion1Dose(_ f: ScheduleFields, _ what: String) throws(ScheduleError) {
        if let node = f["pillsPerDose"] {
            try reader.report(
                reader.fail(
                    node, f.path("pillsPerDose"),
                    "pillsPerDose is version 1's amount of a dose; next to \(what) write it as \"amount\", in the medication's unit"
                ))
        }
        if let node = f["dose"] {
            try reader.report(
                reader.fail(
                    node, f.path("dose"),
                    "dose is version 1's dose text; next to \(what) the words come from them (\"amount\": 5, \"unit\": \"ml\" says \"5 ml\"): leave dose out"
                ))
        }
    }

    /// What an amount is checked against: the unit (and, for a mass, what it comes to in
    /// tablets or puffs at the strength).
    struct AmountMeasure {
        let strength: String?
        let form: DoseForm?
        let unit: DoseUnit?

        init(strength: String?, _ amounts: Amounts) {
            self.strength = strength
            form = amounts.form
            unit = amounts.unit
        }

        /// A medication with only the strength, form and unit (what `equivalent` reads).
        var medication: Medication {
            Medication(
                id: "", name: "", strength: strength, times: [], start: LocalDate(daysSinceEpoch: 0), form: form, unit: unit)
        }
    }

    /// One amount: a number of the unit's steps (version 1's pill count without a unit); a mass
    /// that the strength turns into tablets, capsules or puffs must come to a number of them in
    /// their steps.
    func amount(_ node: JSONNode, at path: FieldPath, _ measure: AmountMeasure) throws(ScheduleError) -> Double {
        guard let unit = measure.unit else { return try reader.pills(node, at: path) }
        let d = try reader.number(node, at: path, valid: unit.valid)
        guard unit.allows(d) else {
            throw reader.fail(node, path, "\(ScheduleReader.text(node)) is not an amount of \(unit.plural); \(unit.valid)")
        }
        if unit.isMass, let counted = measure.medication.equivalent(of: d), counted.unit != .ml {
            let rounded = (counted.amount * 1e6).rounded() / 1e6
            if !counted.unit.allows(rounded) {
                let steps = counted.unit.steps == .quarters ? "whole, half or quarter" : "whole"
                throw reader.fail(
                    node, path,
                    "\(ScheduleReader.text(node)) \(unit.rawValue) comes to \(AmountWords.number(counted.amount)) \(counted.unit.plural) at this strength; a dose in \(unit.rawValue) must come to \(steps) \(counted.unit.plural)"
                )
            }
        }
        return d
    }

    /// `doses`: amounts of the doses on some weekdays or at some slots. Each entry names weekdays,
    /// slots or both, and no dose is named twice; weekdays need a recurrence whose dose days a
    /// weekday cuts (daily, weekly, a cycle of whole weeks) and must be dose days of a weekly one.
    func decodeDoseRules(
        _ node: JSONNode, at path: FieldPath, slots: [DoseSlot], recurrence: Recurrence, start: LocalDate?,
        measure: AmountMeasure
    ) throws(ScheduleError) -> [DoseRule] {
        switch recurrence {
        case .asNeeded, .everyNHours:
            throw reader.fail(
                node, path,
                "amounts by weekday or slot need dose times of a daily, weekly or cycle recurrence; give this medication one amount with \"amount\""
            )
        default: break
        }
        var rules: [DoseRule] = []
        var named: [String: Int] = [:]  // "slot weekday" -> the entry that names it
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let rule = try reader.attempt { () throws(ScheduleError) in
                try decodeDoseRule(
                    element, at: path.element(i), slots: slots, recurrence: recurrence, start: start, measure: measure)
            }
            guard let rule else { continue }
            let doses = (rule.slots.isEmpty ? slots.map(\.id) : rule.slots).flatMap { slot in
                (rule.weekdays.isEmpty ? Weekday.allCases : rule.weekdays).map { (slot, $0) }
            }
            if let (slot, day) = doses.first(where: { named["\($0.0) \($0.1.rawValue)"] != nil }) {
                try reader.report(
                    reader.fail(
                        element, path.element(i),
                        "the dose of slot \(JSONWriter.quoted(slot)) on \(day.rawValue) is already given by doses[\(named["\(slot) \(day.rawValue)"]!)]; name each dose in one entry only"
                    ))
                continue
            }
            for (slot, day) in doses { named["\(slot) \(day.rawValue)"] = i }
            rules.append(rule)
        }
        return rules
    }

    private func decodeDoseRule(
        _ element: JSONNode, at path: FieldPath, slots: [DoseSlot], recurrence: Recurrence, start: LocalDate?,
        measure: AmountMeasure
    ) throws(ScheduleError) -> DoseRule {
        let f = try reader.fields(element, at: path, known: Self.doseRuleKeys)
        let weekdays = try f.optional("weekdays", decodeWeekdays)
        if let weekdays { try checkWeekdays(weekdays, f, recurrence: recurrence, start: start) }
        let slotIDs = try f.optional("slots") { (n, p) throws(ScheduleError) in try decodeSlotIDs(n, at: p, slots: slots) }
        // Weekdays or slots that could not be read (when collecting every error): the entry is
        // left out, so that no dose it may have meant is reported as named twice.
        if (f["weekdays"] != nil && weekdays == nil) || (f["slots"] != nil && slotIDs == nil) {
            throw reader.incomplete(element, path)
        }
        guard let amountNode = f["amount"] else {
            throw reader.fail(
                element, path, "missing required key \"amount\" (the amount of these doses, in the medication's unit)")
        }
        let amount = try amount(amountNode, at: f.path("amount"), measure)
        // An entry with neither key (one whose weekdays or slots could not be read is reported there).
        guard f["weekdays"] != nil || f["slots"] != nil else {
            throw reader.fail(
                element, path,
                "an entry names the doses it is about with \"weekdays\", \"slots\" or both; the amount of every other dose is the medication's \"amount\""
            )
        }
        return DoseRule(weekdays: weekdays ?? [], slots: slotIDs ?? [], amount: amount)
    }

    /// Weekdays of amounts: the recurrence must be one a weekday cuts, and a weekly one must have
    /// doses on each of them.
    private func checkWeekdays(
        _ weekdays: [Weekday], _ f: ScheduleFields, recurrence: Recurrence, start: LocalDate?
    ) throws(ScheduleError) {
        guard recurrence.takesAmountsByWeekday else {
            throw reader.fail(
                f["weekdays"]!, f.path("weekdays"),
                "amounts by weekday need a daily, weekly or whole-week cycle recurrence (other dose days fall on changing weekdays); use slots, or one amount"
            )
        }
        guard case .weekly(let listed, _) = recurrence, let start else { return }
        let days = listed.isEmpty ? [start.weekday] : listed
        if let day = weekdays.first(where: { !days.contains($0) }) {
            throw reader.fail(
                f["weekdays"]!, f.path("weekdays"),
                "\(day.rawValue) is not a dose day of this medication (weekly on \(days.map(\.rawValue).joined(separator: ", "))); name only its dose days"
            )
        }
    }

    /// `slots` of an amount: ids of the medication's slots, each once.
    private func decodeSlotIDs(_ node: JSONNode, at path: FieldPath, slots: [DoseSlot]) throws(ScheduleError) -> [String] {
        let elements = try reader.array(node, at: path)
        guard !elements.isEmpty else {
            throw reader.fail(node, path, "the list is empty; list the ids of the slots this amount is for, or leave slots out")
        }
        var ids: [String] = []
        for (i, element) in elements.enumerated() {
            let id = try reader.identifier(element, at: path.element(i))
            guard slots.contains(where: { $0.id == id }) else {
                throw reader.fail(
                    element, path.element(i),
                    "\(JSONWriter.quoted(id)) is not a slot of this medication; its slots are \(ScheduleDecoder.list(slots.map(\.id)))"
                )
            }
            guard !ids.contains(id) else {
                throw reader.fail(element, path.element(i), "\(JSONWriter.quoted(id)) is listed twice; list each slot once")
            }
            ids.append(id)
        }
        return ids
    }
}
