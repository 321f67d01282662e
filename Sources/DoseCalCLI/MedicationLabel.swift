import DoseCal

/// How command output names a medication: name and strength (and its form: "Warfarin 5 mg
/// tablets", `MedicationWords.label`), or "Medication N" (its position) in privacy mode, so that
/// no medicine name appears; whose it is first in a schedule with people ("Grandma — Warfarin
/// 5 mg tablets", privacy mode "Person 3 — Medication 5", `PersonWords`). `schedule` is the
/// whole schedule (not one narrowed to a person), so that the numbers are the file's.
struct MedicationLabel {
    var schedule: Schedule
    var privacy: Bool
    /// Medications by ID in `schedule`.
    let lookup: ScheduleLookup

    init(schedule: Schedule, privacy: Bool) {
        self.schedule = schedule
        self.privacy = privacy
        lookup = ScheduleLookup(schedule)
    }

    func callAsFunction(_ m: Medication) -> String {
        let label = medicine(m)
        return PersonWords(of: m, in: schedule, privacy: privacy)?.title(label) ?? label
    }

    /// The medicine without its person.
    func medicine(_ m: Medication) -> String {
        if privacy { return lookup.positionalName(of: m.id) ?? "Medication" }
        return m.label
    }
}

extension MedicationLabel {
    /// `json` with every `"medication": ID` member naming the medication by position in privacy
    /// mode (ids are often medicine names; "Medication 2", without its person).
    func masking(_ json: JSONValue) -> JSONValue {
        guard privacy else { return json }
        switch json.kind {
        case .array(let elements): return JSONValue(array: elements.map(masking))
        case .object(let members):
            return JSONValue(
                members: members.map { m in
                    if m.key == "medication", case .string(let id) = m.value.kind,
                        let med = lookup.medication(id)
                    {
                        return (m.key, JSONValue(medicine(med)))
                    }
                    return (m.key, masking(m.value))
                })
        default: return json
        }
    }
}
