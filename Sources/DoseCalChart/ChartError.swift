/// Why a chart cannot be made from what was asked.
public enum ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--person` names no person of the schedule; `known` are the ids it has (none: it names
    /// no people).
    case unknownPerson(String, known: [String])
    /// The range is empty or longer than the view shows.
    case range(from: String, to: String, most: Int, view: String)

    public var description: String {
        switch self {
        case .unknownPerson(let id, let known):
            if known.isEmpty {
                return "no person '\(id)': this schedule names no people (it is about one person); leave out --person"
            }
            return "no person '\(id)' in this schedule; people: \(known.joined(separator: ", "))"
        case .range(let from, let to, let most, let view):
            return "the \(view) chart shows 1 to \(most) days; \(from) to \(to) is not that: give --to on or after --from "
                + "and at most \(most - 1) days later"
        }
    }

    /// The description, without what was typed in privacy mode (an id may be a person's name).
    public var privateDescription: String {
        if case .unknownPerson(_, let known) = self {
            return known.isEmpty
                ? "this schedule names no people (it is about one person); leave out --person"
                : "no such person in this schedule; it names \(known.count) people"
        }
        return description
    }
}
