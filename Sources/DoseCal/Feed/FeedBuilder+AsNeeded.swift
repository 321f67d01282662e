import ICal

extension FeedBuilder {
    /// The "next dose allowed" event of an as-needed medicine (decision 0095): at the instant
    /// `AsNeededDoses.nextAllowed` gives for the whole log, in UTC (an instant, whatever zone the
    /// person is in), with the medication's alarm when its reminder is on. None before the first
    /// logged dose: a dose is allowed any time.
    func nextDoseAllowedItem<Sink: EventSink>(_ m: Medication, _: Sink.Type) -> BuiltItem<Sink.Event>? {
        guard let doses = AsNeededDoses(m, log: schedule.log), let next = doses.nextAllowed, let last = doses.last else {
            return nil
        }
        let uid = DoseIdentity.nextDoseAllowed(medicationID: m.id).uid
        var event = Sink()
        event.dateTime("DTSTART", .utc(LocalDateTime(secondsSinceEpoch: next)))
        event.verbatim("DURATION", FeedBuilder.eventDuration)
        let words = privacy ? nil : MedicationWords(m)
        let summary = privacy ? "Next dose allowed" : "\(words?.label ?? m.name): next dose allowed"
        event.text("SUMMARY", summary)
        var rule = "at least \(doses.minimumHours) hours apart"
        if let most = doses.maxPerDay { rule += ", at most \(most) in any 24 hours" }
        // With a unit, what to take: "Take 5 ml (100 mg) of Ibuprofen 100 mg/5 ml if needed."
        let take = words.map { "\($0.instruction(m.amount)) if needed. " } ?? ""
        event.text("DESCRIPTION", "\(take)The last dose was taken at \(EventInstance.rfc3339(last)); doses \(rule).")
        // Two lines, as the refill warning: readers tell it from a dose by AS-NEEDED.
        addCategoriesAndClass("MEDICATION", "AS-NEEDED", to: &event)
        if m.reminder.enabled { addAlarm(AlarmTimes(m.reminder), summary, to: &event) }
        let (stampedEvent, _, revision) = stamped(uid, event, overrides: [])
        return BuiltItem(
            uid: uid, medicationID: m.id, kind: .nextDoseAllowed, isZoned: false, event: stampedEvent, overrides: [],
            revision: revision)
    }
}
