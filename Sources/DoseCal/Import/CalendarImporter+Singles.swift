import ICal

extension CalendarImporter {
    /// Runs of single events with one title at one wall-clock time, folded back into a rule:
    /// equal gaps (daily, every N days) or exactly the chosen weekdays between the first and
    /// the last (weekly). Fewer than three events, or irregular dates, are reported.
    func fold(_ singles: [(ReturnedEvent, ReturnedCalendar)], home: Zone) -> (
        doses: [ImportedDose], unmapped: [ImportReport.Unmapped]
    ) {
        struct Key: Hashable {
            var summary: String
            var policy: String
            var time: LocalTime
        }
        var runs: [Key: [(LocalDate, ReturnedEvent, TimePolicy)]] = [:]
        var order: [Key] = []
        var unmapped: [ImportReport.Unmapped] = []
        for (event, _) in singles {
            // A dose written in UTC was computed from a local time: read it on the home wall clock.
            switch placement(event, home: home, utcPolicy: .wallClock) {
            case .failure(let reason):
                unmapped.append(.init(event, reason.text))
            case .success(let (policy, local)):
                let key = Key(summary: event.summary ?? "Medication", policy: "\(policy)", time: local.time)
                if runs[key] == nil { order.append(key) }
                runs[key, default: []].append((local.date, event, policy))
            }
        }
        var doses: [ImportedDose] = []
        let hourly = everyNHours(singles, home: home)
        doses += hourly.doses
        for key in order where !hourly.titles.contains(key.summary) {
            let run = runs[key]!.sorted { $0.0 < $1.0 }
            let dates = Array(Set(run.map(\.0))).sorted()
            guard dates.count >= 3, let recurrence = CalendarImporter.rule(for: dates) else {
                let why =
                    dates.count < 3
                    ? "only \(dates.count) single event(s) at \(key.time): too few to tell a rule"
                    : "\(dates.count) single events at \(key.time) on irregular dates: no daily, weekly or every-N-days rule fits"
                unmapped.append(
                    ImportReport.Unmapped(
                        summary: key.summary, uid: run[0].1.uid.isEmpty ? nil : run[0].1.uid, line: run[0].1.line, reason: why))
                continue
            }
            doses.append(
                ImportedDose(
                    summary: key.summary, time: key.time, pattern: DayPattern(recurrence, start: dates[0]), start: dates[0],
                    end: dates.last,
                    timePolicy: run[0].2, reminder: run[0].1.alarms.reminder, from: "\(dates.count) single events", notes: []))
        }
        return (doses, unmapped)
    }

    /// Single events of one title, three or more, a constant number of hours apart that is not a
    /// whole number of days (a reminder app's "every 8 hours"): every N hours from the first.
    func everyNHours(_ singles: [(ReturnedEvent, ReturnedCalendar)], home: Zone) -> (doses: [ImportedDose], titles: Set<String>) {
        var byTitle: [String: [ReturnedEvent]] = [:]
        for (event, _) in singles { byTitle[event.summary ?? "Medication", default: []].append(event) }
        var doses: [ImportedDose] = []
        var titles = Set<String>()
        for (title, events) in byTitle.sorted(by: { $0.key < $1.key }) {
            let instants = Set(events.compactMap { e -> Int? in if case .instant(let s)? = e.startTime { s } else { nil } })
                .sorted()
            guard instants.count >= 3, instants.count == events.count else { continue }
            let gaps = Set(zip(instants, instants.dropFirst()).map { $1 - $0 })
            guard gaps.count == 1, let gap = gaps.first, gap % 3600 == 0, gap % 86_400 != 0, gap / 3600 <= 168 else { continue }
            let zone = home
            let (first, last) = (zone.local(at: instants[0]), zone.local(at: instants[instants.count - 1]))
            titles.insert(title)
            doses.append(
                ImportedDose(
                    summary: title, time: first.time, pattern: .hours(gap / 3600), start: first.date, end: last.date,
                    timePolicy: .fixedInterval, reminder: events[0].alarms.reminder, from: "\(instants.count) single events",
                    notes: []))
        }
        return (doses, titles)
    }

    /// Daily, every N days or weekly on some weekdays, when `dates` (sorted, distinct, three or
    /// more) are exactly that rule's days from the first to the last.
    static func rule(for dates: [LocalDate]) -> Recurrence? {
        let gaps = Set(zip(dates, dates.dropFirst()).map { $0.days(to: $1) })
        if gaps.count == 1, let gap = gaps.first, gap <= 3650 { return gap == 1 ? .daily : .everyNDays(gap) }
        let weekdays = Set(dates.map(\.weekday))
        var expected: [LocalDate] = []
        var d = dates[0]
        while d <= dates.last! {
            if weekdays.contains(d.weekday) { expected.append(d) }
            d = d.adding(days: 1)
        }
        return expected == dates ? .weekly(weekdays: weekdays.sorted(), interval: 1) : nil
    }
}
