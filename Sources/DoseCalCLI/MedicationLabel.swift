import DoseCal

/// How command output names a medication: name and strength (and its form: "Warfarin 5 mg
/// tablets", `MedicationWords.label`), or "Medication N" (its position) in privacy mode, so that
/// no medicine name appears.
struct MedicationLabel {
    var schedule: Schedule
    var privacy: Bool

    func callAsFunction(_ m: Medication) -> String {
        if privacy { return schedule.positionalName(of: m.id) ?? "Medication" }
        if let words = MedicationWords(m) { return words.label }
        return [m.name, m.strength].compactMap { $0 }.joined(separator: " ")
    }
}

extension MedicationLabel {
    /// `json` with every `"medication": ID` member naming the medication by position in privacy
    /// mode (ids are often medicine names).
    func masking(_ json: JSONValue) -> JSONValue {
        guard privacy else { return json }
        switch json.kind {
        case .array(let elements): return JSONValue(array: elements.map(masking))
        case .object(let members):
            return JSONValue(
                members: members.map { m in
                    if m.key == "medication", case .string(let id) = m.value.kind,
                        let med = schedule.medications.first(where: { $0.id == id })
                    {
                        return (m.key, JSONValue(self(med)))
                    }
                    return (m.key, masking(m.value))
                })
        default: return json
        }
    }
}
