extension MedicationDecoder {
    /// The `rescheduled` list: `{"slot", "date", "time", "toDate"?}` objects, one per slot and date, each on
    /// a dose day of the medication (not for every-N-hours medications).
    func decodeRescheduled(
        _ node: JSONValue, at path: String, times: [DoseSlot], recurrence: Recurrence, start: LocalDate, end: LocalDate?
    ) throws(ScheduleError) -> [RescheduledDose] {
        let elements = try reader.array(node, at: path)
        if case .everyNHours = recurrence, !elements.isEmpty {
            throw reader.fail(node, path, "an everyNHours medication cannot reschedule single doses; leave rescheduled out")
        }
        var result: [RescheduledDose] = []
        for (i, element) in elements.enumerated() {
            let read = try reader.attempt { () throws(ScheduleError) in
                try decodeRescheduledDose(
                    element, at: "\(path)[\(i)]", times: times, recurrence: recurrence, start: start, end: end, before: result)
            }
            if let dose = read ?? nil { result.append(dose) }
        }
        return result
    }

    /// One `rescheduled` entry; nil when its slot or date is wrong (reported).
    private func decodeRescheduledDose(
        _ element: JSONValue, at path: String, times: [DoseSlot], recurrence: Recurrence, start: LocalDate, end: LocalDate?,
        before: [RescheduledDose]
    ) throws(ScheduleError) -> RescheduledDose? {
        let f = try reader.fields(element, at: path, known: Self.rescheduledKeys)
        let slot = try f.required("slot", "the id of the slot whose dose moves", reader.identifier)
        var usable = true
        if !times.contains(where: { $0.id == slot }) {
            try reader.report(
                reader.fail(
                    f["slot"]!, f.path("slot"),
                    "\(JSONWriter.quoted(slot)) is not a slot of this medication; its slots are \(ScheduleDecoder.list(times.map(\.id)))"
                ))
            usable = false
        }
        let date = try f.required("date", "the dose's scheduled date, YYYY-MM-DD", reader.date)
        if !recurrence.includes(date, start: start) || date > (end ?? date) {
            try reader.report(
                reader.fail(
                    f["date"]!, f.path("date"),
                    "\(date) is not a dose day of this medication; name a day its recurrence has, from start to end"))
            usable = false
        } else if before.contains(where: { $0.slot == slot && $0.date == date }) {
            try reader.report(
                reader.fail(
                    f["date"]!, f.path("date"),
                    "the dose of slot \(JSONWriter.quoted(slot)) on \(date) is rescheduled twice; keep one entry"))
            usable = false
        }
        let time = try f.required("time", "the new time that day, HH:MM", reader.time)
        let toDate = try f.optional("toDate") { (n, p) throws(ScheduleError) in try reader.date(n, at: p) }
        return usable ? RescheduledDose(slot: slot, date: date, time: time, toDate: toDate == date ? nil : toDate) : nil
    }
}
