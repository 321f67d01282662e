import ICal

/// The dose days of one imported series, in a form parts of one schedule kind can be joined in:
/// the days `offsets` of every period of `period` days counted from `anchor`, or every N hours.
/// A weekly rule every N weeks is a period of 7N days anchored at its week start (WKST, so a
/// dosecal cycle part counted from Thursday is read as it was written); a daily rule every N
/// days is a period of N days with one offset.
enum DayPattern: Sendable, Hashable {
    /// `mondayWeeks`: the period is whole weeks counted from Monday (a weekly rule dosecal's
    /// `weekly` kind says as it is).
    case days(period: Int, anchor: LocalDate, offsets: [Int], mondayWeeks: Bool)
    case hours(Int)

    /// A weekly rule every `interval` weeks on `weekdays`, weeks starting on `weekStart`, from
    /// the first dose day `start`.
    static func weekly(_ weekdays: [Weekday], interval: Int, weekStart: Weekday, start: LocalDate) -> DayPattern {
        let wkst = interval == 1 ? Weekday.monday : weekStart
        let anchor = start.adding(days: -((start.weekday.index - wkst.index + 7) % 7))
        let days = weekdays.isEmpty ? [start.weekday] : weekdays
        let offsets = Set(days.map { ($0.index - wkst.index + 7) % 7 }).sorted()
        return .days(period: 7 * interval, anchor: anchor, offsets: offsets, mondayWeeks: wkst == .monday)
    }

    init(_ recurrence: Recurrence, start: LocalDate) {
        switch recurrence {
        case .daily: self = .days(period: 1, anchor: start, offsets: [0], mondayWeeks: false)
        case .everyNDays(let n): self = .days(period: n, anchor: start, offsets: [0], mondayWeeks: false)
        case .weekly(let days, let interval): self = .weekly(days, interval: interval, weekStart: .monday, start: start)
        case .cycle(let on, let off): self = .days(period: on + off, anchor: start, offsets: Array(0..<on), mondayWeeks: false)
        case .everyNHours(let n): self = .hours(n)
        case .asNeeded: self = .days(period: 1, anchor: start, offsets: [], mondayWeeks: false)
        }
    }

    /// The recurrence these days are from the first dose day `start`: daily, every N days,
    /// weekly (whole weeks from Monday), or a cycle (one block of days that begins on `start`).
    func recurrence(start: LocalDate) -> Recurrence? {
        guard case .days(let period, let anchor, let offsets, let mondayWeeks) = self else {
            if case .hours(let n) = self { return .everyNHours(n) }
            return nil
        }
        let here = ((anchor.days(to: start) % period) + period) % period
        guard offsets.contains(here) else { return nil }
        if offsets.count == period { return .daily }
        if mondayWeeks, period % 7 == 0, anchor.weekday == .monday, offsets.allSatisfy({ $0 < 7 }),
            (0..<7).contains(anchor.days(to: start) % period), period / 7 <= 520
        {
            return .weekly(weekdays: offsets.map { anchor.adding(days: $0).weekday }.sorted(), interval: period / 7)
        }
        if offsets.count == 1 { return period <= 3650 ? .everyNDays(period) : nil }
        // One block of days on, beginning at `start`: every offset from `here` on, wrapping.
        let block = (0..<offsets.count).map { (here + $0) % period }
        guard Set(block) == Set(offsets), offsets.count <= 3650, period - offsets.count <= 3650 else { return nil }
        return .cycle(daysOn: offsets.count, daysOff: period - offsets.count)
    }
}

extension DayPattern {
    /// A cycle's days seen from inside an "on" block (a taper step or travel date cut the cycle
    /// there): one block of days on and off, and the first day of the block that holds `start`.
    /// Nil when the days are not one block, or `start` is no dose day.
    func cycle(around start: LocalDate) -> (recurrence: Recurrence, blockStart: LocalDate)? {
        guard case .days(let period, let anchor, let offsets, _) = self, offsets.count < period, period <= 7300 else {
            return nil
        }
        let here = ((anchor.days(to: start) % period) + period) % period
        let days = Set(offsets)
        guard days.contains(here) else { return nil }
        // The block's first offset: a dose day whose day before is none.
        guard let first = offsets.first(where: { !days.contains(($0 - 1 + period) % period) }),
            Set((0..<offsets.count).map { (first + $0) % period }) == days
        else { return nil }
        let into = (here - first + period) % period
        return (.cycle(daysOn: offsets.count, daysOff: period - offsets.count), start.adding(days: -into))
    }
}
