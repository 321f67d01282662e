import ICal

extension FeedBuilder {
    /// RECURRENCE-ID overrides for the medication's `rescheduled` doses that fall in `plan`'s
    /// series: the original start in the series' own form (zoned, floating or UTC), the new start
    /// in the same form, and the series' text and alarm. Without UID and stamps (added later).
    func overrides(
        of plan: SeriesPlan, _ m: Medication, planner: SeriesPlanner, engine: WallClockEngine, text: FeedText
    ) -> [ICalComponent] {
        var result: [ICalComponent] = []
        let home = Zone(schedule.homeZone) ?? .utc
        for r in m.rescheduled.sorted(by: { $0.date < $1.date }) where r.slot == plan.slotID {
            guard r.date >= plan.firstDate, planner.part(of: m, on: r.date) == plan.part,
                let slot = m.times.first(where: { $0.id == r.slot })
            else { continue }
            let original = LocalDateTime(date: r.date, time: engine.time(of: slot, in: m, on: r.date))
            let moved = LocalDateTime(date: r.date, time: r.time)
            let recurrenceID: DateTimeValue
            let start: DateTimeValue
            switch plan.start {
            case .zoned(_, let tzid):
                recurrenceID = .zoned(original, tzid: tzid)
                start = .zoned(moved, tzid: tzid)
            case .floating:
                recurrenceID = .floating(original)
                start = .floating(moved)
            case .utc, .date:
                let stretch = engine.stretchStart(of: m, on: r.date)
                guard let anchor = engine.fixedAnchor(of: m, slot: slot, stretchStart: stretch) else { continue }
                recurrenceID = .utc(LocalDateTime(secondsSinceEpoch: anchor.instant + anchor.day.days(to: r.date) * 86_400))
                start = .utc(LocalDateTime(secondsSinceEpoch: ZoneResolver.resolve(moved, in: home).instant))
            }
            let pills = engine.pills(of: m, on: r.date)
            let dose = engine.step(of: m, on: r.date)?.dose ?? m.dose
            var event = ICalComponent("VEVENT")
            event.add(recurrenceID.property("RECURRENCE-ID"))
            event.add(start.property("DTSTART"))
            event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
            event.add(.text("SUMMARY", text.summary(m, pills: pills, dose: dose)))
            event.add(.text("DESCRIPTION", text.description(m, pills: pills, dose: dose, time: r.time)))
            event.add(ICalProperty("CATEGORIES", "MEDICATION"))
            if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
            event.add(ICalProperty("TRANSP", "TRANSPARENT"))
            if m.reminder.enabled { event.components.append(alarm(m.reminder, text.alarm(m, pills: pills, dose: dose))) }
            result.append(event)
        }
        return result
    }
}
