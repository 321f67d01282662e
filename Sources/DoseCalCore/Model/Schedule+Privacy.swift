/// How output names a medication or a person in privacy mode: by its position in the schedule file.
extension Schedule {
    /// "Medication 2" for the second medication (nil when `medicationID` is not in the schedule).
    public func positionalName(of medicationID: String) -> String? {
        medications.firstIndex { $0.id == medicationID }.map(Schedule.positionalName(at:))
    }

    /// "Medication 2" for the medication at index 1.
    public static func positionalName(at index: Int) -> String { "Medication \(index + 1)" }

    /// "Person 2" for the second person (nil when `personID` is not in the schedule): how privacy
    /// mode names a person, as it numbers medications (decision 0057).
    public func positionalName(ofPerson personID: String) -> String? {
        people.firstIndex { $0.id == personID }.map { "Person \($0 + 1)" }
    }
}
