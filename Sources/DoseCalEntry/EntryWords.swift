public import DoseCalCore

/// What `dosecal add` and `edit` say about a medication: how it is taken, in words, and its next
/// doses in local time with the zone.
public enum EntryWords {
    /// "Metformin 500 mg tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04".
    public static func describe(_ m: Medication) -> String {
        let words = MedicationWords(m)
        let what =
            words?.title(m.amount)
            ?? [m.name, m.strength].compactMap { $0 }.joined(separator: " ") + ": \(AmountWords.number(m.amount))"
        var when: String
        let times = DosageConverter.list(m.times.map(\.time.description))
        switch m.recurrence {
        case .daily: when = "at \(times) every day"
        case .weekly(let days, let interval):
            let on = days.isEmpty ? "the start's weekday" : DosageConverter.list(days.map(dayName))
            when = "at \(times) on \(on)" + (interval == 1 ? " every week" : " every \(interval) weeks")
        case .everyNDays(let n): when = "at \(times) every \(n) days"
        case .cycle(let on, let off): when = "at \(times), \(on) days on and \(off) off"
        case .everyNHours(let h): when = "every \(h) hours from \(times)"
        case .asNeeded(let minimum, let most):
            when =
                "when needed, at least \(minimum) hour\(minimum == 1 ? "" : "s") apart"
                + (most.map { ", at most \($0) a day" } ?? "")
        }
        let course = m.end.map { ", from \(m.start) to \($0)" } ?? ", from \(m.start)"
        let steps = m.taper.count > 1 ? " (\(m.taper.count) steps)" : ""
        return "\(what) \(when)\(rules(m))\(course)\(steps)"
    }

    /// The amounts of some doses: "; 2 at 19:00", "; 1 tablet on Monday and Friday".
    static func rules(_ m: Medication) -> String {
        m.doses.map { rule in
            let amount = m.unit.map { AmountWords.phrase(rule.amount, $0) } ?? AmountWords.number(rule.amount)
            let times = m.times.filter { rule.slots.contains($0.id) }.map(\.time.description)
            return "; \(amount)" + (times.isEmpty ? "" : " at \(DosageConverter.list(times))")
                + (rule.weekdays.isEmpty ? "" : " on \(DosageConverter.list(rule.weekdays.map(dayName)))")
        }.joined()
    }

    /// The next `count` doses of `m` at or after `instant`, each as "Fri 2026-12-04 20:00 CET".
    public static func nextDoses(_ m: Medication, in schedule: Schedule, after instant: Int, count: Int = 3) -> [String] {
        let engine = WallClockEngine(schedule: schedule)
        let zone = schedule.timeline(of: m).zone(at: instant)
        let today = zone.local(at: instant).date
        var from = max(m.start, today.adding(days: -1))
        var found: [Occurrence] = []
        while found.count < count, from.daysSinceEpoch - today.daysSinceEpoch < 3660, m.end.map({ from <= $0 }) ?? true {
            let to = from.adding(days: 60)
            found += engine.occurrences(of: m, from: from, to: to).filter { $0.instant >= instant }
            from = to.adding(days: 1)
        }
        return found.prefix(count).map { o in
            let z = o.zone ?? zone
            let local = z.local(at: o.instant)
            return "\(String(dayName(local.date.weekday).prefix(3))) \(local.date) \(local.time) \(z.abbreviation(at: o.instant))"
        }
    }

    static func dayName(_ d: Weekday) -> String {
        let name = DosageOptions.name(d)
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
