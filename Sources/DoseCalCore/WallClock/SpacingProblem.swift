/// Two consecutive doses of one medication closer together or further apart than its spacing
/// allows (decision 0230), and what changed between them.
public struct SpacingProblem: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Less time between them than the spacing's minimum.
        case tooClose
        /// More time between them than the spacing's maximum.
        case tooFarApart
    }

    /// What happened between the two doses: none, one or several.
    public enum Cause: String, Sendable, Equatable, CaseIterable {
        /// The person is in another zone on the second dose's day (an itinerary stop).
        case travel
        /// The zone's clocks change (daylight saving) between the two doses.
        case clockChange
        /// A dose of the gradual policy is on its way to a new zone's wall clock.
        case gradualMove
        /// A dose is rescheduled.
        case rescheduled
        /// A taper step changes the dose times between them.
        case taperStep
    }

    public var medicationID: String
    public var first: Occurrence
    public var second: Occurrence
    public var kind: Kind
    /// The gap planned between the two doses (their days and slot times), in seconds.
    public var plannedGap: Int
    /// The bounds this pair must keep (`DoseSpacing.limits(plannedGap:)`).
    public var allowed: Spacing
    /// The medication's spacing: declared, or the default with its shortest planned gap.
    public var spacing: DoseSpacing
    public var causes: [Cause]

    /// Seconds between the two doses.
    public var gap: Int { second.instant - first.instant }
}
