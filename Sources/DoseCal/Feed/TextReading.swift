import ICal

/// A text dosecal wrote, read back from its start piece by piece (`RefillWarningText`,
/// `NextDoseAllowedText`): each piece either is there, and is moved past, or the reading fails.
struct TextReading {
    private var rest: Substring

    init(_ text: String) { rest = Substring(text) }

    var isEmpty: Bool { rest.isEmpty }

    /// Moves past `prefix` when the text goes on with it.
    mutating func take(_ prefix: String) -> Bool {
        guard rest.hasPrefix(prefix) else { return false }
        rest = rest.dropFirst(prefix.count)
        return true
    }

    /// The text up to the next space, `)`, `;`, `,` or `.` followed by a space or the end, moved
    /// past ("0.5" is one word, "6." ends at the full stop).
    mutating func word() -> String? {
        var end = rest.startIndex
        while end < rest.endIndex, !" );,".contains(rest[end]) {
            let next = rest.index(after: end)
            if rest[end] == ".", next == rest.endIndex || rest[next] == " " { break }
            end = next
        }
        let word = rest[..<end]
        guard !word.isEmpty else { return nil }
        rest = rest.dropFirst(word.count)
        return String(word)
    }

    /// The text up to `end`, moved past both.
    mutating func until(_ end: String) -> String? {
        guard let range = rest.range(of: end), range.lowerBound > rest.startIndex else { return nil }
        let text = String(rest[..<range.lowerBound])
        rest = rest[range.upperBound...]
        return text
    }

    /// A `YYYY-MM-DD` date, moved past.
    mutating func date() -> LocalDate? {
        guard let date = LocalDate(parsing: rest.prefix(10)) else { return nil }
        rest = rest.dropFirst(10)
        return date
    }

    /// A `2026-11-30T10:00:00Z` instant (`RFC3339.utc`'s form, read by `RFC3339.instant`), as
    /// seconds since 1970, moved past.
    mutating func instant() -> Int? {
        let text = rest.prefix(20)
        guard text.hasSuffix("Z"), let instant = RFC3339.instant(text) else { return nil }
        rest = rest.dropFirst(20)
        return instant
    }

    /// An `HH:MM` time (`:SS` when not zero), moved past.
    mutating func time() -> LocalTime? {
        guard let hm = LocalTime(parsing: rest.prefix(5)) else { return nil }
        rest = rest.dropFirst(5)
        guard rest.hasPrefix(":"), let seconds = Int(rest.dropFirst().prefix(2)) else { return hm }
        rest = rest.dropFirst(3)
        return LocalTime(hour: hm.hour, minute: hm.minute, second: seconds)
    }
}
