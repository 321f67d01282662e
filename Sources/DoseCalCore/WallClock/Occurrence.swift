public import CalendarTime

/// One expected dose: which medication and slot, the local time the schedule promises, and the
/// instant it fires.
public struct Occurrence: Sendable, Hashable {
    public var medicationID: String
    public var slotID: String
    /// The wall-clock date and time the schedule says ("08:00 on 2026-03-08"); UTC for the
    /// fixed-interval policy.
    public var local: LocalDateTime
    /// The zone `local` is read in (nil for fixed-interval doses, whose `local` is UTC).
    public var zone: Zone?
    /// Seconds since 1970-01-01T00:00:00Z, by RFC 5545 §3.3.5.
    public var instant: Int
    /// What the dose uses up of the supply, in the medication's supply unit (tablets, ml ...;
    /// version 1: pills).
    public var pills: Double
    /// Whether the local time fell in a DST gap or overlap.
    public var resolution: ZoneResolver.Kind
    /// Seconds the dose fires after `local` read in `zone` (RFC 5545): 0 but for a dose of the
    /// gradual policy on its way to a new zone's wall clock (negative: before it).
    public var shift: Int
    /// The dose's amount in the medication's unit (what its words say: 40 for "40 mg", when
    /// `pills` counts the 8 tablets it takes); `pills` when not given.
    public var amount: Double

    public init(
        medicationID: String, slotID: String, local: LocalDateTime, zone: Zone?, instant: Int, pills: Double,
        resolution: ZoneResolver.Kind, shift: Int = 0, amount: Double? = nil
    ) {
        self.medicationID = medicationID
        self.slotID = slotID
        self.local = local
        self.zone = zone
        self.instant = instant
        self.pills = pills
        self.resolution = resolution
        self.shift = shift
        self.amount = amount ?? pills
    }
}
