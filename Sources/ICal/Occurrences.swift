/// One member of a series' recurrence set as the expander carries it: its local time (floating
/// seconds), instant and resolution, and no zone or date fields. DTSTART and RDATE values keep
/// their reading (`read`: an index into `Occurrences.read`); an RRULE time is in DTSTART's zone.
struct Occurrence {
    var local: Int
    var instant: Int
    var kind: ZoneResolver.Kind
    var read: Int? = nil
}

/// The occurrences of one series in a window, built in recurrence-set order (DTSTART, each
/// RRULE's times, RDATEs): those outside the window or excluded left out, and for each instant
/// only the first; `finish` sorts them by instant.
struct Occurrences {
    let series: Series
    /// Instants kept: `lower..<upper`.
    let window: Range<Int>
    private(set) var items: [Occurrence] = []
    /// DTSTART and RDATE values as read.
    private(set) var read: [ReadTime] = []
    /// Every instant so far is later than the one before it (so no instant repeats).
    private var increasing = true

    init(series: Series, from: Int, to: Int) {
        self.series = series
        self.window = from..<max(from, to)
    }

    /// Adds a value as read (DTSTART, an RDATE).
    mutating func add(_ value: ReadTime) {
        guard window.contains(value.instant), !series.exclusions.excludes(value) else { return }
        read.append(value)
        keep(Occurrence(local: value.local.secondsSinceEpoch, instant: value.instant, kind: value.kind, read: read.count - 1))
    }

    /// Adds an RRULE time in DTSTART's zone.
    mutating func add(_ occurrence: Occurrence) {
        guard window.contains(occurrence.instant) else { return }
        if !series.exclusions.isEmpty,
            series.exclusions.excludes(instant: occurrence.instant, local: LocalDateTime(secondsSinceEpoch: occurrence.local))
        {
            return
        }
        keep(occurrence)
    }

    private mutating func keep(_ occurrence: Occurrence) {
        if let last = items.last?.instant, increasing {
            // The last one is the only one at its instant so far: a repeat of it is not the first.
            if occurrence.instant == last { return }
            if occurrence.instant < last { increasing = false }
        }
        items.append(occurrence)
    }

    /// Keeps the first occurrence of each instant and sorts them by instant.
    mutating func finish() {
        guard !increasing else { return }
        var seen = Set<Int>()
        items = items.filter { seen.insert($0.instant).inserted }.sorted { $0.instant < $1.instant }
        increasing = true
    }

    /// Whether an occurrence starts at `instant` (after `finish`).
    func contains(instant: Int) -> Bool {
        var lo = 0
        var hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].instant < instant { lo = mid + 1 } else { hi = mid }
        }
        return lo < items.count && items[lo].instant == instant
    }

    /// `occurrence` as a value read in its zone.
    func readTime(_ occurrence: Occurrence) -> ReadTime {
        if let r = occurrence.read { return read[r] }
        return ReadTime(
            local: LocalDateTime(secondsSinceEpoch: occurrence.local), rules: series.start.rules, instant: occurrence.instant,
            kind: occurrence.kind, isDate: series.start.isDate)
    }
}
