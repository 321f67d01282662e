public import ICal

/// One scheduled dose of a slot as reconcile compares the three sides: the dose date (the local
/// date of the original occurrence in its zone; the home zone for UTC and floating series).
/// Every-N-hours slots have several doses a day, so their key also holds the original instant.
/// The slot itself is not part of the key: each side keeps its doses slot by slot (`SlotDoses`).
public struct DoseKey: Sendable, Hashable, Comparable {
    public var date: LocalDate
    /// The original instant, for every-N-hours slots only.
    public var instant: Int?

    public init(date: LocalDate, instant: Int? = nil) {
        self.date = date
        self.instant = instant
    }

    public static func < (a: DoseKey, b: DoseKey) -> Bool {
        if a.date != b.date { return a.date < b.date }
        return (a.instant ?? 0) < (b.instant ?? 0)
    }
}
