import ICal

extension FeedBuilder {
    /// RECURRENCE-ID overrides for the medication's `rescheduled` doses that fall in `plan`'s
    /// series: the original start in the series' own form (zoned, floating or UTC), the new start
    /// in the same form, and the series' text and alarm. Without UID and stamps (added later).
    /// A dose also skipped (decision 0037) gets no override: its EXDATE removes it. A moved
    /// every-N-hours dose (`at`, decision 0138) is named by its original instant, in UTC.
    func overrides<Sink: EventSink>(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, text: FeedText,
        skipped: Set<LocalDate>
    ) -> [Sink] {
        var result: [Sink] = []
        let list = m.rescheduled.sorted { ($0.date, $0.at?.description ?? "") < ($1.date, $1.at?.description ?? "") }
        let skippedHourly = list.contains { $0.at != nil } ? engine.skippedHourlyInstants(of: m) : []
        for r in list where r.slot == plan.slotID && !skipped.contains(r.date) {
            if r.at != nil, skippedHourly.contains(hourlyMove(of: r, m, engine: engine)?.to ?? Int.min) { continue }
            guard r.date >= plan.firstDate, planner.part(of: m, slot: plan.slotID, on: r.date) == plan.part,
                let (recurrenceID, start) =
                    r.at == nil
                    ? startValues(of: plan, m, date: r.date, movedTo: r.time, on: r.takenOn, engine: engine)
                    : hourlyStartValues(of: r, m, engine: engine)
            else { continue }
            let pills = engine.amount(of: m, slot: r.slot, on: r.date)
            let dose = engine.step(of: m, on: r.date)?.dose ?? m.dose
            var event = Sink()
            event.dateTime("RECURRENCE-ID", recurrenceID)
            event.dateTime("DTSTART", start)
            event.verbatim("DURATION", FeedBuilder.eventDuration)
            let wording = text.wording(m, pills: pills, dose: dose)
            let summary = text.summary(wording)
            event.text("SUMMARY", summary)
            event.text("DESCRIPTION", text.movedDescription(m, wording, time: r.time))
            addCategoriesAndClass("MEDICATION", to: &event)
            if m.reminder.enabled { event.alarm(text.alarmBlock(m.reminder, summary: summary, verb: wording.spoken?.verb)) }
            result.append(event)
        }
        return result
    }

    /// EXDATEs for the skipped doses that fall in `plan`'s series, in date order, each in the
    /// series' own form (decision 0037); every-N-hours doses by instant (decision 0106).
    func exceptionDates(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, skipped: Set<LocalDate>
    ) -> [DateTimeValue] {
        if case .everyNHours = m.recurrence { return hourlyExceptionDates(of: plan, m, planner: planner, engine: engine) }
        return skipped.sorted().compactMap { date in
            guard date >= plan.firstDate, planner.part(of: m, slot: plan.slotID, on: date) == plan.part,
                engine.occurrences(of: m, from: date, to: date).contains(where: {
                    $0.slotID == plan.slotID && engine.localDate(of: $0) == date
                }),
                let slot = m.times.first(where: { $0.id == plan.slotID })
            else { return nil }
            return startValues(of: plan, m, date: date, movedTo: engine.time(of: slot, in: m, on: date), engine: engine)?
                .recurrenceID
        }
    }

    /// EXDATEs (UTC) for the skipped every-N-hours doses that fall in `plan`'s series, in time
    /// order (decision 0106).
    private func hourlyExceptionDates(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine
    ) -> [DateTimeValue] {
        let home = schedule.home
        // A moved dose that is skipped: its EXDATE names the original instance.
        var originals: [Int: Int] = [:]
        for r in m.rescheduled where r.slot == plan.slotID {
            if let move = hourlyMove(of: r, m, engine: engine) { originals[move.to] = move.from }
        }
        let instants = engine.skippedHourlyInstants(of: m).map { originals[$0] ?? $0 }
        return instants.sorted().compactMap { instant in
            let date = home.local(at: instant).date
            guard date >= plan.firstDate, planner.part(of: m, slot: plan.slotID, on: date) == plan.part else { return nil }
            return DateTimeValue.utc(LocalDateTime(secondsSinceEpoch: instant))
        }
    }

    /// The original instant of a moved every-N-hours dose and its new one, both in UTC (the
    /// series' form).
    private func hourlyStartValues(of r: RescheduledDose, _ m: Medication, engine: WallClockEngine) -> (
        recurrenceID: DateTimeValue, start: DateTimeValue
    )? {
        guard let move = hourlyMove(of: r, m, engine: engine) else { return nil }
        return (.utc(LocalDateTime(secondsSinceEpoch: move.from)), .utc(LocalDateTime(secondsSinceEpoch: move.to)))
    }

    /// The original and the new instant of a moved every-N-hours dose (nil: `r` has no `at`).
    private func hourlyMove(of r: RescheduledDose, _ m: Medication, engine: WallClockEngine) -> (from: Int, to: Int)? {
        guard let original = engine.originalInstants(of: r, in: m).first else { return nil }
        return (original, ZoneResolver.resolve(LocalDateTime(date: r.takenOn, time: r.time), in: schedule.home).instant)
    }

    /// The original start of the slot's dose on `date` in the series' form, and a start at
    /// `time` on `day` (nil: that day) in the same form.
    private func startValues(
        of plan: SeriesPlan, _ m: Medication, date: LocalDate, movedTo time: WallTime, on day: LocalDate? = nil,
        engine: WallClockEngine
    ) -> (recurrenceID: DateTimeValue, start: DateTimeValue)? {
        guard let slot = m.times.first(where: { $0.id == plan.slotID }) else { return nil }
        let original = LocalDateTime(date: date, time: engine.time(of: slot, in: m, on: date))
        let moved = LocalDateTime(date: day ?? date, time: time)
        switch plan.start {
        case .zoned(_, let tzid): return (.zoned(original, tzid: tzid), .zoned(moved, tzid: tzid))
        case .floating: return (.floating(original), .floating(moved))
        case .utc, .date:
            let home = schedule.home
            let stretch = engine.stretchStart(of: m, on: date)
            guard let anchor = engine.fixedAnchor(of: m, slot: slot, stretchStart: stretch) else { return nil }
            return (
                .utc(LocalDateTime(secondsSinceEpoch: anchor.instant + anchor.day.days(to: date) * 86_400)),
                .utc(LocalDateTime(secondsSinceEpoch: ZoneResolver.resolve(moved, in: home).instant))
            )
        }
    }
}
