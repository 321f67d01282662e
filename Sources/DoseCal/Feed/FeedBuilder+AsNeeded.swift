import ICal

extension FeedBuilder {
    /// The "next dose allowed" event `uid` of an as-needed medicine (decision 0095): at the instant
    /// `next` (`AsNeededDoses.nextAllowed` for the whole log) after the `last` dose, in UTC (an
    /// instant, whatever zone the person is in), with the medication's alarm when its reminder is
    /// on. None before the first logged dose (`plannedItems(of:_:)`): a dose is allowed any time.
    func nextDoseAllowedItem<Sink: EventSink>(
        _ m: Medication, uid: String, _ doses: AsNeededDoses, next: Int, last: Int, _: Sink.Type
    ) -> BuiltItem<Sink.Event> {
        var event = Sink()
        event.dateTime("DTSTART", .utc(LocalDateTime(secondsSinceEpoch: next)))
        event.verbatim("DURATION", FeedBuilder.eventDuration)
        let text = NextDoseAllowedText(
            name: privacy ? nil : m.name, last: last, minimumHours: doses.minimumHours, maxPerDay: doses.maxPerDay)
        let summary = PersonWords(of: m, in: schedule, privacy: privacy)?.title(text.summary) ?? text.summary
        event.text("SUMMARY", summary)
        event.text("DESCRIPTION", text.description)
        // Two lines, as the refill warning: readers tell it from a dose by AS-NEEDED.
        addCategoriesAndClass("MEDICATION", "AS-NEEDED", to: &event)
        if m.reminder.enabled { addAlarm(AlarmTimes(m.reminder), summary, to: &event) }
        let (stampedEvent, _, revision) = stamped(uid, event, overrides: [])
        return BuiltItem(
            uid: uid, medicationID: m.id, kind: .nextDoseAllowed, isZoned: false, event: stampedEvent, overrides: [],
            revision: revision)
    }
}
