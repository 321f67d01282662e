import CalendarTime
import Foundation

/// Recording what happened: dose log entries and refills (docs/reminders.md §4, decisions 0010
/// and 0195). Each returns a new schedule; the log only ever grows at its end.
extension Schedule {
    /// How far from the instant a named slot's dose is looked for, in days.
    public static let doseSearchDays = 7

    /// The person `query` names (`--person`): their id, else the one whose id or name is `query`
    /// in any letter case; else an error listing the ids (with a suggestion when one is close).
    public func person(matching query: String) throws(ReminderError) -> Person {
        if let p = person(id: query) { return p }
        let q = query.lowercased()
        let matches = people.filter { $0.id.lowercased() == q || $0.name.lowercased() == q }
        guard matches.count == 1 else { throw .unknownPerson(query: query, ids: people.map(\.id)) }
        return matches[0]
    }

    /// The medication `query` names: its id; else the one whose id or name is `query` in any
    /// letter case; else the one whose id or name contains `query` in any letter case. Several:
    /// an error listing them. With `person`, only that person's medications are looked at.
    public func medication(matching query: String, person: Person? = nil) throws(ReminderError) -> Medication {
        let medications = person.map { self.medications(of: $0.id) } ?? self.medications
        if let m = medications.first(where: { $0.id == query }) { return m }
        let q = query.lowercased()
        guard !q.isEmpty else { throw .unknownMedication(query: query, ids: medications.map(\.id)) }
        for matches in [
            medications.filter { $0.id.lowercased() == q || $0.name.lowercased() == q },
            medications.filter { $0.id.lowercased().contains(q) || $0.name.lowercased().contains(q) },
        ] where !matches.isEmpty {
            guard matches.count == 1 else { throw .ambiguousMedication(query: query, candidates: matches.map(\.id)) }
            return matches[0]
        }
        throw .unknownMedication(query: query, ids: medications.map(\.id))
    }

    /// This schedule with one entry appended to the log: `status` at `instant` for the
    /// medication `query` names. Without `slot` and `date`, the entry is about the scheduled dose
    /// whose window (`DoseWindow`) holds `instant`; a taken dose in no window, or in the window of
    /// a dose already logged taken, is an extra dose (no slot or date). With `slot` (an id or the
    /// time `HH:MM`) and/or `date` (the dose day), it is about the dose they name (nearest to
    /// `instant`; a taken one not yet taken first), whatever the time. As needed: a dose at
    /// `instant`, warned about when it comes before the next dose was allowed.
    public func recording(
        _ status: DoseLogEntry.Status, medication query: String, slot: String? = nil, date: LocalDate? = nil, at instant: Int
    ) throws(ReminderError) -> LogRecord {
        let medication = try medication(matching: query)
        if medication.recurrence.isAsNeeded { return recordingAsNeeded(status, medication, at: instant) }
        let choice = DoseChoice(schedule: self, medication: medication, status: status, at: instant)
        let (dose, warnings) = slot != nil || date != nil ? try choice.named(slot: slot, date: date) : try choice.inWindow()
        var copy = self
        let at = Date(timeIntervalSince1970: TimeInterval(instant))
        let entry =
            dose.map {
                DoseLogEntry(
                    medication: medication.id, slot: $0.slotID, date: choice.engine.localDate(of: $0), status: status, at: at)
            } ?? DoseLogEntry(medication: medication.id, status: status, at: at)
        copy.log.append(entry)
        return LogRecord(
            schedule: copy, entry: entry, medication: medication, dose: dose, named: slot != nil || date != nil,
            replaced: dose.flatMap(choice.ledger.status(of:)), warnings: warnings)
    }

    /// An as-needed dose at `instant` (about no scheduled dose, docs/reminders.md §8), with a
    /// warning when it is taken before the next dose was allowed.
    private func recordingAsNeeded(_ status: DoseLogEntry.Status, _ medication: Medication, at instant: Int) -> LogRecord {
        let entry = DoseLogEntry(
            medication: medication.id, status: status, at: Date(timeIntervalSince1970: TimeInterval(instant)))
        var copy = self
        copy.log.append(entry)
        let before = AsNeededDoses(medication, log: log, until: instant)
        let after = AsNeededDoses(medication, log: copy.log)
        var warnings: [LogWarning] = []
        if status == .taken, let before, let after, !before.isAllowed(at: instant), let next = after.nextAllowed {
            warnings.append(
                .asNeededEarly(
                    last: before.last, minimumHours: before.minimumHours, inLastDay: before.lastDay(at: instant).count,
                    maxPerDay: before.maxPerDay, nextAllowed: next))
        }
        return LogRecord(
            schedule: copy, entry: entry, medication: medication, dose: nil, warnings: warnings, nextAllowed: after?.nextAllowed)
    }

    /// This schedule after a refill of `amount` units at `instant`: the supply record is counted
    /// again on the refill day (the date of `instant` in the home zone of the medication's person)
    /// as the units on hand at the start of
    /// that day plus `amount`, so the day's doses before the refill are still counted once.
    /// `warningDays` and `refillReminderTime` are kept.
    public func refilling(medication query: String, amount: Double, at instant: Int) throws(ReminderError) -> RefillRecord {
        guard amount > 0, amount.isFinite else { throw .badAmount(JSONWriter.number(amount)) }
        let medication = try medication(matching: query)
        guard var supply = medication.supply else { throw .noSupply(medicationID: medication.id) }
        let home = timeline(of: medication).home
        let day = home.local(at: instant).date
        guard day >= supply.asOf else {
            throw .refillBeforeCount(medicationID: medication.id, asOf: supply.asOf.description, refillDate: day.description)
        }
        let startOfDay = ZoneResolver.resolve(LocalDateTime(date: day, time: LocalTime(hour: 0, minute: 0)!), in: home).instant
        let status = ReminderStatus(schedule: self, at: startOfDay - 1)
        let onHand = status.pillsLeft(of: medication, at: startOfDay - 1) ?? 0
        supply.pills = onHand + amount
        supply.asOf = day
        var copy = self
        var refilled = medication
        refilled.supply = supply
        if let index = copy.medications.firstIndex(where: { $0.id == medication.id }) { copy.medications[index] = refilled }
        return RefillRecord(schedule: copy, medication: refilled, supply: supply, added: amount, at: instant)
    }
}
