/// Doses the person said they will not take (decision 0037): a dose deleted on the phone comes
/// back as a `skipped` log entry, and a skipped dose does not fire anywhere dosecal writes.
extension Schedule {
    /// The dates of every dose whose deciding (last) log entry is `skipped`, by medication id and
    /// slot id. Every-N-hours medications are left out: a slot and a date name several doses.
    public func skippedDoses() -> [String: [String: Set<LocalDate>]] {
        var deciding: [String: [String: [LocalDate: DoseLogEntry.Status]]] = [:]
        for entry in log {
            guard let slot = entry.slot, let date = entry.date else { continue }
            deciding[entry.medication, default: [:]][slot, default: [:]][date] = entry.status
        }
        var result: [String: [String: Set<LocalDate>]] = [:]
        for m in medications {
            if case .everyNHours = m.recurrence { continue }
            for (slot, dates) in deciding[m.id] ?? [:] {
                let skipped = Set(dates.filter { $0.value == .skipped }.keys)
                if !skipped.isEmpty { result[m.id, default: [:]][slot] = skipped }
            }
        }
        return result
    }
}
