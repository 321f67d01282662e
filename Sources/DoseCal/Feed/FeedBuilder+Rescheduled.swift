import ICal

extension FeedBuilder {
    /// One occurrence of a series written as an override: the dose of `date`, named by
    /// `recurrenceID`, starting at `start`; `shiftedFrom` is the wall-clock time a gradual move
    /// is on its way to (nil: a `rescheduled` dose, taken at `time`).
    struct MovedDose {
        var date: LocalDate
        var order: String
        var recurrenceID: DateTimeValue
        var start: DateTimeValue
        var time: LocalTime
        var shiftedFrom: LocalTime? = nil
    }

    /// RECURRENCE-ID overrides for the medication's `rescheduled` doses, and the doses of the
    /// gradual policy on their way to a new zone's wall clock (`moves`, decision 0231), that fall
    /// in `plan`'s series, in date order: the original start in the series' own form (zoned,
    /// floating or UTC), the new start in the same form, and the series' text and alarm. Without
    /// UID and stamps (added later). A dose also skipped (decision 0037) gets no override: its
    /// EXDATE removes it. A moved every-N-hours dose (`at`, decision 0138) is named by its
    /// original instant, in UTC. A rescheduled dose is taken when its entry says, moved or not.
    func overrides<Sink: EventSink>(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, text: FeedText,
        skipped: Set<LocalDate>, moves: GradualShift? = nil
    ) -> [Sink] {
        var doses = rescheduledDoses(of: plan, m, planner: planner, engine: engine, skipped: skipped)
        if let moves {
            doses += shiftedDoses(of: plan, m, planner: planner, engine: engine, skipped: skipped, moves: moves)
            doses.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        }
        return doses.map { moved in
            let pills = engine.amount(of: m, slot: plan.slotID, on: moved.date)
            let dose = engine.step(of: m, on: moved.date)?.dose ?? m.dose
            var event = Sink()
            event.dateTime("RECURRENCE-ID", moved.recurrenceID)
            event.dateTime("DTSTART", moved.start)
            event.verbatim("DURATION", FeedBuilder.eventDuration)
            let wording = text.wording(m, pills: pills, dose: dose)
            let title = text.title(wording)
            let summary = text.named(title)
            event.text("SUMMARY", summary)
            let description =
                moved.shiftedFrom.map { text.shiftedDescription(m, wording, time: moved.time, toward: $0) }
                ?? text.movedDescription(m, wording, time: moved.time)
            event.text("DESCRIPTION", description)
            addCategoriesAndClass("MEDICATION", to: &event)
            if m.reminder.enabled { event.alarm(text.alarmBlock(m.reminder, title: title, verb: wording.spoken?.verb)) }
            return event
        }
    }

    /// The `rescheduled` doses of `plan`'s series, by date (every N hours: then by `at`).
    private func rescheduledDoses(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, skipped: Set<LocalDate>
    ) -> [MovedDose] {
        var result: [MovedDose] = []
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
            result.append(
                MovedDose(
                    date: r.date, order: r.at?.description ?? "", recurrenceID: recurrenceID, start: start, time: r.time))
        }
        return result
    }

    /// The doses of `plan`'s series that a gradual move puts elsewhere than their wall-clock
    /// time (those not skipped or rescheduled): each starts at its instant, written in the
    /// series' zone (in UTC where that zone's clock reads it twice).
    private func shiftedDoses(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, skipped: Set<LocalDate>,
        moves: GradualShift
    ) -> [MovedDose] {
        guard case .zoned(_, let tzid) = plan.start, let zone = Zone(tzid: tzid),
            let slot = m.times.first(where: { $0.id == plan.slotID })
        else { return [] }
        var result: [MovedDose] = []
        for (date, shift) in (moves.shifts[plan.slotID] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard date >= plan.firstDate, !skipped.contains(date),
                !m.rescheduled.contains(where: { $0.slot == slot.id && $0.date == date }),
                planner.part(of: m, slot: plan.slotID, on: date) == plan.part
            else { continue }
            let wall = engine.time(of: slot, in: m, on: date)
            let original = LocalDateTime(date: date, time: wall)
            let instant = ZoneResolver.resolve(original, in: zone).instant + shift
            let local = zone.local(at: instant)
            let start: DateTimeValue =
                ZoneResolver.resolve(local, in: zone).instant == instant
                ? .zoned(local, tzid: tzid) : .utc(LocalDateTime(secondsSinceEpoch: instant))
            result.append(
                MovedDose(
                    date: date, order: "", recurrenceID: .zoned(original, tzid: tzid), start: start, time: local.time,
                    shiftedFrom: wall))
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
        let home = engine.home(of: m)
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
        return (original, ZoneResolver.resolve(LocalDateTime(date: r.takenOn, time: r.time), in: engine.home(of: m)).instant)
    }

    /// The original start of the slot's dose on `date` in the series' form, and a start at
    /// `time` on `day` (nil: that day) in the same form.
    private func startValues(
        of plan: SeriesPlan, _ m: Medication, date: LocalDate, movedTo time: LocalTime, on day: LocalDate? = nil,
        engine: WallClockEngine
    ) -> (recurrenceID: DateTimeValue, start: DateTimeValue)? {
        guard let slot = m.times.first(where: { $0.id == plan.slotID }) else { return nil }
        let original = LocalDateTime(date: date, time: engine.time(of: slot, in: m, on: date))
        let moved = LocalDateTime(date: day ?? date, time: time)
        switch plan.start {
        case .zoned(_, let tzid): return (.zoned(original, tzid: tzid), .zoned(moved, tzid: tzid))
        case .floating: return (.floating(original), .floating(moved))
        case .utc, .date:
            let home = engine.home(of: m)
            let stretch = engine.stretchStart(of: m, on: date)
            guard let anchor = engine.fixedAnchor(of: m, slot: slot, stretchStart: stretch) else { return nil }
            return (
                .utc(LocalDateTime(secondsSinceEpoch: anchor.instant + anchor.day.days(to: date) * 86_400)),
                .utc(LocalDateTime(secondsSinceEpoch: ZoneResolver.resolve(moved, in: home).instant))
            )
        }
    }
}
