import ICal

/// Where `check` puts its rows as it makes them, one slot after another: every row is counted
/// (per status, expected doses, and per person and dose day when someone travels); a row is
/// kept when `selection` asks for every row or when it needs attention. A row that would not be
/// kept is counted without being made (`count(status:day:expected:)`).
struct CheckRows {
    let selection: CheckReport.Rows
    /// The rows kept, in the order they were made, and each one's slot rank (its slot's place
    /// among the sorted slots of the report).
    private(set) var kept: [DoseCheck] = []
    private(set) var ranks: [Int] = []
    private(set) var counts = CheckReport.Counts()
    /// Per person (nil: nobody) and dose day: how many rows there are (only when `tallies`).
    private(set) var perDay: [String?: CheckReport.DayCounts] = [:]
    private let tallies: Bool
    private let first: LocalDate
    private let last: LocalDate
    /// The rows per dose day of the current person (from `first`), added to `perDay` by `close`.
    private var open: [Int] = []

    /// - Parameters:
    ///   - days: the dose days that may carry rows (the window with margins).
    ///   - tallies: whether rows are counted per person and day (a travel report needs them).
    init(selection: CheckReport.Rows, days: (LocalDate, LocalDate), tallies: Bool) {
        self.selection = selection
        self.tallies = tallies
        first = days.0
        last = days.1
        if tallies { open = [Int](repeating: 0, count: first.days(to: last) + 1) }
    }

    /// Whether a row of this status and notes is kept (and so must be made).
    func keeps(status: DoseCheck.Status, hasNotes: Bool) -> Bool {
        selection == .every || hasNotes || (status != .ok && status != .unchecked)
    }

    /// A row made: counted, and kept when `keeps` says so.
    mutating func append(_ row: DoseCheck, rank: Int) {
        count(status: row.status, day: row.day, expected: row.expected != nil)
        guard keeps(status: row.status, hasNotes: !row.notes.isEmpty) else { return }
        kept.append(row)
        ranks.append(rank)
    }

    /// A row counted without being made.
    mutating func count(status: DoseCheck.Status, day: LocalDate?, expected: Bool) {
        counts.add(status, expected: expected)
        if tallies, let day, day >= first, day <= last { open[first.days(to: day)] += 1 }
    }

    /// The rows counted since the last `close` belong to `person`'s medications.
    mutating func close(person: String?) {
        guard tallies, open.contains(where: { $0 != 0 }) else { return }
        var tally = perDay[person] ?? CheckReport.DayCounts(first: first, counts: [Int](repeating: 0, count: open.count))
        for i in open.indices { tally.counts[i] += open[i] }
        perDay[person] = tally
        for i in open.indices { open[i] = 0 }
    }
}
