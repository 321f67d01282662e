/// How `ComponentAssembler` hands over the units of a calendar (each child of a VCALENDAR, or a
/// top-level component) to a reader that takes the calendar one unit at a time instead of
/// keeping it (`CalendarIndex`, `CalendarStream`). Units are numbered from 0 in file order; the
/// VCALENDARs themselves are kept as `roots`, with their own properties and no children. A class:
/// the assembler consults it on every line without copying its closures.
final class UnitStream {
    /// What the assembler does with a unit.
    enum Plan {
        /// Read it (own reader or libical) and hand it to `unit`.
        case read
        /// Read nothing: only its nesting is checked and `scanned` hears each line on its own
        /// level (a VEVENT's UID lines, for the index).
        case scan
        /// Read nothing: it was read before, on its own (`Skipped`).
        case skip(Skipped)

        /// Whether the unit is read.
        var reads: Bool {
            if case .read = self { return true }
            return false
        }
    }

    /// A unit read before the stream reached it: what reading it gave that belongs at its place in
    /// the file (its problems; a VTIMEZONE for the duplicate-TZID warning; whether it made a
    /// component, for a file of bare components).
    struct Skipped {
        var problems: [ICalError] = []
        var zone: ICalComponent? = nil
        var kept = true
    }

    /// Where a unit begins: its number, name (upper case), BEGIN line and the span of that line
    /// in the input, and whether it is inside a VCALENDAR.
    struct Start {
        var ordinal: Int
        var name: String
        var line: Int
        var offset: Int
        var inCalendar: Bool
    }

    /// At each unit's BEGIN: what to do with it.
    let begin: (Start) -> Plan
    /// Each line on the own level of a unit being scanned.
    let scanned: (ContentLine) -> Void
    /// Each component a read unit gave (one, or none when libical made nothing of it).
    let unit: (Int, ICalComponent) -> Void
    /// At each unit's END: its number and where its END line ends in the input.
    let end: (Int, Int) -> Void
    /// Whether the VCALENDARs' own properties are read (an index keeps none of them).
    let readsCalendarProperties: Bool

    init(
        begin: @escaping (Start) -> Plan, scanned: @escaping (ContentLine) -> Void = { _ in },
        unit: @escaping (Int, ICalComponent) -> Void = { _, _ in }, end: @escaping (Int, Int) -> Void = { _, _ in },
        readsCalendarProperties: Bool = true
    ) {
        self.begin = begin
        self.scanned = scanned
        self.unit = unit
        self.end = end
        self.readsCalendarProperties = readsCalendarProperties
    }
}
