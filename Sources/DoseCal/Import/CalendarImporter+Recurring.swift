import ICal

extension CalendarImporter {
    /// Where a dose time stands: its time policy and local start (UTC: read in the home zone, at
    /// `offset` when given: the offset of its stretch's first dose, decision 0140).
    func placement(_ e: ReturnedEvent, home: Zone, utcPolicy: TimePolicy, offset: Int? = nil) -> Result<
        (TimePolicy, LocalDateTime), ImportReason
    > {
        switch e.start {
        case .zoned(let t, let tzid)?:
            guard let zoneID = e.zone, let zone = Zone(zoneID) else {
                return .failure(ImportReason("its zone \(tzid) is defined only inside the file; dosecal needs an IANA zone"))
            }
            return .success((zone == home ? .wallClock : .pinned(zone: zone), t))
        case .utc(let t)?:
            return .success((utcPolicy, Self.local(t.secondsSinceEpoch, in: home, offset: offset)))
        case .floating(let t)?:
            return .success((.floating, t))
        case .date?:
            return .failure(ImportReason("an all-day event has no dose time"))
        case nil:
            return .failure(ImportReason("the event has no start (DTSTART)"))
        }
    }

    /// A recurring event as one dose time. UTC series are fixed interval (decision 0027): their
    /// weekdays are read back in the home zone, as dosecal's export shifted them (decision 0004),
    /// at `offset` when given (the stretch's first dose's, decision 0140).
    func recurring(
        _ e: ReturnedEvent, calendar: ReturnedCalendar, home: Zone, overrides: [ReturnedEvent], offset: Int? = nil
    ) -> Result<ImportedDose, ImportReason> {
        guard let rule = e.scheduleRule else {
            return .failure(ImportReason("its repeat rule \(e.ruleText ?? "") cannot be read"))
        }
        guard e.recurrenceDates.isEmpty else { return .failure(ImportReason("it has extra dates (RDATE) besides its rule")) }
        let (policy, local): (TimePolicy, LocalDateTime)
        switch placement(e, home: home, utcPolicy: .fixedInterval, offset: offset) {
        case .success(let p): (policy, local) = p
        case .failure(let reason): return .failure(reason)
        }
        var shift = 0
        if case .utc(let t)? = e.start { shift = local.date.days(to: t.date) }
        let pattern: DayPattern
        switch Self.pattern(rule, text: e.ruleText ?? "", start: local.date, shift: shift) {
        case .success(let p): pattern = p
        case .failure(let reason): return .failure(reason)
        }
        let timePolicy = pattern == .hours(rule.interval) ? .fixedInterval : policy
        let end: LocalDate?
        switch endDate(e, calendar: calendar, home: home, policy: timePolicy, offset: offset) {
        case .success(let d): end = d
        case .failure(let reason): return .failure(reason)
        }
        if let end, end < local.date { return .failure(ImportReason("it ends before it starts")) }
        let moves = moved(overrides, policy: timePolicy, home: home)
        let deletions = deletedOccurrences(e, calendar: calendar, home: home)
        var notes: [String] = []
        if deletions == nil {
            notes.append("its deleted occurrences (EXDATE) cannot be read: none imported as skipped doses")
        } else if let onNone = deletions?.onNone, onNone > 0 {
            notes.append("\(onNone) deleted occurrence(s) (EXDATE) on no occurrence of the series: nothing to skip")
        }
        if moves.unreadable > 0 {
            notes.append("\(moves.unreadable) moved occurrence(s) not imported (their times cannot be read)")
        }
        return .success(
            ImportedDose(
                summary: e.summary ?? "Medication", time: local.time, pattern: pattern, start: local.date, end: end,
                timePolicy: timePolicy, reminder: Self.reminder(of: e), from: "a recurring event", notes: notes,
                moved: moves.moves, until: e.until.map { "\($0)" }, deleted: deletions?.deleted ?? [],
                medicationNotes: Self.ownNotes(e)))
    }

    /// The dose days of a rule; `shift`: days the UTC date of the dose is after its home date.
    static func pattern(_ rule: RecurrenceRule, text: String, start: LocalDate, shift: Int) -> Result<DayPattern, ImportReason> {
        guard rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil }) else {
            return .failure(ImportReason("it repeats by month or by the nth weekday (\(text)); dosecal has no such rule"))
        }
        switch rule.frequency {
        case .daily where rule.byDay.isEmpty && rule.interval <= 7300:
            return .success(.days(period: rule.interval, anchor: start, offsets: [0], mondayWeeks: false))
        case .daily where rule.interval == 1:
            // DAILY;BYDAY=... is a weekly rule on those days.
            return .success(
                .weekly(rule.byDay.map { $0.weekday.adding(days: -shift) }, interval: 1, weekStart: .monday, start: start))
        case .weekly where rule.interval <= 1043:
            let days = rule.byDay.map { $0.weekday.adding(days: -shift) }
            let wkst = (rule.weekStart ?? .monday).adding(days: -shift)
            return .success(.weekly(days, interval: rule.interval, weekStart: wkst, start: start))
        case .hourly where rule.byDay.isEmpty && rule.interval <= 168:
            return .success(.hours(rule.interval))
        default:
            return .failure(
                ImportReason(
                    "it repeats \(rule.frequency.rawValue.lowercased()) (\(text)); dosecal has daily, weekly, every N days and every N hours"
                ))
        }
    }

    /// The last dose's local date: UNTIL read where the doses are (the home zone for fixed
    /// interval, at `offset` when given), or the last occurrence of a COUNT rule; a deleted
    /// occurrence (EXDATE) still counts, it is a skipped dose.
    func endDate(_ e: ReturnedEvent, calendar: ReturnedCalendar, home: Zone, policy: TimePolicy, offset: Int? = nil)
        -> Result<LocalDate?, ImportReason>
    {
        let zone = policy == .fixedInterval ? home : policy.pinnedZone ?? home
        let offset = policy == .fixedInterval ? offset : nil
        let series = Self.withoutDeletions(e.component)
        if let until = e.until {
            let date: LocalDate
            let near: Int
            switch until {
            case .instant(let s): (date, near) = (Self.local(s, in: zone, offset: offset).date, s)
            case .date(let d): return .success(d)
            case .local(let t, _): (date, near) = (t.date, t.secondsSinceEpoch)
            }
            // The last dose at or before UNTIL: a client that cuts a series "this and following"
            // (Apple: `UNTIL=20220926T155959Z`, a second before that day's dose) ends it on the
            // day before UNTIL's date.
            let last = CalendarExpander(components: calendar.timezones + [series], viewerZone: home, budget: budget)
                .expand(from: near - 400 * 86_400, to: near + 2 * 86_400).instances.last
            return .success(last.map { Self.local($0.start, in: zone, offset: offset).date } ?? date)
        }
        guard e.scheduleRule?.count != nil else { return .success(nil) }
        let expansion = CalendarExpander(components: calendar.timezones + [series], viewerZone: home, budget: budget)
            .expand(from: Int(Int32.min), to: Int(Int32.max))
        if expansion.instances.isEmpty, let problem = expansion.problems.first {
            return .failure(ImportReason("its COUNT rule cannot be expanded: \(problem)"))
        }
        guard let last = expansion.instances.last else { return .failure(ImportReason("its COUNT rule gives no occurrence")) }
        return .success(Self.local(last.start, in: zone, offset: offset).date)
    }

    /// Overrides that move a dose (a `rescheduled` dose: original date, new time, original time,
    /// and the new date when it is another day, decision 0105), and how many cannot be read.
    func moved(_ overrides: [ReturnedEvent], policy: TimePolicy, home: Zone) -> (
        moves: [ImportedDose.Move], unreadable: Int
    ) {
        let zone = policy == .fixedInterval ? home : policy.pinnedZone ?? home
        var moves: [ImportedDose.Move] = []
        var unreadable = 0
        // An override at its own time (Google: only the title edited) moves nothing.
        for o in overrides where !o.isCancelled && o.startTime != o.recurrenceID {
            let from: LocalDateTime?
            switch o.recurrenceID {
            case .instant(let s)?: from = zone.local(at: s)
            case .local(let t, _)?: from = t
            case .date(let d)?: from = LocalDateTime(date: d, time: LocalTime(hour: 0, minute: 0)!)
            case nil: from = nil
            }
            let to: LocalDateTime?
            switch o.startTime {
            case .instant(let s)?: to = zone.local(at: s)
            case .local(let t, _)?: to = t
            default: to = nil
            }
            if let from, let to {
                moves.append((from.date, to.time, from.time, to.date == from.date ? nil : to.date))
            } else {
                unreadable += 1
            }
        }
        return (moves, unreadable)
    }
}

extension CalendarImporter {
    /// The event's reminder; a dosecal series (UID `...@dosecal.app`) without an alarm had it off.
    static func reminder(of e: ReturnedEvent) -> Reminder {
        if e.uid.hasSuffix("@dosecal.app"), case .absent = e.alarms { return Reminder(enabled: false) }
        return e.alarms.reminder
    }
}

extension ReturnedAlarms {
    /// The reminder these alarms say (the first alarm relative to the start); absent alarms
    /// give the default (an alarm at the dose time): Google and Outlook drop them.
    var reminder: Reminder {
        guard case .present(let list) = self else { return Reminder() }
        return ReminderComparison.reminder(from: list) ?? Reminder()
    }
}
