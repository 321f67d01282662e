/// How output names a medication in privacy mode: by its position in the schedule file.
extension Schedule {
    /// "Medication 2" for the second medication (nil when `medicationID` is not in the schedule).
    public func positionalName(of medicationID: String) -> String? {
        medications.firstIndex { $0.id == medicationID }.map { "Medication \($0 + 1)" }
    }
}
