/// Every-N-hours doses the person said they will not take (decision 0106): a slot and a date name
/// several such doses, so a `skipped` entry is about that day's dose nearest to its `at`, as the
/// dose log reads it (`DoseLedger`).
extension WallClockEngine {
    /// The instants of the doses of an every-N-hours `medication` whose deciding log entry is
    /// `skipped` (empty for other medications).
    public func skippedHourlyInstants(of medication: Medication) -> Set<Int> {
        guard case .everyNHours = medication.recurrence,
            schedule.log.contains(where: { $0.status == .skipped && $0.medication == medication.id })
        else { return [] }
        let ledger = DoseLedger(engine: self, medicationID: medication.id)
        return Set(ledger.statuses.filter { $0.value == .skipped }.map(\.key.instant))
    }

    /// `skippedHourlyInstants(of:)` of every medication that has some, by medication id.
    public func skippedHourlyInstants() -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        for m in schedule.medications {
            let skipped = skippedHourlyInstants(of: m)
            if !skipped.isEmpty { result[m.id] = skipped }
        }
        return result
    }
}
