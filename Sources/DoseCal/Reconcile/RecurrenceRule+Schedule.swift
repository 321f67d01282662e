extension RecurrenceRule {
    /// The parts the schedule model has words for: a rule with any other (BYSETPOS, BYHOUR,
    /// BYYEARDAY, `X-...`) is held as read but not mapped onto a schedule.
    static let scheduleParts: Set<Part> = [.frequency, .until, .count, .interval, .byMonth, .byMonthDay, .byDay, .weekStart]

    /// Whether every part of the rule is one of `scheduleParts`.
    var fitsScheduleModel: Bool {
        otherParts.isEmpty && Part.allCases.allSatisfy { !writes($0) || RecurrenceRule.scheduleParts.contains($0) }
    }
}
