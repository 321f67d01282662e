import ICal

/// One dose time read from a calendar (a recurring event, or a run of single events), before
/// dose times of the same medication are gathered into one `Medication`.
struct ImportedDose: Sendable {
    var summary: String
    var time: LocalTime
    var pattern: DayPattern
    var start: LocalDate
    var end: LocalDate?
    var timePolicy: TimePolicy
    var reminder: Reminder
    var from: String
    var notes: [String]
    /// A moved dose: scheduled date, new time, original time (it names the dose of an
    /// every-N-hours slot, decision 0138), and the new date when it is another day (decision 0105).
    typealias Move = (LocalDate, LocalTime, LocalTime, LocalDate?)
    /// The doses overrides moved.
    var moved: [Move] = []
    /// How many series this dose time was joined from (the parts of a cycle).
    var parts = 1
    /// The stretch's first dose day when `start` is the first day of the cycle block it begins
    /// inside (a taper step or travel date cut the cycle there); nil: `start`.
    var firstDose: LocalDate? = nil
    /// The series' UNTIL as written (nil: none). The parts of one stretch (a cycle's rules) share
    /// it while their last doses, and so their `end`s, fall on different days.
    var until: String? = nil
    /// The occurrences the calendar deleted (EXDATE), to be logged as skipped.
    var deleted: [DeletedDose] = []
    /// The medication's notes, as dosecal's own event says them (`CalendarImporter.ownNotes`).
    var medicationNotes: String? = nil

    /// Series that can be parts of one dose time (a cycle's weeks, one rule per weekday or per
    /// "on" day): everything but the days (and the last dose day when they share an UNTIL).
    var partKey: String {
        "\(summary)\u{1F}\(until ?? end.map(\.description) ?? "")\u{1F}\(timePolicy)\u{1F}\(reminder)\u{1F}\(time)"
    }

    /// Parts with the same last dose day (each rule of a stretch shorter than a cycle's period).
    var lastDoseKey: String { "\(slotKey)\u{1F}\(time)" }

    /// Days that are a schedule kind, or a cycle seen from inside its "on" block.
    var isOneKind: Bool { pattern.recurrence(start: start) != nil || pattern.cycle(around: start) != nil }

    /// Dose times that can be slots of one medication (with the same days and start): everything
    /// but the time and the days.
    var slotKey: String { "\(summary)\u{1F}\(end.map(\.description) ?? "")\u{1F}\(timePolicy)\u{1F}\(reminder)" }

    /// Why days that are no schedule kind are not imported.
    var notOneKind: String { Self.notOneKindText(parts: parts) }

    static func notOneKindText(parts: Int) -> String {
        "its days (\(parts) series) are neither a weekly rule counted from Monday, every N days, nor one block of days on and off (a cycle)"
    }
}
