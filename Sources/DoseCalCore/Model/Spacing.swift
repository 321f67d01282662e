/// The allowed time between two consecutive doses of one medication, whatever their slots
/// (docs/schedule-format.md, `spacing`; decision 0230). `check` reports every pair of
/// consecutive doses closer than `minimum` or further apart than `maximum`.
public struct Spacing: Sendable, Equatable {
    /// The least time between consecutive doses, in seconds; nil: no least time.
    public var minimum: Int?
    /// The most time between consecutive doses, in seconds; nil: no most time.
    public var maximum: Int?

    public init(minimum: Int?, maximum: Int? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether a gap of `seconds` between consecutive doses is allowed.
    public func allows(_ seconds: Int) -> Bool {
        if let minimum, seconds < minimum { return false }
        if let maximum, seconds > maximum { return false }
        return true
    }
}
