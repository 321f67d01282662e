import Foundation

extension ScheduleDecoder {
    /// The `seen` list: reminders a calendar reported as seen (`SeenReminder`).
    func decodeSeen(
        _ node: JSONNode, at path: FieldPath, medications: [Medication], unread: Set<String>
    ) throws(ScheduleError) -> [SeenReminder] {
        try entries(node, at: path) { (element, entryPath) throws(ScheduleError) in
            try decodeSeenEntry(element, at: entryPath, medications: medications, unread: unread)
        }
    }

    private func decodeSeenEntry(
        _ element: JSONNode, at path: FieldPath, medications: [Medication], unread: Set<String>
    ) throws(ScheduleError) -> SeenReminder {
        let f = try reader.fields(element, at: path, known: Self.seenKeys)
        let id = try f.required("medication", "the id of the medication whose reminder was seen", reader.identifier)
        let slot = try f.attempt("slot", "the id of the dose time whose reminder was seen", reader.identifier)
        try checkNames(f, element, medication: id, slot: slot, medications: medications, unread: unread)
        let date = try f.optional("date", reader.date)
        let at = try f.attempt("at", "when the calendar saw it, like \"2026-12-02T13:00:12Z\"", reader.instant)
        let source = try f.attempt("source", "\"calendar\"") { (n, p) throws(ScheduleError) in
            try reader.choice(n, at: p, what: "a source", in: SeenReminder.sources)
        }
        guard let slot, let at, let source else { throw reader.incomplete(element, path) }
        return SeenReminder(
            medication: id, slot: slot, at: Int(at.timeIntervalSince1970.rounded(.down)), date: date, source: source)
    }
}
