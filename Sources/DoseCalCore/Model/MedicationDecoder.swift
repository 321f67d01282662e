/// Decodes one entry of a schedule file's `medications` list, with its slots and taper.
/// Recurrence, time policy, reminder and supply are in MedicationDecoder+Options.swift.
struct MedicationDecoder {
    let reader: ScheduleReader
    /// The schedule's home zone (nil when it is wrong): every-N-hours doses are named by their
    /// time in it (in their person's, when that person has one).
    var home: Zone? = nil
    /// The file's format version: keys of a later version are refused in an earlier file, and 2
    /// says doses with form, unit and amount.
    var version = 1
    /// The schedule's people, that each medication's `person` names (nil: not checked).
    var people: ScheduleDecoder.PeopleNames? = nil

    /// One list for both versions: a version 1 file that uses a key of version 2 (`form`, `unit`,
    /// `amount`, `doses`, `spacing`, `person`) is told so at the key (`requireVersion2`); version
    /// 2 takes every key of version 1.
    static let medicationKeys: JSONKeys = [
        "id", "person", "name", "strength", "form", "unit", "amount", "doses", "dose", "notes", "pillsPerDose", "times",
        "recurrence", "start", "end", "timePolicy", "spacing", "reminder", "supply", "taper", "rescheduled",
    ]
    static let rescheduledKeys: JSONKeys = ["slot", "date", "at", "time", "toDate"]
    static let slotKeys: JSONKeys = ["id", "time", "until"]
    static let stepSlotKeys: JSONKeys = ["id", "time"]
    static let stepKeys: JSONKeys = ["from", "amount", "doses", "pillsPerDose", "dose", "times"]

    /// The time policy used when a medication has no `timePolicy`: fixedInterval for everyNHours, else wallClock.
    static func defaultPolicy(for recurrence: Recurrence) -> TimePolicy {
        if case .everyNHours = recurrence { return .fixedInterval }
        return .wallClock
    }

    func decode(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Medication {
        let f = try reader.fields(node, at: path, known: Self.medicationKeys)
        let id = try f.attempt(
            "id", "a stable id of 1 to 64 letters, digits, '.', '_' or '-', like \"metformin\"", reader.identifier)
        let person = try decodePerson(f)
        let name = try f.attempt("name", "the medication's name, like \"Metformin\"") { (n, p) throws(ScheduleError) in
            try reader.text(n, at: p, nonEmpty: "Metformin")
        }
        let strength = try f.optional("strength") { (n, p) throws(ScheduleError) in try reader.text(n, at: p) }
        let amounts = try decodeAmounts(f, strength: strength)
        let notes = try f.optional("notes") { (n, p) throws(ScheduleError) in try reader.text(n, at: p, multiline: true) }
        let times = try decodeTimes(f)
        let recurrence = try f.optional("recurrence", decodeRecurrence) ?? .daily
        let start = try f.attempt("start", "the first day, YYYY-MM-DD", reader.date)
        let measure = AmountMeasure(strength: strength, amounts)
        // Version 1 has no doses (its key list has none to look up).
        let doses =
            version < 2
            ? []
            : try times.flatMap { times throws(ScheduleError) in
                try f.optional("doses") { (n, p) throws(ScheduleError) in
                    try decodeDoseRules(n, at: p, slots: times, recurrence: recurrence, start: start, measure: measure)
                }
            } ?? []
        let end = try decodeEnd(f, times: times, recurrence: recurrence, start: start)
        let timePolicy =
            try f.optional("timePolicy") { (n, p) throws(ScheduleError) in
                try decodeTimePolicy(n, at: p, recurrence: recurrence)
            } ?? Self.defaultPolicy(for: recurrence)
        let spacing = try f.optional("spacing", decodeSpacing)
        let reminder = try f.optional("reminder", decodeReminder) ?? Reminder()
        let supply = try f.optional("supply", decodeSupply)
        guard let id, let name, let times, let start else { throw reader.incomplete(node, path) }
        let taper =
            try f.optional("taper") { (n, p) throws(ScheduleError) in
                try decodeTaper(n, at: p, times: times, start: start, end: end, recurrence: recurrence, measure: measure)
            } ?? []
        var medication = Medication(
            id: id, name: name, strength: strength, dose: amounts.dose, pillsPerDose: amounts.amount, notes: notes,
            times: times, recurrence: recurrence, start: start, end: end, timePolicy: timePolicy, reminder: reminder,
            supply: supply, taper: taper, spacing: spacing, form: amounts.form, unit: amounts.unit, doses: doses)
        medication.person = person
        // Every-N-hours doses moved are named by their time in their person's home zone.
        var zoned = self
        zoned.home = home(ofPerson: person)
        medication.rescheduled =
            try f.optional("rescheduled") { (n, p) throws(ScheduleError) in
                try zoned.decodeRescheduled(n, at: p, of: medication)
            } ?? []
        return medication
    }

    /// The dose times; none for an as-needed medication (`"recurrence": {"kind": "asNeeded"}`),
    /// which takes none.
    private func decodeTimes(_ f: ScheduleFields) throws(ScheduleError) -> [DoseSlot]? {
        guard f["recurrence"]?["kind"]?.stringValue == "asNeeded" else {
            return try f.attempt(
                "times", "at least one dose time, like [\"08:00\"] or [{\"id\": \"morning\", \"time\": \"08:00\"}]",
                decodeSlots)
        }
        if let node = f["times"] {
            try reader.report(
                reader.fail(
                    node, f.path("times"),
                    "an asNeeded medication has no dose times (its doses come from the log); leave times out"))
        }
        return []
    }

    /// `end`, with the checks that tie the dose times to the dates (each made only when the values
    /// it compares could be read).
    private func decodeEnd(
        _ f: ScheduleFields, times: [DoseSlot]?, recurrence: Recurrence, start: LocalDate?
    ) throws(ScheduleError) -> LocalDate? {
        if let times, let start, let i = times.firstIndex(where: { ($0.until ?? start) < start }) {
            try reader.report(
                reader.fail(
                    f["times"]!, f.path("times").element(i).member("until"),
                    "\(times[i].until!) is before the medication's start \(start); until is the last day of this dose time"))
        }
        let end = try f.optional("end", reader.date)
        if let end, let start, end < start {
            try reader.report(
                reader.fail(
                    f["end"]!, f.path("end"),
                    "end \(end) is before start \(start); end must be on or after start (it is inclusive)"))
        }
        if let times, case .everyNHours = recurrence, times.count != 1 {
            try reader.report(
                reader.fail(
                    f["times"]!, f.path("times"),
                    "an everyNHours recurrence takes exactly one time (the first dose on the start date), found \(times.count)"))
        }
        return end
    }

    /// The `times` list: `"HH:MM"` strings (slot id = 1-based position) or `{"id", "time"}` objects.
    private func decodeSlots(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> [DoseSlot] {
        let elements = try reader.array(node, at: path)
        guard !elements.isEmpty else {
            throw reader.fail(node, path, "the list is empty; list at least one dose time, like [\"08:00\"]")
        }
        var slots: [DoseSlot] = []
        var lines: [Int] = []  // the line of each slot's id (a medication has a few slots: no table)
        var complete = true
        for (i, element) in elements.enumerated() {
            let elementPath = path.element(i)
            guard
                let (slot, idNode) = try reader.attempt({ () throws(ScheduleError) in
                    try decodeSlot(element, at: elementPath, position: i + 1)
                })
            else {
                complete = false
                continue
            }
            if let k = slots.firstIndex(where: { $0.id == slot.id }) {
                let first = lines[k]
                try reader.report(
                    reader.fail(
                        idNode, elementPath,
                        "duplicate slot id \(JSONWriter.quoted(slot.id)) (first at line \(first)); each slot of a medication needs its own id"
                            + (element.isString
                                ? " (a plain \"HH:MM\" entry's id is its position, here \"\(i + 1)\")" : "")
                    ))
                continue
            }
            if let other = slots.first(where: { $0.time == slot.time }) {
                try reader.report(
                    reader.fail(
                        element, elementPath,
                        "\(slot.time) is already the time of slot \(JSONWriter.quoted(other.id)); each slot of a medication needs its own time"
                    ))
                continue
            }
            lines.append(idNode.line)
            slots.append(slot)
        }
        guard complete else { throw reader.incomplete(node, path) }
        return slots
    }

    /// One entry of `times` and the node its id comes from (`position` is its 1-based place).
    private func decodeSlot(_ element: JSONNode, at path: FieldPath, position: Int) throws(ScheduleError) -> (
        DoseSlot, JSONNode
    ) {
        if element.isString {
            return (DoseSlot(id: String(position), time: try reader.time(element, at: path)), element)
        }
        guard element.isObject else {
            throw reader.fail(
                element, path,
                "expected a time \"HH:MM\" or an object {\"id\": ..., \"time\": \"HH:MM\"}, found \(element.summary)")
        }
        let f = try reader.fields(element, at: path, known: Self.slotKeys)
        let id = try f.required("id", "a slot id, like \"morning\"", reader.identifier)
        let slot = DoseSlot(
            id: id, time: try f.required("time", "HH:MM", reader.time), until: try f.optional("until", reader.date))
        return (slot, f["id"]!)
    }

    private func decodeTaper(
        _ node: JSONNode, at path: FieldPath, times: [DoseSlot], start: LocalDate, end: LocalDate?, recurrence: Recurrence,
        measure: AmountMeasure
    ) throws(ScheduleError) -> [TaperStep] {
        var steps: [TaperStep] = []
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let step = try reader.attempt { () throws(ScheduleError) in
                try decodeTaperStep(
                    element, at: path.element(i), previous: steps.last, times: times, start: start, end: end,
                    amounts: (recurrence, measure))
            }
            if let step { steps.append(step) }
        }
        return steps
    }

    /// A step's `pillsPerDose` and `dose` (version 1, and version 2 for a medication without a
    /// unit), or `amount` and `doses` (version 2).
    private func decodeStepAmounts(
        _ f: ScheduleFields, into step: inout TaperStep, slots: [DoseSlot], start: LocalDate,
        amounts: (recurrence: Recurrence, measure: AmountMeasure)
    ) throws(ScheduleError) {
        try requireVersion2(f, ["amount", "doses"])
        let legacy = version < 2 || (amounts.measure.unit == nil && f["amount"] == nil)
        if legacy {
            step.amount = try f.optional("pillsPerDose", reader.pills)
            step.dose = try f.optional("dose") { (n, p) throws(ScheduleError) in try reader.text(n, at: p) }
            if version < 2 { return }
        } else {
            try refuseVersion1Dose(f, amounts.measure.unit == nil ? "amount" : "the medication's form or unit")
            step.amount = try f.optional("amount") { (n, p) throws(ScheduleError) in try amount(n, at: p, amounts.measure) }
        }
        step.doses = try f.optional("doses") { (n, p) throws(ScheduleError) in
            try decodeDoseRules(n, at: p, slots: slots, recurrence: amounts.recurrence, start: start, measure: amounts.measure)
        }
    }

    private func decodeTaperStep(
        _ element: JSONNode, at path: FieldPath, previous: TaperStep?, times: [DoseSlot], start: LocalDate, end: LocalDate?,
        amounts: (recurrence: Recurrence, measure: AmountMeasure)
    ) throws(ScheduleError) -> TaperStep {
        let f = try reader.fields(element, at: path, known: Self.stepKeys)
        let from = try f.required("from", "the first day of this step, YYYY-MM-DD", reader.date)
        let fromNode = f["from"]!
        if let previous {
            if from <= previous.from {
                try reader.report(
                    reader.fail(
                        fromNode, f.path("from"),
                        "\(from) is not after the previous step's from \(previous.from); list steps in date order, each starting later"
                    ))
            }
        } else if from != start {
            try reader.report(
                reader.fail(
                    fromNode, f.path("from"),
                    "the first step starts on \(from) but the medication starts on \(start); the first step's from must equal start"
                ))
        }
        if let end, from > end {
            try reader.report(
                reader.fail(
                    fromNode, f.path("from"),
                    "\(from) is after the medication's end \(end); every step must start on or before end"))
        }
        var step = TaperStep(from: from)
        try decodeStepAmounts(f, into: &step, slots: times, start: start, amounts: amounts)
        step.times = try f.optional("times") { (n, p) throws(ScheduleError) in try decodeStepSlots(n, at: p, slots: times) }
        return step
    }

    /// A taper step's `times`: `{"id", "time"}` objects naming existing slots, once each.
    private func decodeStepSlots(_ node: JSONNode, at path: FieldPath, slots: [DoseSlot]) throws(ScheduleError) -> [DoseSlot] {
        let elements = try reader.array(node, at: path)
        guard !elements.isEmpty else {
            throw reader.fail(
                node, path, "the list is empty; list the slots whose time changes, or leave times out to keep them all")
        }
        var changed: [DoseSlot] = []
        var effective = slots
        for (i, element) in elements.enumerated() {
            let read = try reader.attempt { () throws(ScheduleError) in
                try decodeStepSlot(element, at: path.element(i), slots: slots, changed: changed)
            }
            guard let (slot, index) = read ?? nil else { continue }
            changed.append(slot)
            effective[index] = slot
        }
        for (i, slot) in effective.enumerated() {
            if let other = effective[..<i].first(where: { $0.time == slot.time }) {
                try reader.report(
                    reader.fail(
                        node, path,
                        "in this step slots \(JSONWriter.quoted(other.id)) and \(JSONWriter.quoted(slot.id)) are both at \(slot.time); each slot needs its own time"
                    ))
            }
        }
        return changed
    }

    /// One entry of a step's `times` and the index of the slot it changes; nil when it names no
    /// usable slot (reported).
    private func decodeStepSlot(
        _ element: JSONNode, at path: FieldPath, slots: [DoseSlot], changed: [DoseSlot]
    ) throws(ScheduleError) -> (DoseSlot, Int)? {
        guard element.isObject else {
            throw reader.fail(
                element, path,
                "expected an object {\"id\": ..., \"time\": \"HH:MM\"} naming one of the medication's slots, found \(element.summary)"
            )
        }
        let f = try reader.fields(element, at: path, known: Self.stepSlotKeys)
        let id = try f.required("id", "the id of the slot whose time changes", reader.identifier)
        guard let index = slots.firstIndex(where: { $0.id == id }) else {
            try reader.report(
                reader.fail(
                    f["id"]!, f.path("id"),
                    "\(JSONWriter.quoted(id)) is not a slot of this medication; its slots are \(ScheduleDecoder.list(slots.map(\.id)))"
                ))
            return nil
        }
        guard !changed.contains(where: { $0.id == id }) else {
            try reader.report(
                reader.fail(
                    f["id"]!, f.path("id"), "slot \(JSONWriter.quoted(id)) is listed twice in this step; list each slot once"))
            return nil
        }
        return (DoseSlot(id: id, time: try f.required("time", "HH:MM", reader.time)), index)
    }
}
