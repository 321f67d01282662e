/// One dose's amount in words, for a medication of either format version.
extension MedicationWords {
    /// How much one dose of `medication` is: with a unit, as `amount(_:)` says it ("half a
    /// tablet (2.5 mg)"); without one (version 1), the dose text in force (`text`: the taper
    /// step's or the medication's, "6 tablets (15 mg)"), else the amount counted in doses
    /// ("1 dose", "2 doses"). The notifications and the charts say a dose with it.
    public static func dose(of medication: Medication, amount: Double, text: String?) -> String {
        if let words = MedicationWords(medication) { return words.amount(amount) }
        if let text, !text.isEmpty { return text }
        return AmountWords.number(amount) + (amount == 1 ? " dose" : " doses")
    }
}

extension Medication {
    /// How output names the medication: name and strength, and its form unless the name says
    /// it ("Warfarin 5 mg tablets", `MedicationWords.label`); version 1: name and strength
    /// ("Metformin 500 mg").
    public var label: String {
        if let words = MedicationWords(self) { return words.label }
        return [name, strength].compactMap { $0 }.joined(separator: " ")
    }
}
