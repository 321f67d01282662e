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
        var text = Self.lastPrefix + RFC3339.utc(last) + Self.gapPrefix + "\(minimumHours)" + Self.gapSuffix
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
        guard let summary, let description else { return nil }
        if summary == Self.privateSummary {
            name = nil
        } else if summary.hasSuffix(Self.nameSuffix), summary.count > Self.nameSuffix.count {
            name = String(summary.dropLast(Self.nameSuffix.count))
        } else {
            return nil
        }
        var words = TextReading(description)
        guard words.take(Self.lastPrefix), let last = words.instant(), words.take(Self.gapPrefix),
            let gap = words.word().flatMap(Int.init), (1...168).contains(gap), words.take(Self.gapSuffix)
        else { return nil }
        var most: Int? = nil
        if words.take(Self.maximumPrefix) {
            guard let n = words.word().flatMap(Int.init), (1...48).contains(n), words.take(Self.maximumSuffix) else { return nil }
            most = n
        }
        guard words.take("."), words.isEmpty else { return nil }
        (self.last, minimumHours, maxPerDay) = (last, gap, most)
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
