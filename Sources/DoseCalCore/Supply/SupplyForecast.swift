public import CalendarTime

/// When a medication's supply runs out, counted over the real dose days (weekdays, cycles,
/// tapers, every N hours), not pills per day times days.
public struct SupplyForecast: Sendable, Equatable {
    public var medicationID: String
    /// The first date with a dose that the supply cannot cover in full; nil if it never runs out
    /// within the horizon (or the course ends first).
    public var runOut: LocalDate?
    /// The last dose the supply covers.
    public var lastCoveredDose: LocalDateTime?
    /// When to warn: `warningDays` before `runOut`, at the refill reminder time.
    public var refillDue: LocalDateTime?
    /// Doses counted from the supply date to the run-out (or to the horizon).
    public var dosesCovered: Int
}

extension WallClockEngine {
    /// The local date a dose belongs to (for fixed-interval doses: the date in its person's home
    /// zone).
    public func localDate(of occurrence: Occurrence) -> LocalDate {
        // Matched, not bound: no copy of the zone.
        if case .some = occurrence.zone { return occurrence.local.date }
        return timeline(ofMedication: occurrence.medicationID).home.local(at: occurrence.instant).date
    }

    /// The supply forecast of `medication`, looking at most `horizonDays` past the supply date.
    /// Every scheduled dose from the supply date on uses up its pills unless the log's deciding
    /// entry about it says skipped or missed (`DoseLedger`); extra doses taken on or after the
    /// supply date (their date in the person's home zone) use up theirs.
    public func supplyForecast(of medication: Medication, horizonDays: Int = 3660) -> SupplyForecast? {
        // An as-needed medicine has no scheduled doses to run out on: only its pills left count.
        guard let supply = medication.supply, !medication.recurrence.isAsNeeded else { return nil }
        let ledger = DoseLedger(engine: self, medicationID: medication.id)
        let home = home(of: medication)
        var left = supply.pills
        for extra in ledger.extras where home.local(at: extra.instant).date >= supply.asOf { left -= extra.pills }
        if let counted = countedSupplyForecast(
            of: medication, supply: supply, ledger: ledger, left: left, horizonDays: horizonDays)
        {
            return counted
        }
        return walkedSupplyForecast(of: medication, supply: supply, ledger: ledger, left: left, horizonDays: horizonDays)
    }

    /// The forecast walking every dose's instant (the reference the counting way must equal).
    func walkedSupplyForecast(
        of medication: Medication, supply: Supply, ledger: DoseLedger, left start: Double, horizonDays: Int
    ) -> SupplyForecast {
        var left = start
        var covered = 0
        var lastCovered: LocalDateTime? = nil
        var chunkStart = supply.asOf
        let horizon = supply.asOf.adding(days: horizonDays)
        while chunkStart <= horizon {
            let chunkEnd = min(chunkStart.adding(days: 365), horizon)
            for dose in occurrences(of: medication, from: chunkStart, to: chunkEnd) {
                let date = localDate(of: dose)
                if !ledger.consumes(dose) { continue }
                if left + 1e-9 < dose.pills {
                    let due = date.adding(days: -supply.warningDays)
                    return SupplyForecast(
                        medicationID: medication.id, runOut: date, lastCoveredDose: lastCovered,
                        refillDue: LocalDateTime(date: max(due, supply.asOf), time: supply.refillReminderTime),
                        dosesCovered: covered)
                }
                left -= dose.pills
                covered += 1
                lastCovered = dose.zone == nil ? home(of: medication).local(at: dose.instant) : dose.local
            }
            if let end = medication.end, end <= chunkEnd { break }
            chunkStart = chunkEnd.adding(days: 1)
        }
        return SupplyForecast(
            medicationID: medication.id, runOut: nil, lastCoveredDose: lastCovered, refillDue: nil, dosesCovered: covered)
    }
}
