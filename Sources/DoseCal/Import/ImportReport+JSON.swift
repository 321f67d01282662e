import ICal

extension ImportReport {
    /// `{"medications": [{"id", "name", "times", "from", "notes"}], "unmapped": [{"summary", "uid", "line", "reason"}],
    /// "eventsRead", "eventsNotDoses", "warnings"}`.
    public var json: JSONValue {
        let meds = zip(schedule.medications, sources).map { m, s in
            JSONValue(members: [
                ("id", JSONValue(m.id)), ("name", JSONValue(m.name)),
                ("times", JSONValue(array: m.times.map { JSONValue($0.time.description) })), ("from", JSONValue(s.from)),
                ("notes", JSONValue(array: s.notes.map { JSONValue($0) })),
            ])
        }
        let skipped = unmapped.map { u in
            JSONValue(members: [
                ("summary", JSONValue(u.summary)), ("uid", JSONValue(u.uid)),
                ("line", u.line.map { JSONValue($0) } ?? JSONValue(.null)),
                ("reason", JSONValue(u.reason)),
            ])
        }
        return JSONValue(members: [
            ("medications", JSONValue(array: meds)), ("unmapped", JSONValue(array: skipped)),
            ("eventsRead", JSONValue(eventsRead)),
            ("eventsNotDoses", JSONValue(eventsNotDoses)), ("warnings", JSONValue(array: warnings.map { JSONValue($0) })),
        ])
    }
}
