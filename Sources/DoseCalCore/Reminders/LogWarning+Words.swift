import CalendarTime

extension LogWarning {
    /// The warning in words, `label` naming the medication (its name, or its position in
    /// privacy mode), `at` the time of the dose logged; times local, with their zone:
    /// "Methotrexate is taken weekly: this is 3 days before Friday's dose; Friday's reminder stays."
    public func text(label: String, medication: Medication, at: Int, engine: WallClockEngine) -> String {
        let words = Words(engine: engine, medication: medication, at: at)
        switch self {
        case .extraDose(let previous, let next, let reminder):
            var near = next
            if let previous, next.map({ at - previous.instant < $0.instant - at }) ?? true { near = previous }
            var text = "\(label) is taken \(medication.recurrence.rhythm)"
            if let near { text += ": this is \(words.relation(to: near)) \(words.stem(of: near)) dose" }
            return text + words.reminderClause(next, keeps: reminder, besides: near) + "."
        case .alreadyTaken(let dose, let takenAt, let next, let reminder):
            var text =
                "\(label): \(words.stem(of: dose)) dose was already logged taken at \(words.clock(takenAt)); this is an extra dose"
            if let next { text += ", \(words.relation(to: next)) \(words.stem(of: next)) dose" }
            return text + words.reminderClause(next, keeps: reminder) + "."
        case .namedEarly(let dose):
            let stem = words.stem(of: dose)
            return "\(label) is taken \(medication.recurrence.rhythm): this is \(words.relation(to: dose)) \(stem) dose, "
                + "recorded as that dose because you named it; \(stem) reminder is removed."
        case .asNeededEarly(let last, let hours, let count, let most, let next):
            var rules: [String] = []
            var facts: [String] = []
            if let last, at < last + hours * 3600 {
                rules.append("at least \(hours) hour\(hours == 1 ? "" : "s") apart")
                facts.append("this dose is \(Words.span(at - last)) after the last one (\(words.time(last)))")
            }
            if let most, count >= most {
                rules.append("at most \(most) time\(most == 1 ? "" : "s") in 24 hours")
                facts.append((facts.isEmpty ? "this is " : "") + "the \(Words.ordinal(count + 1)) dose in 24 hours")
            }
            return "\(label) is taken \(rules.joined(separator: " and ")): \(facts.joined(separator: " and ")); "
                + "the next dose is allowed from \(words.time(next))."
        }
    }
}

/// The phrases the warnings share: times in the person's zone, distances, dose names.
private struct Words {
    var engine: WallClockEngine
    var medication: Medication
    var at: Int

    /// Where the medication's person is.
    var timeline: ZoneTimeline { engine.timeline(of: medication) }

    /// The zone the person is in at the logged time: times in it are printed without it.
    var here: Zone { timeline.zone(at: at) }

    /// `2026-12-04 08:00 America/Chicago`.
    func time(_ instant: Int) -> String { timeline.time(at: instant).description }

    /// `08:05`, with its zone when it is not the zone of the logged time.
    func clock(_ instant: Int) -> String { timeline.time(at: instant).clock(besides: here) }

    /// `3 days before`, `4 hours after`.
    func relation(to dose: Occurrence) -> String {
        let d = dose.instant - at
        let days = engine.time(of: dose).date.daysSinceEpoch - ZonedTime(at, in: engine.time(of: dose).zone).date.daysSinceEpoch
        let span = abs(d) >= 86_400 && days != 0 ? "\(abs(days)) day\(abs(days) == 1 ? "" : "s")" : Words.span(abs(d))
        return span + (d >= 0 ? " before" : " after")
    }

    /// `the 14:00`, `Friday's`, `Friday's 08:00`, `the 2027-01-15 19:00`: what comes before
    /// "dose" or "reminder".
    func stem(of dose: Occurrence) -> String {
        let t = engine.time(of: dose)
        let days = ZonedTime(at, in: t.zone).date.days(to: t.date)
        if days == 0 { return "the \(t.clock(besides: here))" }
        guard abs(days) <= 6 else { return "the \(t.date) \(t.clock(besides: here))" }
        let sameDay = engine.occurrences(of: medication, from: t.date.adding(days: -1), to: t.date.adding(days: 1))
            .filter { engine.time(of: $0).date == t.date }
        return "\(t.date.weekday.name)'s" + (sameDay.count > 1 ? " \(t.clock(besides: here))" : "")
    }

    /// `; Friday's reminder stays` when the next dose keeps its reminder; `next Monday's` when
    /// the dose named before it (`besides`) is another dose that reads the same.
    func reminderClause(_ next: Occurrence?, keeps: Bool, besides named: Occurrence? = nil) -> String {
        guard let next, keeps else { return "" }
        var stem = stem(of: next)
        if let named, named.instant != next.instant, self.stem(of: named) == stem, !stem.hasPrefix("the ") {
            stem = "next " + stem
        }
        return "; \(stem) reminder stays"
    }

    /// `45 minutes`, `1 hour`, `4 hours 30 minutes`, `26 hours`.
    static func span(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let (h, m) = (minutes / 60, minutes % 60)
        let hours = h == 0 ? "" : "\(h) hour\(h == 1 ? "" : "s")"
        let mins = m == 0 && h > 0 ? "" : "\(m) minute\(m == 1 ? "" : "s")"
        return [hours, mins].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }
}
