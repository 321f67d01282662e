import ICal

extension FeedBuilder {
    /// The "next dose allowed" event of an as-needed medicine (decision 0095): at the instant
    /// `AsNeededDoses.nextAllowed` gives for the whole log, in UTC (an instant, whatever zone the
    /// person is in), with the medication's alarm when its reminder is on. None before the first
    /// logged dose: a dose is allowed any time.
    func nextDoseAllowedItem(_ m: Medication) -> FeedItem? {
        guard let doses = AsNeededDoses(m, log: schedule.log), let next = doses.nextAllowed, let last = doses.last else {
            return nil
        }
        let uid = DoseIdentity.nextDoseAllowed(medicationID: m.id).uid
        var event = ICalComponent("VEVENT")
        event.add(DateTimeValue.utc(LocalDateTime(secondsSinceEpoch: next)).property("DTSTART"))
        event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
        let summary = privacy ? "Next dose allowed" : "\(m.name): next dose allowed"
        event.add(.text("SUMMARY", summary))
        var rule = "at least \(doses.minimumHours) hours apart"
        if let most = doses.maxPerDay { rule += ", at most \(most) in any 24 hours" }
        event.add(.text("DESCRIPTION", "The last dose was taken at \(EventInstance.rfc3339(last)); doses \(rule)."))
        // Two lines, as the refill warning: readers tell it from a dose by AS-NEEDED.
        event.add(ICalProperty("CATEGORIES", "MEDICATION"))
        event.add(ICalProperty("CATEGORIES", "AS-NEEDED"))
        if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
        event.add(ICalProperty("TRANSP", "TRANSPARENT"))
        if m.reminder.enabled { event.components.append(alarm(m.reminder, summary)) }
        let (stampedEvent, _, revision) = stamped(uid, event, overrides: [])
        return FeedItem(uid: uid, medicationID: m.id, kind: .nextDoseAllowed, event: stampedEvent, revision: revision)
    }
}
