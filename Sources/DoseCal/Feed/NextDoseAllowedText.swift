import ICal

/// The words of an as-needed medicine's "next dose allowed" event (decision 0095), written by the
/// feed and read back by import (decision 0206), so that the form has one owner:
/// SUMMARY `Ibuprofen: next dose allowed` (privacy mode: `Next dose allowed`), DESCRIPTION
/// `The last dose was taken at 2026-11-30T10:00:00Z; doses at least 6 hours apart, at most 3 in
/// any 24 hours.`
struct NextDoseAllowedText: Sendable, Equatable {
    /// The medicine's name; nil in privacy mode.
    var name: String?
    /// The last dose taken, seconds since 1970.
    var last: Int
    var minimumHours: Int
    var maxPerDay: Int?

    static let privateSummary = "Next dose allowed"
    static let nameSuffix = ": next dose allowed"
    static let lastPrefix = "The last dose was taken at "
    static let gapPrefix = "; doses at least "
    static let gapSuffix = " hours apart"
    static let maximumPrefix = ", at most "
    static let maximumSuffix = " in any 24 hours"

    var summary: String { name.map { $0 + Self.nameSuffix } ?? Self.privateSummary }

    var description: String {
        var text = Self.lastPrefix + EventInstance.rfc3339(last) + Self.gapPrefix + "\(minimumHours)" + Self.gapSuffix
        if let maxPerDay { text += Self.maximumPrefix + "\(maxPerDay)" + Self.maximumSuffix }
        return text + "."
    }

    init(name: String?, last: Int, minimumHours: Int, maxPerDay: Int?) {
        self.name = name
        self.last = last
        self.minimumHours = minimumHours
        self.maxPerDay = maxPerDay
    }

    /// Reads dosecal's words; nil for any other text (another calendar's event, or one edited).
    init?(summary: String?, description: String?) {
        guard let summary, let description, description.hasPrefix(Self.lastPrefix) else { return nil }
        var rest = Substring(description)
        if summary == Self.privateSummary {
            name = nil
        } else if summary.hasSuffix(Self.nameSuffix), summary.count > Self.nameSuffix.count {
            name = String(summary.dropLast(Self.nameSuffix.count))
        } else {
            return nil
        }
        rest = rest.dropFirst(Self.lastPrefix.count)
        guard let last = Self.instant(rest.prefix(20)) else { return nil }
        rest = rest.dropFirst(20)
        guard let gap = Self.number(&rest, between: Self.gapPrefix, and: Self.gapSuffix), (1...168).contains(gap) else {
            return nil
        }
        let most = Self.number(&rest, between: Self.maximumPrefix, and: Self.maximumSuffix)
        guard rest == ".", most.map({ (1...48).contains($0) }) ?? true else { return nil }
        (self.last, minimumHours, maxPerDay) = (last, gap, most)
    }

    /// The whole number between `prefix` and `suffix` at the start of `text`, which then moves
    /// past them; nil (and `text` unchanged) when it is not there.
    private static func number(_ text: inout Substring, between prefix: String, and suffix: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let value = Int(digits),
            text.dropFirst(prefix.count + digits.count).hasPrefix(suffix)
        else { return nil }
        text = text.dropFirst(prefix.count + digits.count + suffix.count)
        return value
    }

    /// `2026-11-30T10:00:00Z` as seconds since 1970 (`EventInstance.rfc3339`'s form only).
    private static func instant(_ text: Substring) -> Int? {
        let parts = text.split(separator: "T")
        guard text.count == 20, text.hasSuffix("Z"), parts.count == 2, let date = LocalDate(parsing: parts[0]) else { return nil }
        let clock = parts[1].dropLast().split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, let time = LocalTime(hour: clock[0], minute: clock[1], second: clock[2]) else { return nil }
        return LocalDateTime(date: date, time: time).secondsSinceEpoch
    }

    /// The doses the event names, oldest first: the last, and, when the next dose is later than
    /// the minimum gap allows, the one the daily maximum counts from (`next` − 24 hours, by the
    /// rule of `AsNeededDoses.nextAllowed`). Only the last when `next` agrees with no rule.
    func doses(next: Int) -> [Int] {
        let counted = next - 86_400
        guard next > last + minimumHours * 3600, (maxPerDay ?? 1) > 1, counted < last else { return [last] }
        return [counted, last]
    }
}
