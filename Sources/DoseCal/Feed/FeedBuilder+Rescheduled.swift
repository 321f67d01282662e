import ICal

extension FeedBuilder {
    /// RECURRENCE-ID overrides for the medication's `rescheduled` doses that fall in `plan`'s
    /// series: the original start in the series' own form (zoned, floating or UTC), the new start
    /// in the same form, and the series' text and alarm. Without UID and stamps (added later).
    /// A dose also skipped (decision 0037) gets no override: its EXDATE removes it.
    func overrides(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, text: FeedText,
        skipped: Set<LocalDate>
    ) -> [ICalComponent] {
        var result: [ICalComponent] = []
        for r in m.rescheduled.sorted(by: { $0.date < $1.date }) where r.slot == plan.slotID && !skipped.contains(r.date) {
            guard r.date >= plan.firstDate, planner.part(of: m, on: r.date) == plan.part,
                let (recurrenceID, start) = startValues(of: plan, m, date: r.date, movedTo: r.time, engine: engine)
            else { continue }
            let pills = engine.pills(of: m, on: r.date)
            let dose = engine.step(of: m, on: r.date)?.dose ?? m.dose
            var event = ICalComponent("VEVENT")
            event.add(recurrenceID.property("RECURRENCE-ID"))
            event.add(start.property("DTSTART"))
            event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
            event.add(.text("SUMMARY", text.summary(m, pills: pills, dose: dose)))
            event.add(.text("DESCRIPTION", text.movedDescription(m, pills: pills, dose: dose, time: r.time)))
            event.add(ICalProperty("CATEGORIES", "MEDICATION"))
            if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
            event.add(ICalProperty("TRANSP", "TRANSPARENT"))
            if m.reminder.enabled { event.components.append(alarm(m.reminder, text.alarm(m, pills: pills, dose: dose))) }
            result.append(event)
        }
        return result
    }

    /// EXDATEs for the skipped doses that fall in `plan`'s series, in date order, each in the
    /// series' own form (decision 0037).
    func exceptionDates(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, skipped: Set<LocalDate>
    ) -> [ICalProperty] {
        skipped.sorted().compactMap { date in
            guard date >= plan.firstDate, planner.part(of: m, on: date) == plan.part,
                engine.occurrences(of: m, from: date, to: date).contains(where: {
                    $0.slotID == plan.slotID && engine.localDate(of: $0) == date
                }),
                let slot = m.times.first(where: { $0.id == plan.slotID })
            else { return nil }
            return startValues(of: plan, m, date: date, movedTo: engine.time(of: slot, in: m, on: date), engine: engine)?
                .recurrenceID.property("EXDATE")
        }
    }

    /// The original start of the slot's dose on `date` in the series' form, and a start at
    /// `time` that day in the same form.
    private func startValues(
        of plan: SeriesPlan, _ m: Medication, date: LocalDate, movedTo time: WallTime, engine: WallClockEngine
    ) -> (recurrenceID: DateTimeValue, start: DateTimeValue)? {
        guard let slot = m.times.first(where: { $0.id == plan.slotID }) else { return nil }
        let original = LocalDateTime(date: date, time: engine.time(of: slot, in: m, on: date))
        let moved = LocalDateTime(date: date, time: time)
        switch plan.start {
        case .zoned(_, let tzid): return (.zoned(original, tzid: tzid), .zoned(moved, tzid: tzid))
        case .floating: return (.floating(original), .floating(moved))
        case .utc, .date:
            let home = Zone(schedule.homeZone) ?? .utc
            let stretch = engine.stretchStart(of: m, on: date)
            guard let anchor = engine.fixedAnchor(of: m, slot: slot, stretchStart: stretch) else { return nil }
            return (
                .utc(LocalDateTime(secondsSinceEpoch: anchor.instant + anchor.day.days(to: date) * 86_400)),
                .utc(LocalDateTime(secondsSinceEpoch: ZoneResolver.resolve(moved, in: home).instant))
            )
        }
    }
}
