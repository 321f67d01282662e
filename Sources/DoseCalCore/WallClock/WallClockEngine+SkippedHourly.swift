/// Every-N-hours doses the person said they will not take (decision 0106): a slot and a date name
/// several such doses, so a `skipped` entry is about that day's dose nearest to its `at`, as the
/// dose log reads it (`DoseLedger`).
extension WallClockEngine {
    /// The instants of the doses of an every-N-hours `medication` whose deciding log entry is
    /// `skipped` (empty for other medications).
    public func skippedHourlyInstants(of medication: Medication) -> Set<Int> {
        guard case .everyNHours = medication.recurrence,
            lookup.log(of: medication.id).contains(where: { $0.status == .skipped })
        else { return [] }
        let ledger = DoseLedger(engine: self, medicationID: medication.id)
        return Set(ledger.statuses.filter { $0.value == .skipped }.map(\.key.instant))
    }

    /// `skippedHourlyInstants(of:)` of every medication that has some, by medication id.
    public func skippedHourlyInstants() -> [String: Set<Int>] {
        // The medications with a skipped entry, from one pass over the log.
        let skipping = Set(schedule.log.lazy.filter { $0.status == .skipped }.map(\.medication))
        guard !skipping.isEmpty else { return [:] }
        var result: [String: Set<Int>] = [:]
        for m in schedule.medications where skipping.contains(m.id) {
            let skipped = skippedHourlyInstants(of: m)
            if !skipped.isEmpty { result[m.id] = skipped }
        }
        return result
    }
}
