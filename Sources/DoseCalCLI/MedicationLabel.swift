import DoseCal

/// How command output names a medication: name and strength, or "Medication N" (its position)
/// in privacy mode, so that no medicine name appears.
struct MedicationLabel {
    var schedule: Schedule
    var privacy: Bool

    func callAsFunction(_ m: Medication) -> String {
        if privacy { return "Medication \((schedule.medications.firstIndex(of: m) ?? 0) + 1)" }
        return [m.name, m.strength].compactMap { $0 }.joined(separator: " ")
    }
}
