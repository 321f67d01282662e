/// A title `MedicationWords` wrote, read back (import): the words have one owner, and a title is
/// read only when writing what it reads gives the same text again.
extension MedicationWords {
    /// What a title says: its label ("Warfarin 5 mg tablets"), and the amount and unit of the
    /// dose ("half a tablet"); nil when `title` is no title of the form `label: amount` or
    /// `label: amount (what it comes to)`.
    public static func reading(title: String) -> (label: String, amount: Double, unit: DoseUnit)? {
        var search = title.endIndex
        while let colon = title.range(of: ": ", options: .backwards, range: title.startIndex..<search) {
            search = colon.lowerBound
            let label = String(title[..<colon.lowerBound])
            var said = String(title[colon.upperBound...])
            if said.hasSuffix(")"), let open = said.range(of: " (") { said = String(said[..<open.lowerBound]) }
            guard !label.isEmpty, let (amount, unit) = AmountWords.reading(said) else { continue }
            return (label, amount, unit)
        }
        return nil
    }

    /// The medication (name, strength, form, unit) whose words give `title` for its amount, and
    /// that amount; nil when no medication of these words writes exactly `title`. Of the
    /// readings that do, the first: a form before none (in `DoseForm` order), and a strength
    /// that is an amount ("250 mg/5 ml") before one `strengths` finds, before none.
    public static func medication(
        title: String, strengths: (String) -> [(name: String, strength: String)] = { _ in [] }
    ) -> (medication: Medication, amount: Double)? {
        guard let read = reading(title: title) else { return nil }
        let forms: [DoseForm?] = DoseForm.allCases.filter { $0.units.contains(read.unit) } + [nil]
        for form in forms {
            var bases = [read.label]
            if let noun = form?.noun, read.label.hasSuffix(" " + noun) {
                bases.insert(String(read.label.dropLast(noun.count + 1)), at: 0)
            }
            for base in bases {
                for (name, strength) in splits(base, strengths: strengths) {
                    let m = Medication(
                        id: "", name: name, strength: strength, times: [], start: LocalDate(daysSinceEpoch: 0), form: form,
                        unit: read.unit)
                    if MedicationWords(m)?.title(read.amount) == title { return (m, read.amount) }
                }
            }
        }
        return nil
    }

    /// Ways to split a label into name and strength: a strength that is an amount (the last one
    /// to four words), then those `strengths` gives, then no strength.
    private static func splits(
        _ label: String, strengths: (String) -> [(name: String, strength: String)]
    ) -> [(name: String, strength: String?)] {
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        var result: [(name: String, strength: String?)] = []
        for count in stride(from: min(4, words.count - 1), through: 1, by: -1) {
            let strength = words.suffix(count).joined(separator: " ")
            if DoseStrength(parsing: strength) != nil {
                result.append((words.dropLast(count).joined(separator: " "), strength))
            }
        }
        result += strengths(label).map { ($0.name, $0.strength) }
        result.append((label, nil))
        return result
    }
}
