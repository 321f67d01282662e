public import CalendarTime

/// Dates as a chart's headings say them, in English like the rest of dosecal's words.
public enum ChartDates {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "December 2026".
    public static func month(_ date: LocalDate) -> String { "\(months[date.month - 1]) \(date.year)" }

    /// "Tuesday 1 December 2026".
    public static func long(_ date: LocalDate) -> String {
        "\(weekdays[date.weekday.index]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// "Tu".
    static func short(_ weekday: Weekday) -> String { String(weekdays[weekday.index].prefix(2)) }

    /// "Tue 1 Dec".
    static func medium(_ date: LocalDate) -> String {
        "\(weekdays[date.weekday.index].prefix(3)) \(date.day) \(months[date.month - 1].prefix(3))"
    }

    /// The first and last day of the month `text` ("2026-12") names; nil when it names none.
    public static func monthRange(_ text: String) -> (from: LocalDate, to: LocalDate)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let month = Int(parts[1]), let first = LocalDate(year: year, month: month, day: 1)
        else { return nil }
        return (first, LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!)
    }
}
