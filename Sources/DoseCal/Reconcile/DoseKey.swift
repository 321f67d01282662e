public import ICal

/// One scheduled dose as reconcile compares the three sides: medication, slot and dose date (the
/// local date of the original occurrence in its zone; the home zone for UTC and floating series).
/// Every-N-hours slots have several doses a day, so their key also holds the original instant.
public struct DoseKey: Sendable, Hashable, Comparable {
    public var slot: SlotKey
    public var medicationID: String { slot.medicationID }
    public var slotID: String { slot.slotID }
    public var date: LocalDate
    /// The original instant, for every-N-hours slots only.
    public var instant: Int?

    public init(medicationID: String, slotID: String, date: LocalDate, instant: Int? = nil) {
        self.slot = SlotKey(medicationID: medicationID, slotID: slotID)
        self.date = date
        self.instant = instant
    }

    public static func < (a: DoseKey, b: DoseKey) -> Bool {
        if a.slot != b.slot { return a.slot < b.slot }
        if a.date != b.date { return a.date.daysSinceEpoch < b.date.daysSinceEpoch }
        return (a.instant ?? 0) < (b.instant ?? 0)
    }
}
