import CalendarTime
import DoseCalCore
import DoseCalEntry

/// Literal values for the entry tests.
enum T {
    static func day(_ s: String) -> LocalDate { LocalDate(parsing: s)! }
    static func time(_ s: String) -> LocalTime { LocalTime(parsing: s)! }
    static func zone(_ s: String) -> Zone { Zone(s)! }

    /// The first `count` doses of `m` in `zone` as RFC 3339 with the offset of the moment.
    static func doses(_ m: Medication, in zone: String, count: Int, days: Int = 60) -> [String] {
        let z = Zone(zone)!
        let engine = WallClockEngine(schedule: Schedule(version: 2, home: z, medications: [m]))
        let all = engine.occurrences(of: m, from: m.start, to: m.start.adding(days: days))
        return all.prefix(count).map { rfc3339($0.instant, z) }
    }

    /// All doses of `m` in `zone` (a medication with an end).
    static func allDoses(_ m: Medication, in zone: String) -> [String] {
        doses(m, in: zone, count: Int.max, days: m.start.days(to: m.end!))
    }

    static func rfc3339(_ instant: Int, _ zone: Zone) -> String {
        let offset = zone.offset(at: instant)
        let local = LocalDateTime(secondsSinceEpoch: instant + offset)
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(local)\(sign)\(two(a / 3600)):\(two(a % 3600 / 60))"
    }

    static func converter(_ zone: String, today: String, clock: PersonalClock = PersonalClock()) -> DosageConverter {
        DosageConverter(clock: clock, zone: Zone(zone)!, today: day(today))
    }

    static func daily(_ frequency: Int, from: String? = nil, to: String? = nil) -> DosageTiming {
        DosageTiming(
            repeats: TimingRepeat(
                boundsStart: from.map(day), boundsEnd: to.map(day), frequency: frequency, period: 1, periodUnit: "d"))
    }

    static func tablets(_ n: Double) -> DoseAmount { DoseAmount(value: n, unit: .tablet, unitText: "TAB") }
}
