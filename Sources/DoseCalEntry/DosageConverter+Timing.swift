import DoseCalCore

/// Which days and times a scheduled dosage's timing gives, the clock filling in what it leaves
/// to convention.
extension DosageConverter {
    /// The recurrence and the dose times of a timing (FHIR: when `repeat` and `code` are both
    /// given, the repeat rules; the code only names it).
    func schedule(_ timing: DosageTiming, start: LocalDate, notes: inout [String]) throws(EntryError)
        -> (Recurrence, [LocalTime])
    {
        if let r = timing.repeats,
            r.frequency != nil || r.period != nil || !r.timeOfDay.isEmpty || !r.when.isEmpty || !r.dayOfWeek.isEmpty
        {
            return try schedule(r, notes: &notes)
        }
        if let code = timing.code { return try schedule(code: code, notes: &notes) }
        if !timing.events.isEmpty {
            throw .notExact(
                "single doses at given moments (Timing.event): dosecal plans doses that repeat; add them with their days and times"
            )
        }
        throw .notExact("no timing: the dosage says neither how often nor when")
    }

    /// A timing abbreviation alone: every N hours (Q4H ...), every other day (QOD), else the
    /// clock's times of the code (BID, TID, QID, QD, QAM, QPM, QHS, AM, PM), daily.
    private func schedule(code: String, notes: inout [String]) throws(EntryError) -> (Recurrence, [LocalTime]) {
        let upper = code.uppercased()
        if upper.hasPrefix("Q"), upper.hasSuffix("H"), let hours = Int(upper.dropFirst().dropLast()) {
            return try everyNHours(Double(hours), timeOfDay: [], notes: &notes)
        }
        if upper == "QOD" {
            let times = clock.times(code: "QD")!
            notes.append(clockNote(times, "QD, every other day"))
            return (.everyNDays(2), times)
        }
        guard let times = clock.times(code: upper) else {
            throw .notExact(
                "the timing code \(code) is not one dosecal knows; known: Q1H to Q168H, QOD, "
                    + (PersonalClock.codeNames).joined(separator: ", "))
        }
        notes.append(clockNote(times, upper))
        return (.daily, times)
    }

    /// `Timing.repeat`: how often and in which unit, on which weekdays, at which times.
    private func schedule(_ r: TimingRepeat, notes: inout [String]) throws(EntryError) -> (Recurrence, [LocalTime]) {
        if let most = r.frequencyMax, most != r.frequency {
            throw .notExact("\(r.frequency ?? 1) to \(most) times a period: dosecal plans one number of doses")
        }
        if let most = r.periodMax, most != r.period {
            throw .notExact(
                "every \(AmountWords.number(r.period ?? 0)) to \(AmountWords.number(most)) \(Self.unitWords(r.periodUnit)): a range of periods has no one time to remind"
            )
        }
        let frequency = r.frequency ?? 1
        let period = r.period ?? 1
        switch r.periodUnit ?? "d" {
        case "h":
            guard r.dayOfWeek.isEmpty else {
                throw .notExact("every N hours on some weekdays: dosecal's every N hours runs every day")
            }
            return try everyNHours(period / Double(frequency), timeOfDay: r.timeOfDay, notes: &notes)
        case "d":
            guard period == period.rounded(), period >= 1 else {
                throw .notExact("a period of \(AmountWords.number(period)) days: use whole days, or hours")
            }
            let times = try dayTimes(r, frequency: frequency, notes: &notes)
            if period == 1 {
                return (r.dayOfWeek.isEmpty ? .daily : .weekly(weekdays: r.dayOfWeek, interval: 1), times)
            }
            guard r.dayOfWeek.isEmpty, frequency == 1 || frequency == times.count else {
                throw .notExact(
                    "\(frequency) doses every \(Int(period)) days: say on which days (every N days takes one day's doses)")
            }
            return (.everyNDays(Int(period)), times)
        case "wk":
            guard period == period.rounded(), (1...520).contains(Int(period)) else {
                throw .notExact("a period of \(AmountWords.number(period)) weeks: use whole weeks from 1 to 520")
            }
            if r.dayOfWeek.isEmpty && frequency > 1 {
                throw .notExact("\(frequency) times every \(Self.weeks(period)) with no days named: say on which weekdays")
            }
            let perDay = r.dayOfWeek.isEmpty ? frequency : frequency / max(1, r.dayOfWeek.count)
            guard r.dayOfWeek.isEmpty || frequency == 1 || frequency % r.dayOfWeek.count == 0 else {
                throw .notExact("\(frequency) times a week on \(r.dayOfWeek.count) weekdays: not the same number each day")
            }
            let times = try dayTimes(r, frequency: max(1, perDay), notes: &notes)
            if r.dayOfWeek.isEmpty { notes.append("on the start's weekday") }
            return (.weekly(weekdays: r.dayOfWeek, interval: Int(period)), times)
        case let unit:
            throw .notExact(
                "every \(AmountWords.number(period)) \(Self.unitWords(unit)): dosecal's rules are in hours, days and weeks")
        }
    }

    /// Every `hours` hours from the one time of day given, else from the clock's MORN.
    private func everyNHours(_ hours: Double, timeOfDay: [LocalTime], notes: inout [String]) throws(EntryError)
        -> (Recurrence, [LocalTime])
    {
        guard hours == hours.rounded(), (1...168).contains(Int(hours)) else {
            throw .notExact("every \(AmountWords.number(hours)) hours: use whole hours from 1 to 168")
        }
        guard timeOfDay.count <= 1 else {
            throw .notExact("every \(Int(hours)) hours at \(timeOfDay.count) times of day: give the first dose's time only")
        }
        if let first = timeOfDay.first { return (.everyNHours(Int(hours)), [first]) }
        let first = clock.time(when: "MORN")!
        notes.append("the first dose at \(first) from the clock (MORN), every \(Int(hours)) hours from it")
        return (.everyNHours(Int(hours)), [first])
    }

    /// The times of a dose day: `timeOfDay`, else the `when` events (meals from the clock), else
    /// the clock's times of `frequency` a day.
    private func dayTimes(_ r: TimingRepeat, frequency: Int, notes: inout [String]) throws(EntryError) -> [LocalTime] {
        var times: [LocalTime]
        if !r.timeOfDay.isEmpty {
            times = r.timeOfDay
        } else if !r.when.isEmpty {
            times = []
            for code in r.when { times += try whenTimes(code, offset: r.offset) }
            notes.append(
                clockNote(times.sorted(), r.when.joined(separator: ", ") + (r.offset.map { ", offset \($0) minutes" } ?? "")))
        } else {
            guard let fromClock = clock.times(perDay: frequency) else {
                throw .notExact(
                    "\(frequency) times a day: the clock has no times for it; add \"timesPerDay\": {\"\(frequency)\": [...]} to the clock"
                )
            }
            times = fromClock
            notes.append(clockNote(times, "\(frequency) time\(frequency == 1 ? "" : "s") a day"))
        }
        times.sort()
        guard Set(times).count == times.count else { throw .notExact("two doses at the same time of day") }
        if r.frequency != nil, frequency != times.count {
            throw .notExact(
                "\(frequency) time\(frequency == 1 ? "" : "s") a day at \(times.count) time(s) of day: the numbers differ")
        }
        return times
    }

    /// The time(s) of an EventTiming code: a meal code's meals, before (AC), at (C) or after (PC)
    /// them; another code's time of day; `offset` minutes before an AC code, after any other.
    func whenTimes(_ code: String, offset: Int?) throws(EntryError) -> [LocalTime] {
        let meals: [String: [String]] = ["": PersonalClock.mealNames, "M": ["breakfast"], "D": ["lunch"], "V": ["dinner"]]
        for (prefix, minutes) in [
            ("AC", -(offset ?? clock.minutesBeforeMeal)), ("PC", offset ?? clock.minutesAfterMeal), ("C", offset ?? 0),
        ] {
            guard code.hasPrefix(prefix), let names = meals[String(code.dropFirst(prefix.count))] else { continue }
            return names.map { Self.shifted(clock.time(meal: $0)!, minutes: minutes) }.sorted()
        }
        guard let time = clock.time(when: code) else {
            throw .notExact(
                "the event \(code) has no time: the clock knows "
                    + PersonalClock.whenCodes.filter { clock.time(when: $0) != nil }.joined(separator: ", ")
                    + " and the meal codes (C, AC, PC with M, D, V); give it one in the clock's \"when\"")
        }
        return [Self.shifted(time, minutes: offset ?? 0)]
    }

    static func shifted(_ t: LocalTime, minutes: Int) -> LocalTime {
        let m = ((t.hour * 60 + t.minute + minutes) % 1440 + 1440) % 1440
        return LocalTime(hour: m / 60, minute: m % 60)!
    }

    /// "08:00 and 20:00 from the clock (BID)".
    func clockNote(_ times: [LocalTime], _ what: String) -> String {
        "\(Self.list(times.map(\.description))) from the clock (\(what))"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    static func unitWords(_ unit: String?) -> String {
        switch unit {
        case "s": "seconds"
        case "min": "minutes"
        case "h": "hours"
        case "d": "days"
        case "wk": "weeks"
        case "mo": "months"
        case "a": "years"
        default: unit ?? "periods"
        }
    }

    static func weeks(_ n: Double) -> String { n == 1 ? "week" : "\(AmountWords.number(n)) weeks" }
}
