/// BYSETPOS on a WEEKLY rule, which libical 3.0.16 ignores (it returns every BYDAY of the week).
/// The rule is iterated without BYSETPOS and COUNT; the occurrences of each week (starting on
/// WKST, Monday by default) are the set BYSETPOS picks from; COUNT is applied afterwards.
/// Only the plain shape is handled (FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYSETPOS, WKST); other
/// parts are left to libical.
struct WeeklySetPositions {
    var positions: [Int]
    var count: Int?
    var weekStart: Weekday
    var weekdays: Set<Weekday>?
    /// The rule without BYSETPOS and COUNT.
    var inner: String

    /// nil unless `rule` is a WEEKLY rule with BYSETPOS in the plain shape.
    init?(_ rule: String) {
        var parts: [(String, String)] = []
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2 else { return nil }
            parts.append((pair[0], pair[1]))
        }
        let names = Set(parts.map(\.0))
        guard parts.contains(where: { $0 == ("FREQ", "WEEKLY") }), names.contains("BYSETPOS"),
            names.isSubset(of: ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYSETPOS", "WKST"])
        else { return nil }
        var positions: [Int] = []
        var count: Int?
        var weekStart = Weekday.monday
        var weekdays: Set<Weekday>?
        for (name, value) in parts {
            switch name {
            case "BYSETPOS":
                for item in value.split(separator: ",") {
                    guard let p = Int(item), p != 0 else { return nil }
                    positions.append(p)
                }
            case "COUNT": count = Int(value)
            case "WKST":
                guard let day = Weekday(rawValue: value) else { return nil }
                weekStart = day
            case "BYDAY":
                var days = Set<Weekday>()
                for item in value.split(separator: ",") {
                    guard let day = Weekday(rawValue: String(item)) else { return nil }  // no ordinals on WEEKLY
                    days.insert(day)
                }
                weekdays = days
            default: break
            }
        }
        self.positions = positions
        self.count = count
        self.weekStart = weekStart
        self.weekdays = weekdays
        inner = parts.filter { $0.0 != "BYSETPOS" && $0.0 != "COUNT" }.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    }

    /// The selected local starts in `keep...bound`; `iterate(keep, bound)` runs the inner rule.
    func select(
        start: LocalDateTime, keep: LocalDateTime, bound: LocalDateTime,
        iterate: (LocalDateTime, LocalDateTime) throws(RecurrenceIterator.Failure) -> [LocalDateTime]
    ) throws(RecurrenceIterator.Failure) -> [LocalDateTime] {
        // Whole weeks around the range; from DTSTART when COUNT must be counted.
        let from = count == nil ? keep.adding(seconds: -8 * 86_400) : start
        var locals = try iterate(from, bound.adding(seconds: 8 * 86_400))
        // libical yields DTSTART first even when it is not one of the rule's weekdays.
        if locals.first == start, !(weekdays ?? [start.date.weekday]).contains(start.date.weekday) { locals.removeFirst() }
        var selected: [LocalDateTime] = []
        var week: [LocalDateTime] = []
        func flush() {
            var picked = Set<Int>()
            for p in positions {
                let index = p > 0 ? p - 1 : week.count + p
                if week.indices.contains(index) { picked.insert(index) }
            }
            selected += picked.sorted().map { week[$0] }
            week = []
        }
        for local in locals {
            if let first = week.first, weekBegin(first.date) != weekBegin(local.date) { flush() }
            week.append(local)
        }
        flush()
        if let count { selected = Array(selected.prefix(count)) }
        return selected.filter { $0 >= keep && $0 <= bound }
    }

    private func weekBegin(_ date: LocalDate) -> LocalDate {
        date.adding(days: -((date.weekday.index - weekStart.index + 7) % 7))
    }
}
