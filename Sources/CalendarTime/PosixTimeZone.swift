/// A POSIX TZ string as TZif footers carry it (RFC 8536 §3.3, POSIX.1 `TZ`): a standard time, and
/// optionally a daylight time with the yearly rule for the changes between them
/// (`EST5EDT,M3.2.0,M11.1.0`, `<-04>4<-03>,M9.1.6/24,M4.1.6/24`, `IST-5:30`).
///
/// Offsets here are seconds east of UTC (the string writes them west, so `EST5` is -18000).
public struct PosixTimeZone: Sendable, Hashable {
    /// The day of a yearly change.
    public enum RuleDate: Sendable, Hashable {
        /// `Jn`: day 1...365 of the year, February 29 never counted (J60 is always March 1).
        case julian(Int)
        /// `n`: day 0...365 of the year, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: the `week`-th (1...4, 5 = last) `weekday` of `month`.
        case monthWeek(month: Int, week: Int, weekday: Weekday)
    }

    /// A yearly change: its day and the local time of day it happens at, in seconds from that
    /// day's midnight in the offset in force before the change (may be negative or past 24:00,
    /// within ±167 hours).
    public struct Change: Sendable, Hashable {
        public var date: RuleDate
        public var time: Int

        public init(date: RuleDate, time: Int) {
            self.date = date
            self.time = time
        }
    }

    /// Daylight time: its name, offset and the changes into it (`start`) and out of it (`end`).
    public struct Daylight: Sendable, Hashable {
        public var name: String
        public var offset: Int
        public var start: Change
        public var end: Change

        public init(name: String, offset: Int, start: Change, end: Change) {
            self.name = name
            self.offset = offset
            self.start = start
            self.end = end
        }
    }

    public var standardName: String
    public var standardOffset: Int
    public var daylight: Daylight?

    /// The two changes of `year` in instant order (none without daylight time), each as a
    /// transition with the offsets before and after it.
    public func transitions(in year: Int) -> [Zone.Transition] {
        guard let daylight else { return [] }
        let std = standardOffset
        let start = daylight.start.instant(in: year, offsetBefore: std)
        let end = daylight.end.instant(in: year, offsetBefore: daylight.offset)
        let on = Zone.Transition(instant: start, offsetFrom: std, offsetTo: daylight.offset, isDaylight: true)
        let off = Zone.Transition(instant: end, offsetFrom: daylight.offset, offsetTo: std, isDaylight: false)
        return start <= end ? [on, off] : [off, on]
    }

    /// The name in force after `transition` (one of `transitions(in:)`).
    public func abbreviation(after transition: Zone.Transition) -> String {
        transition.isDaylight ? daylight?.name ?? standardName : standardName
    }
}

extension PosixTimeZone.Change {
    /// The instant of this change in `year`, read with `offsetBefore`.
    func instant(in year: Int, offsetBefore: Int) -> Int {
        date.date(in: year).daysSinceEpoch * 86_400 + time - offsetBefore
    }
}

extension PosixTimeZone.RuleDate {
    /// The day this rule names in `year`.
    public func date(in year: Int) -> LocalDate {
        switch self {
        case .julian(let n):
            // Day n of a 365-day year: count from January 1 of a common year, then carry the
            // month and day over to `year`.
            // (Years outside 1-9999 are asked for too, at the edges of a window: `anyYear`.)
            let common = LocalDate(anyYear: 2001, month: 1, day: 1).adding(days: n - 1)
            return LocalDate(anyYear: year, month: common.month, day: common.day)
        case .zeroBased(let n):
            return LocalDate(anyYear: year, month: 1, day: 1).adding(days: n)
        case .monthWeek(let month, let week, let weekday):
            let first = LocalDate(anyYear: year, month: month, day: 1)
            var day = 1 + ((weekday.index - first.weekday.index) % 7 + 7) % 7 + 7 * (week - 1)
            while day > LocalDate.daysIn(month: month, year: year) { day -= 7 }
            return LocalDate(anyYear: year, month: month, day: day)
        }
    }
}
