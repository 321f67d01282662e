import ICal

extension CalendarImporter {
    /// Where a dose time stands: its time policy and local start (UTC: read in the home zone).
    func placement(_ e: ReturnedEvent, home: Zone, utcPolicy: TimePolicy) -> Result<(TimePolicy, LocalDateTime), ImportReason> {
        switch e.start {
        case .zoned(let t, let tzid)?:
            guard let zoneID = e.zone, let zone = Zone(zoneID) else {
                return .failure(ImportReason("its zone \(tzid) is defined only inside the file; dosecal needs an IANA zone"))
            }
            return .success((zone == home ? .wallClock : .pinned(zone: zone), t))
        case .utc(let t)?:
            return .success((utcPolicy, home.local(at: t.secondsSinceEpoch)))
        case .floating(let t)?:
            return .success((.floating, t))
        case .date?:
            return .failure(ImportReason("an all-day event has no dose time"))
        case nil:
            return .failure(ImportReason("the event has no start (DTSTART)"))
        }
    }

    /// A recurring event as one dose time. UTC series are fixed interval (decision 0027): their
    /// weekdays are read back in the home zone, as dosecal's export shifted them (decision 0004).
    func recurring(_ e: ReturnedEvent, calendar: ReturnedCalendar, home: Zone, overrides: Int) -> Result<
        ImportedDose, ImportReason
    > {
        guard let rule = e.rule else { return .failure(ImportReason("its repeat rule \(e.ruleText ?? "") cannot be read")) }
        guard e.recurrenceDates.isEmpty else { return .failure(ImportReason("it has extra dates (RDATE) besides its rule")) }
        let policy: TimePolicy
        let local: LocalDateTime
        switch placement(e, home: home, utcPolicy: .fixedInterval) {
        case .success(let p): (policy, local) = p
        case .failure(let reason): return .failure(reason)
        }
        var shift = 0
        if case .utc(let t)? = e.start { shift = local.date.days(to: t.date) }
        guard rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil }) else {
            return .failure(
                ImportReason("it repeats by month or by the nth weekday (\(e.ruleText ?? "")); dosecal has no such rule"))
        }
        let recurrence: Recurrence
        var timePolicy = policy
        switch rule.frequency {
        case .daily where rule.byDay.isEmpty && rule.interval <= 3650:
            recurrence = rule.interval == 1 ? .daily : .everyNDays(rule.interval)
        case .weekly where rule.interval <= 520:
            if rule.interval > 1, let wkst = rule.weekStart, wkst.adding(days: -shift) != .monday {
                return .failure(
                    ImportReason(
                        "it repeats every \(rule.interval) weeks counted from \(wkst) (a cycle); dosecal counts weeks from Monday"
                    ))
            }
            let days = rule.byDay.map { $0.weekday.adding(days: -shift) }
            recurrence = .weekly(weekdays: days.isEmpty ? [local.date.weekday] : days, interval: rule.interval)
        case .hourly where rule.byDay.isEmpty && rule.interval <= 168:
            recurrence = .everyNHours(rule.interval)
            timePolicy = .fixedInterval
        default:
            return .failure(
                ImportReason(
                    "it repeats \(rule.frequency.rawValue.lowercased()) (\(e.ruleText ?? "")); dosecal has daily, weekly, every N days and every N hours"
                ))
        }
        let zone = timePolicy.pinnedZone ?? home
        var end: LocalDate? = nil
        if let until = e.until {
            switch until {
            case .instant(let s): end = (timePolicy == .fixedInterval ? home : zone).local(at: s).date
            case .date(let d): end = d
            case .local(let t, _): end = t.date
            }
        } else if rule.count != nil {
            let expansion = CalendarExpander(
                components: calendar.timezones + [e.component], viewerZone: home, budget: budget
            ).expand(from: Int(Int32.min), to: Int(Int32.max))
            if expansion.instances.isEmpty, let problem = expansion.problems.first {
                return .failure(ImportReason("its COUNT rule cannot be expanded: \(problem)"))
            }
            guard let last = expansion.instances.last else { return .failure(ImportReason("its COUNT rule gives no occurrence")) }
            end = (timePolicy == .fixedInterval ? home : zone).local(at: last.start).date
        }
        if let end, end < local.date { return .failure(ImportReason("it ends before it starts")) }
        var notes: [String] = []
        if !e.exceptionDates.isEmpty {
            notes.append("\(e.exceptionDates.count) deleted occurrence(s) not imported (log them as skipped)")
        }
        if overrides > 0 { notes.append("\(overrides) moved occurrence(s) not imported") }
        let reminder = e.alarms.reminder
        return .success(
            ImportedDose(
                summary: e.summary ?? "Medication", time: local.time, recurrence: recurrence, start: local.date, end: end,
                timePolicy: timePolicy, reminder: reminder, from: "a recurring event", notes: notes))
    }
}

extension ReturnedAlarms {
    /// The reminder these alarms say (the first alarm relative to the start); absent alarms
    /// give the default (an alarm at the dose time): Google and Outlook drop them.
    var reminder: Reminder {
        guard case .present(let list) = self else { return Reminder() }
        return ReminderComparison.reminder(from: list, keeping: Reminder()) ?? Reminder()
    }
}
