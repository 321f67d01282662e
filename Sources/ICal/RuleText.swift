/// The accepted UNTIL readings, and the values of RDATE/EXDATE lists.
enum RuleText {
    /// Whether an occurrence at `local` (instant `instant`) is on or before `until` (inclusive),
    /// accepting the forms real files use. A timed series: a UTC UNTIL compares instants, a
    /// floating or zoned UNTIL compares local times, a DATE UNTIL includes the whole of that local
    /// date. An all-day series compares dates: a UTC UNTIL includes its UTC date and every day whose
    /// midnight (in the viewer's zone) is not after it.
    static func within(_ until: DateTimeValue, local: LocalDateTime, instant: Int, isDate: Bool = false) -> Bool {
        if isDate {
            // Outlook writes the UTC time of the last day's local midnight (Berlin: 22:00Z the day before),
            // others UTC midnight of the last day: accept both.
            if case .utc(let u) = until { return local.date <= u.date || instant <= u.secondsSinceEpoch }
            return local.date <= until.localDateTime.date
        }
        switch until {
        case .utc(let u): return instant <= u.secondsSinceEpoch
        case .floating(let u), .zoned(let u, _): return local <= u
        case .date(let d): return local.date <= d
        }
    }

    /// Whether `listValues(value)` is `[value]`: no comma, no '/', no leading space (the plain
    /// value of a DTSTART, DTEND, RECURRENCE-ID or single EXDATE), told without splitting.
    static func isSingleValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { b in
            guard let first = b.first, first != UInt8(ascii: " ") else { return false }
            return !b.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "/") }
        }
    }

    /// The values of an RDATE/EXDATE text: comma-separated, a PERIOD's start only.
    static func listValues(_ value: String) -> [Substring] {
        value.split(separator: ",").map { item in
            let trimmed = item.drop { $0 == " " }
            return trimmed.split(separator: "/", maxSplits: 1).first ?? trimmed
        }
    }
}

extension DateTimeValue {
    /// The wall-clock reading of the value (midnight for a DATE, the UTC wall time for UTC).
    public var localDateTime: LocalDateTime {
        switch self {
        case .date(let d): return LocalDateTime(date: d, time: LocalTime(hour: 0, minute: 0)!)
        case .floating(let t), .utc(let t), .zoned(let t, _): return t
        }
    }
}
