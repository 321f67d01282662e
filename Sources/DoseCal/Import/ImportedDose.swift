import ICal

/// One dose time read from a calendar (a recurring event, or a run of single events), before
/// dose times of the same medication are gathered into one `Medication`.
struct ImportedDose: Sendable {
    var summary: String
    var time: WallTime
    var pattern: DayPattern
    var start: LocalDate
    var end: LocalDate?
    var timePolicy: TimePolicy
    var reminder: Reminder
    var from: String
    var notes: [String]
    /// Doses moved within their day: (scheduled date, new time, original time; the last names
    /// the dose of an every-N-hours slot, decision 0138).
    var moved: [(LocalDate, WallTime, WallTime)] = []
    /// How many series this dose time was joined from (the parts of a cycle).
    var parts = 1

    /// Series that can be parts of one dose time (a cycle's weeks, one rule per weekday or per
    /// "on" day): everything but the days.
    var partKey: String { "\(slotKey)\u{1F}\(time)" }

    /// Dose times that can be slots of one medication (with the same days and start): everything
    /// but the time and the days.
    var slotKey: String { "\(summary)\u{1F}\(end.map(\.description) ?? "")\u{1F}\(timePolicy)\u{1F}\(reminder)" }
}
