/// Why a log entry or refill could not be recorded. `description` is one actionable sentence.
///
/// Candidates are listed by medication id (the id the user would type); medicine names are not
/// repeated in the message.
public enum ReminderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No medication has this id, or a name or id containing it.
    case unknownMedication(query: String, ids: [String])
    /// Several medications have a name or id containing the text.
    case ambiguousMedication(query: String, candidates: [String])
    /// No person has this id (`--person`); `ids` are the schedule's people's.
    case unknownPerson(query: String, ids: [String])
    /// The medication has no slot with this id or time.
    case unknownSlot(medicationID: String, slot: String, slots: [String])
    /// No scheduled dose of the medication (and slot) within the search window around the instant.
    case noDoseNear(medicationID: String, days: Int)
    /// A skipped or missed entry at a time in no scheduled dose's window: the person names the
    /// dose. `lastSlot` and `lastDate` name the last dose before that time, when there is one.
    case noDoseDue(medicationID: String, lastSlot: String?, lastDate: String?)
    /// No scheduled dose of the medication (and slot) on the dose day named.
    case noDoseOn(medicationID: String, date: String, slot: String?)
    /// `refill` on a medication without a supply record.
    case noSupply(medicationID: String)
    /// A refill dated before the supply record's count date.
    case refillBeforeCount(medicationID: String, asOf: String, refillDate: String)
    /// A refill amount that is not a positive number.
    case badAmount(String)

    public var description: String { describe(privacy: nil) }

    /// The same sentence for privacy mode: medications named by position in `schedule`
    /// ("Medication 2", `Schedule.positionalName`), never by id or name, and the text typed to
    /// find one not repeated.
    public func privateDescription(in schedule: Schedule) -> String { describe(privacy: schedule) }

    private func describe(privacy schedule: Schedule?) -> String {
        let name = { (id: String) in
            schedule.map { $0.positionalName(of: id) ?? "The medication" } ?? "medication \(JSONWriter.quoted(id))"
        }
        switch self {
        case .unknownMedication(let query, let ids):
            guard let schedule else {
                return "no medication has the id \"\(query)\" or a name or id containing it; ids: "
                    + (ids.isEmpty ? "(the schedule has no medications)" : ids.joined(separator: ", "))
            }
            return "no medication has that id or a name or id containing it; the schedule has \(schedule.medications.count) "
                + "medication(s) (privacy mode: their ids and names are not shown)"
        case .ambiguousMedication(let query, let candidates):
            guard schedule != nil else {
                return "\"\(query)\" matches several medications; use one of these ids: \(candidates.joined(separator: ", "))"
            }
            return "that name matches several medications (\(candidates.map(name).joined(separator: ", "))); "
                + "give the id of one of them (privacy mode: ids are not shown)"
        case .unknownPerson(let query, let ids):
            guard let schedule else {
                guard !ids.isEmpty else {
                    return "no person has the id \"\(query)\": the schedule lists no people (add them under \"people\", "
                        + "format version 2); leave --person out"
                }
                let guess = NameSuggestion.closest(to: query, in: ids).map { " (did you mean \"\($0)\"?)" } ?? ""
                return "no person has the id \"\(query)\"\(guess); ids: \(ids.joined(separator: ", "))"
            }
            return "no person has that id; the schedule has \(schedule.people.count) people "
                + "(privacy mode: their ids and names are not shown)"
        case .unknownSlot(let id, let slot, let slots):
            return "\(name(id)) has no slot \"\(slot)\"; use a slot id or time: \(slots.joined(separator: ", "))"
        case .noDoseNear(let id, let days):
            return "\(name(id)) has no scheduled dose within \(days) days of that time; give --at near a dose"
        case .noDoseDue(let id, let slot, let date):
            let example = slot.map { s in date.map { " (the last dose before it: --slot \(s) --date \($0))" } ?? "" } ?? ""
            return "\(name(id)) has no dose due at that time (a log is about a dose from at most 1 hour before it to at most "
                + "12 hours after it); name the dose with --slot and --date\(example)"
        case .noDoseOn(let id, let date, let slot):
            return "\(name(id)) has no scheduled dose\(slot.map { " in slot \"\($0)\"" } ?? "") on \(date); "
                + "give a --date it is taken on"
        case .noSupply(let id):
            return "\(name(id)) has no supply record; add \"supply\": {\"pills\": N, \"asOf\": \"YYYY-MM-DD\"} to it first"
        case .refillBeforeCount(let id, let asOf, let date):
            return "a refill on \(date) is before the supply count of \(name(id)) (asOf \(asOf)); use --at on or after \(asOf)"
        case .badAmount(let text):
            return "\(text) is not an amount; use a number above 0, like 30 or 0.5"
        }
    }
}
