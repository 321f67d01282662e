/// Why a chart cannot be made from what was asked.
public enum ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The range is empty or longer than the view shows.
    case range(from: String, to: String, most: Int, view: String)

    public var description: String {
        switch self {
        case .range(let from, let to, let most, let view):
            return "the \(view) chart shows 1 to \(most) days; \(from) to \(to) is not that: give --to on or after --from "
                + "and at most \(most - 1) days later"
        }
    }
}
