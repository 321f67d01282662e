/// Why an instruction, a FHIR dosage or a command's options cannot become a medication exactly;
/// the description is a sentence saying what was understood and what was not.
public enum EntryError: Error, Equatable, CustomStringConvertible {
    /// The dosage says something dosecal cannot keep exactly (a range of periods, a continuous
    /// rate, "3 times a week" with no days ...): `reason` says which part.
    case notExact(String)
    /// A plain instruction with words that were not read: what was read, and the rest.
    case unreadInstruction(text: String, understood: String, unread: String)
    /// A command's value that is not valid: which, and what is valid.
    case invalid(String)
    /// A change the schedule cannot take (an id taken, a medication with a log removed).
    case refused(String)

    public var description: String {
        switch self {
        case .notExact(let reason): reason
        case .unreadInstruction(let text, let understood, let unread):
            "cannot read \"\(unread)\" in \"\(text)\"" + (understood.isEmpty ? "" : " (understood: \(understood))")
                + "; nothing was guessed: write the instruction in the forms of docs/entry.md, or use the options (--times, --every, --as-needed ...)"
        case .invalid(let message), .refused(let message): message
        }
    }
}
