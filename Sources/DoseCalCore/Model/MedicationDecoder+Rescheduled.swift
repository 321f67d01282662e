extension MedicationDecoder {
    /// The `rescheduled` list: `{"slot", "date", "at"?, "time", "toDate"?}` objects, one per dose,
    /// each on a dose day of `m`. `at` (every-N-hours medications only, and required there) names
    /// which of the day's doses moves, by its original home-zone time (decision 0138).
    func decodeRescheduled(_ node: JSONNode, at path: FieldPath, of m: Medication) throws(ScheduleError) -> [RescheduledDose] {
        var result: [RescheduledDose] = []
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let read = try reader.attempt { () throws(ScheduleError) in
                try decodeRescheduledDose(element, at: path.element(i), of: m, before: result)
            }
            if let dose = read ?? nil { result.append(dose) }
        }
        return result
    }

    /// One `rescheduled` entry; nil when its slot, date or `at` is wrong (reported).
    private func decodeRescheduledDose(
        _ element: JSONNode, at path: FieldPath, of m: Medication, before: [RescheduledDose]
    ) throws(ScheduleError) -> RescheduledDose? {
        let f = try reader.fields(element, at: path, known: Self.rescheduledKeys)
        let slot = try f.required("slot", "the id of the slot whose dose moves", reader.identifier)
        var usable = true
        if !m.times.contains(where: { $0.id == slot }) {
            try reader.report(
                reader.fail(
                    f["slot"]!, f.path("slot"),
                    "\(JSONWriter.quoted(slot)) is not a slot of this medication; its slots are \(ScheduleDecoder.list(m.times.map(\.id)))"
                ))
            usable = false
        }
        let date = try f.required("date", "the dose's scheduled date, YYYY-MM-DD", reader.date)
        if !m.recurrence.includes(date, start: m.start) || date > (m.end ?? date) {
            try reader.report(
                reader.fail(
                    f["date"]!, f.path("date"),
                    "\(date) is not a dose day of this medication; name a day its recurrence has, from start to end"))
            usable = false
        }
        let at = try decodeAt(f, of: m, slot: usable ? slot : nil, date: date)
        if usable, at != nil || !m.isHourly, before.contains(where: { $0.slot == slot && $0.date == date && $0.at == at }) {
            let dose = at.map { "the \($0) dose" } ?? "the dose"
            try reader.report(
                reader.fail(
                    f[at == nil ? "date" : "at"]!, f.path(at == nil ? "date" : "at"),
                    "\(dose) of slot \(JSONWriter.quoted(slot)) on \(date) is rescheduled twice; keep one entry"))
            usable = false
        }
        let time = try f.required("time", "the new time that day, HH:MM", reader.time)
        let toDate = try f.optional("toDate") { (n, p) throws(ScheduleError) in try reader.date(n, at: p) }
        guard usable, at != nil || !m.isHourly else { return nil }
        return RescheduledDose(slot: slot, date: date, time: time, toDate: toDate == date ? nil : toDate, at: at)
    }

    /// The entry's `at`: required for an every-N-hours medication and one of the slot's dose times
    /// that day in the home zone (checked when `slot` is known); not allowed otherwise. Nil when
    /// absent or wrong (reported).
    private func decodeAt(_ f: ScheduleFields, of m: Medication, slot: String?, date: LocalDate) throws(ScheduleError)
        -> LocalTime?
    {
        guard m.isHourly else {
            if let node = f["at"] {
                try reader.report(
                    reader.fail(
                        node, f.path("at"),
                        "at names one of a day's several doses, for everyNHours medications only; leave it out"))
            }
            return nil
        }
        let hint = "which of the day's doses moves: its original time, HH:MM in the home zone"
        guard let at = try reader.attempt({ () throws(ScheduleError) in try f.required("at", hint, reader.time) }) else {
            return nil
        }
        guard let slot, let home else { return at }
        let r = RescheduledDose(slot: slot, date: date, time: at, at: at)
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: [m]))
        let count = engine.originalInstants(of: r, in: m).count
        guard count != 1 else { return at }
        let times = engine.occurrences(of: m, from: date, to: date).filter { $0.slotID == slot }
            .map { home.local(at: $0.instant) }.filter { $0.date == date }.map(\.time.description)
        let why =
            count == 0
            ? "no dose of slot \(JSONWriter.quoted(slot)) is at \(at) on \(date); that day's doses are at \(ScheduleDecoder.list(times))"
            : "\(at) comes twice on \(date) (the clocks go back), so it names no single dose; move another dose, or change the schedule by hand"
        try reader.report(reader.fail(f["at"]!, f.path("at"), why))
        return nil
    }
}

extension Medication {
    /// An every-N-hours medication: a slot has several doses a day.
    var isHourly: Bool {
        if case .everyNHours = recurrence { return true }
        return false
    }
}
