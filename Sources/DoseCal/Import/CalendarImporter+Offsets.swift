import ICal

/// The home-zone offset a series in UTC is read at (decision 0140). dosecal's fixed interval
/// fires each dose a whole number of days after its stretch's first dose (decision 0004), so the
/// rules of one stretch (one per "on" day of a cycle, one per weekday) share the UTC time of day
/// and their own offsets differ across a daylight-saving change: each is read at the offset of
/// the stretch's first dose, so that their days and times are the stretch's.
extension CalendarImporter {
    /// Per event (nil: not a series in UTC, or every N hours: each dose at its own offset). The
    /// last dose day (UNTIL) is read at the same offset: a dose day's dose can fall on another
    /// home date after a daylight-saving change (00:10 at UTC+11 is 23:40 the day before at
    /// UTC+10:30), and it is still that day's dose. Series are one stretch when they
    /// share the title, reminder, UTC time of day, frequency, period and UNTIL (none: both open;
    /// COUNT: each its own), and each begins within one period of the earliest of them.
    static func readingOffsets(_ events: [ReturnedEvent], home: Zone) -> [Int?] {
        var groups: [String: [(index: Int, start: Int)]] = [:]
        var periods: [String: Int] = [:]
        for (index, e) in events.enumerated() {
            guard case .utc(let t)? = e.start, let rule = e.scheduleRule, let period = period(of: rule) else { continue }
            let start = t.secondsSinceEpoch
            let end = e.until.map { "until \($0)" } ?? (rule.count == nil ? "open" : "count from \(start)")
            let parts = [e.summary ?? "", "\(reminder(of: e))", "\(t.time.secondsOfDay)", "\(rule.frequency)", "\(period)", end]
            let key = parts.joined(separator: "\u{1F}")
            groups[key, default: []].append((index, start))
            periods[key] = period
        }
        var offsets = [Int?](repeating: nil, count: events.count)
        for (key, members) in groups {
            let period = periods[key] ?? 0
            var first = Int.min
            for member in members.sorted(by: { $0.start < $1.start }) {
                if member.start >= first + period { first = member.start }
                offsets[member.index] = home.offset(at: first)
            }
        }
        return offsets
    }

    /// The length in seconds of the period within which the rules of one stretch begin: the
    /// days of a DAILY rule's interval, the weeks of a WEEKLY one; nil for every N hours (each
    /// dose belongs to the home-zone date of its instant).
    static func period(of rule: RecurrenceRule) -> Int? {
        switch rule.frequency {
        case .daily where rule.byDay.isEmpty: rule.interval * 86_400
        case .daily: 7 * 86_400
        case .weekly: rule.interval * 7 * 86_400
        default: nil
        }
    }

    /// A dose's home-zone date and time: at `offset` when given, else at its own offset.
    static func local(_ instant: Int, in zone: Zone, offset: Int?) -> LocalDateTime {
        offset.map { LocalDateTime(secondsSinceEpoch: instant + $0) } ?? zone.local(at: instant)
    }
}
