import Foundation
import CalendarTime

/// Recording what happened: dose log entries and refills (docs/reminders.md, decision 0010).
/// Each returns a new schedule; the log only ever grows at its end.
extension Schedule {
    /// How far from the instant `dose(of:slot:near:)` looks for a scheduled dose, in days.
    public static let doseSearchDays = 7

    /// The medication with id `query`, else the one whose name starts with `query` (letter case
    /// ignored). An exact id wins over name prefixes.
    public func medication(matching query: String) throws(ReminderError) -> Medication {
        if let m = medications.first(where: { $0.id == query }) { return m }
        let q = query.lowercased()
        let matches = medications.filter { $0.name.lowercased().hasPrefix(q) || $0.id.lowercased() == q }
        if matches.count == 1, !q.isEmpty { return matches[0] }
        if matches.count > 1, !q.isEmpty { throw .ambiguousMedication(query: query, candidates: matches.map(\.id)) }
        throw .unknownMedication(query: query, ids: medications.map(\.id))
    }

    /// The scheduled dose of `medication` nearest to `instant` (within `doseSearchDays` days either
    /// side; equally near: the earlier). `slot` names a slot by id or by its time `HH:MM` on the
    /// dose day and limits the search to it.
    public func dose(of medication: Medication, slot: String?, near instant: Int) throws(ReminderError) -> Occurrence {
        let engine = WallClockEngine(schedule: self)
        if let slot, !medication.times.contains(where: { $0.id == slot }), WallTime(parsing: slot) == nil {
            throw .unknownSlot(medicationID: medication.id, slot: slot, slots: medication.times.map { "\($0.id) (\($0.time))" })
        }
        let day = home.local(at: instant).date
        let days = Schedule.doseSearchDays
        let candidates = engine.occurrences(of: medication, from: day.adding(days: -days - 1), to: day.adding(days: days + 1))
            .filter { abs($0.instant - instant) <= days * 86_400 }
            .filter { dose in
                guard let slot else { return true }
                if dose.slotID == slot { return true }
                guard let time = WallTime(parsing: slot), let s = medication.times.first(where: { $0.id == dose.slotID }) else {
                    return false
                }
                return engine.time(of: s, in: medication, on: engine.localDate(of: dose)) == time
            }
        guard
            let nearest = candidates.min(by: { (abs($0.instant - instant), $0.instant) < (abs($1.instant - instant), $1.instant) }
            )
        else {
            if let slot, WallTime(parsing: slot) != nil, !medication.times.contains(where: { $0.id == slot }) {
                throw .unknownSlot(
                    medicationID: medication.id, slot: slot, slots: medication.times.map { "\($0.id) (\($0.time))" })
            }
            throw .noDoseNear(medicationID: medication.id, days: days)
        }
        return nearest
    }

    /// This schedule with one entry appended to the log: `status` for the scheduled dose of
    /// `medication` nearest to `instant` (see `dose(of:slot:near:)`), recorded at `instant`.
    public func recording(
        _ status: DoseLogEntry.Status, medication query: String, slot: String? = nil, at instant: Int
    ) throws(ReminderError) -> (schedule: Schedule, entry: DoseLogEntry) {
        let medication = try medication(matching: query)
        if medication.recurrence.isAsNeeded {
            // As needed: a dose at `instant`, about no scheduled dose (docs/reminders.md §8).
            var copy = self
            copy.log.append(DoseLogEntry(medication: medication.id, status: status, at: Date(timeIntervalSince1970: TimeInterval(instant))))
            return (copy, copy.log[copy.log.count - 1])
        }
        let dose = try dose(of: medication, slot: slot, near: instant)
        let entry = DoseLogEntry(
            medication: medication.id, slot: dose.slotID, date: WallClockEngine(schedule: self).localDate(of: dose),
            status: status,
            at: Date(timeIntervalSince1970: TimeInterval(instant)))
        var copy = self
        copy.log.append(entry)
        return (copy, entry)
    }

    /// This schedule after a refill of `amount` units at `instant`: the supply record is counted
    /// again on the refill day (home-zone date of `instant`) as the units on hand at the start of
    /// that day plus `amount`, so the day's doses before the refill are still counted once.
    /// `warningDays` and `refillReminderTime` are kept.
    public func refilling(medication query: String, amount: Double, at instant: Int) throws(ReminderError)
        -> (schedule: Schedule, supply: Supply)
    {
        guard amount > 0, amount.isFinite else { throw .badAmount(JSONWriter.number(amount)) }
        let medication = try medication(matching: query)
        guard var supply = medication.supply else { throw .noSupply(medicationID: medication.id) }
        let day = home.local(at: instant).date
        guard day >= supply.asOf else {
            throw .refillBeforeCount(medicationID: medication.id, asOf: supply.asOf.description, refillDate: day.description)
        }
        let startOfDay = ZoneResolver.resolve(LocalDateTime(date: day, time: WallTime(hour: 0, minute: 0)!), in: home).instant
        let status = ReminderStatus(schedule: self, at: startOfDay - 1)
        let onHand = status.pillsLeft(of: medication, at: startOfDay - 1) ?? 0
        supply.pills = onHand + amount
        supply.asOf = day
        var copy = self
        if let index = copy.medications.firstIndex(where: { $0.id == medication.id }) { copy.medications[index].supply = supply }
        return (copy, supply)
    }
}
