public import CalendarTime

/// An amount for some of a medication's doses (format version 2, `doses`): those on some
/// weekdays, at some slots, or both ("1 tablet on Mondays and Fridays"). The other doses take the
/// medication's (or the taper step's) `amount`. No two rules of a list give the same dose.
public struct DoseRule: Sendable, Equatable {
    /// The weekdays of the dose days it is about, as written; empty: every day.
    public var weekdays: [Weekday]
    /// The slot ids it is about, as written; empty: every slot.
    public var slots: [String]
    /// The amount of each such dose, in the medication's unit.
    public var amount: Double

    public init(weekdays: [Weekday] = [], slots: [String] = [], amount: Double) {
        self.weekdays = weekdays
        self.slots = slots
        self.amount = amount
    }

    /// Whether the rule gives the dose of `slot` (nil: a dose of no slot, an extra one) on a day
    /// that is a `weekday`.
    public func applies(slot: String?, weekday: Weekday) -> Bool {
        (weekdays.isEmpty || weekdays.contains(weekday)) && (slots.isEmpty || slot.map(slots.contains) == true)
    }
}
