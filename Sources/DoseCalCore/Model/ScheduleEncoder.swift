import Foundation

/// Builds the JSON tree of a schedule file: keys in the documented order, defaults left out
/// (except the keys every file shows), times in object form, instants in UTC.
package enum ScheduleEncoder {
    static func tree(_ schedule: Schedule) -> JSONValue {
        var root = ObjectBuilder()
        let version = writtenVersion(schedule)
        root.add("version", .int(version))
        root.add("homeZone", .string(schedule.homeZone))
        if !schedule.people.isEmpty { root.add("people", JSONValue(.array(schedule.people.map(person)))) }
        if !schedule.clock.isEmpty { root.add("clock", clock(schedule.clock)) }
        var feed = ObjectBuilder()
        let defaults = FeedOptions()
        if schedule.feed.name != defaults.name { feed.add("name", .string(schedule.feed.name)) }
        if schedule.feed.privacy != defaults.privacy { feed.add("privacy", .bool(schedule.feed.privacy)) }
        if schedule.feed.refreshMinutes != defaults.refreshMinutes {
            feed.add("refreshMinutes", .int(schedule.feed.refreshMinutes))
        }
        if let color = schedule.feed.color { feed.add("color", .string(color.text)) }
        if !feed.isEmpty { root.add("feed", feed.value) }
        root.add("medications", JSONValue(.array(schedule.medications.map { medication($0, version: version) })))
        if !schedule.itinerary.isEmpty { root.add("itinerary", itinerary(schedule.itinerary)) }
        if !schedule.log.isEmpty { root.add("log", JSONValue(.array(schedule.log.map(logEntry)))) }
        if !schedule.seen.isEmpty { root.add("seen", JSONValue(.array(schedule.seen.map(seenEntry)))) }
        return root.value
    }

    /// The version a schedule is written in: its own, or 2 when it holds what version 1 cannot
    /// (people, a form, a unit, amounts by weekday or slot, spacing, the gradual policy).
    package static func writtenVersion(_ schedule: Schedule) -> Int {
        let needs2 =
            !schedule.people.isEmpty || !schedule.clock.isEmpty
            || schedule.medications.contains {
                $0.needsVersion2 || $0.spacing != nil || $0.timePolicy.maxShiftPerDay != nil || $0.person != nil
            }
        return needs2 ? max(schedule.version, 2) : schedule.version
    }

    /// A medication's entry in a file of `version` (its dose keys are the version's).
    static func medication(_ m: Medication, version: Int) -> JSONValue {
        var o = ObjectBuilder()
        o.add("id", .string(m.id))
        if let person = m.person { o.add("person", .string(person)) }
        o.add("name", .string(m.name))
        if let strength = m.strength { o.add("strength", .string(strength)) }
        let unitStyle = saysUnit(m, version: version)
        if unitStyle {
            if let form = m.form { o.add("form", .string(form.rawValue)) }
            if let unit = m.unit, unit != m.form?.defaultUnit { o.add("unit", .string(unit.rawValue)) }
            if m.amount != 1 { o.add("amount", .number(m.amount)) }
        }
        if version >= 2, !m.doses.isEmpty { o.add("doses", doseRules(m.doses)) }
        if let dose = m.dose { o.add("dose", .string(dose)) }
        if let notes = m.notes { o.add("notes", .string(notes)) }
        if !unitStyle, m.amount != 1 { o.add("pillsPerDose", .number(m.amount)) }
        if !(m.times.isEmpty && m.recurrence.isAsNeeded) { o.add("times", slots(m.times)) }
        if m.recurrence != .daily { o.add("recurrence", recurrence(m.recurrence)) }
        o.add("start", .string(m.start.description))
        if let end = m.end { o.add("end", .string(end.description)) }
        if m.timePolicy != MedicationDecoder.defaultPolicy(for: m.recurrence) { o.add("timePolicy", timePolicy(m.timePolicy)) }
        if let spacing = m.spacing { o.add("spacing", self.spacing(spacing)) }
        if m.reminder != Reminder() { o.add("reminder", reminder(m.reminder)) }
        if let supply = m.supply { o.add("supply", self.supply(supply, of: m, version: version)) }
        if !m.taper.isEmpty { o.add("taper", JSONValue(.array(m.taper.map { step($0, unitStyle: unitStyle) }))) }
        if !m.rescheduled.isEmpty { o.add("rescheduled", JSONValue(.array(m.rescheduled.map(rescheduled)))) }
        return o.value
    }

    /// A person's entry: the zones only where the file gives them (an empty itinerary too: the
    /// person stays at home while the schedule's itinerary travels).
    private static func person(_ p: Person) -> JSONValue {
        var o = ObjectBuilder()
        o.add("id", .string(p.id))
        o.add("name", .string(p.name))
        if let home = p.home { o.add("homeZone", .string(home.identifier)) }
        if let stops = p.itinerary { o.add("itinerary", itinerary(stops)) }
        if let born = p.dateOfBirth { o.add("dateOfBirth", .string(born.description)) }
        if !p.allergies.isEmpty { o.add("allergies", JSONValue(.array(p.allergies.map { JSONValue(.string($0)) }))) }
        return o.value
    }

    private static func itinerary(_ stops: [ItineraryStop]) -> JSONValue {
        JSONValue(
            .array(
                stops.map { stop in
                    var o = ObjectBuilder()
                    o.add("from", .string(stop.from.description))
                    o.add("zone", .string(stop.zone.identifier))
                    return o.value
                }))
    }

    private static func rescheduled(_ r: RescheduledDose) -> JSONValue {
        var o = ObjectBuilder()
        o.add("slot", .string(r.slot))
        o.add("date", .string(r.date.description))
        if let at = r.at { o.add("at", .string(at.description)) }
        o.add("time", .string(r.time.description))
        if let toDate = r.toDate { o.add("toDate", .string(toDate.description)) }
        return o.value
    }

    private static func slots(_ slots: [DoseSlot]) -> JSONValue {
        JSONValue(
            .array(
                slots.map { slot in
                    var o = ObjectBuilder()
                    o.add("id", .string(slot.id))
                    o.add("time", .string(slot.time.description))
                    if let until = slot.until { o.add("until", .string(until.description)) }
                    return o.value
                }))
    }

    package static func recurrence(_ r: Recurrence) -> JSONValue {
        var o = ObjectBuilder()
        switch r {
        case .daily:
            o.add("kind", .string("daily"))
        case .weekly(let weekdays, let interval):
            o.add("kind", .string("weekly"))
            if !weekdays.isEmpty { o.add("weekdays", JSONValue(.array(weekdays.map { JSONValue(.string($0.rawValue)) }))) }
            if interval != 1 { o.add("interval", .int(interval)) }
        case .everyNDays(let days):
            o.add("kind", .string("everyNDays"))
            o.add("days", .int(days))
        case .cycle(let on, let off):
            o.add("kind", .string("cycle"))
            o.add("daysOn", .int(on))
            o.add("daysOff", .int(off))
        case .everyNHours(let hours):
            o.add("kind", .string("everyNHours"))
            o.add("hours", .int(hours))
        case .asNeeded(let hours, let most):
            o.add("kind", .string("asNeeded"))
            o.add("minimumHours", .int(hours))
            if let most { o.add("maxPerDay", .int(most)) }
        }
        return o.value
    }

    private static func timePolicy(_ p: TimePolicy) -> JSONValue {
        var o = ObjectBuilder()
        switch p {
        case .wallClock: o.add("kind", .string("wallClock"))
        case .pinned(let zone):
            o.add("kind", .string("pinned"))
            o.add("zone", .string(zone.identifier))
        case .fixedInterval: o.add("kind", .string("fixedInterval"))
        case .floating: o.add("kind", .string("floating"))
        case .gradual(let minutes):
            o.add("kind", .string("gradual"))
            if Double(minutes) != MedicationDecoder.defaultMaxShiftHours * 60 {
                o.add("maxShiftHours", .number(Double(minutes) / 60))
            }
        }
        return o.value
    }

    /// `spacing` in hours; no least time is written as a minimum of 0.
    private static func spacing(_ s: Spacing) -> JSONValue {
        var o = ObjectBuilder()
        o.add("minimumHours", .number(Double(s.minimum ?? 0) / 3600))
        if let maximum = s.maximum { o.add("maximumHours", .number(Double(maximum) / 3600)) }
        return o.value
    }

    private static func reminder(_ r: Reminder) -> JSONValue {
        let defaults = Reminder()
        var o = ObjectBuilder()
        if r.enabled != defaults.enabled { o.add("enabled", .bool(r.enabled)) }
        if r.minutesBefore != defaults.minutesBefore { o.add("minutesBefore", .int(r.minutesBefore)) }
        var repeatObject = ObjectBuilder()
        if r.repeatCount != defaults.repeatCount { repeatObject.add("count", .int(r.repeatCount)) }
        if r.repeatIntervalMinutes != defaults.repeatIntervalMinutes {
            repeatObject.add("intervalMinutes", .int(r.repeatIntervalMinutes))
        }
        if !repeatObject.isEmpty { o.add("repeat", repeatObject.value) }
        return o.value
    }

    /// Whether a file of `version` says `m`'s dose with form, unit and amount (version 2, a
    /// medication with a form or unit), else with version 1's `dose` and `pillsPerDose`.
    static func saysUnit(_ m: Medication, version: Int) -> Bool { version >= 2 && (m.form != nil || m.unit != nil) }

    /// The supply record of `m` as a file of `version` holds it (`amount` where the medication
    /// says its dose with a unit, else `pills`).
    static func supply(_ s: Supply, of m: Medication, version: Int) -> JSONValue {
        let defaults = Supply(pills: 0, asOf: s.asOf)
        var o = ObjectBuilder()
        o.add(saysUnit(m, version: version) ? "amount" : "pills", .number(s.pills))
        o.add("asOf", .string(s.asOf.description))
        if s.warningDays != defaults.warningDays { o.add("warningDays", .int(s.warningDays)) }
        if s.refillReminderTime != defaults.refillReminderTime {
            o.add("refillReminderTime", .string(s.refillReminderTime.description))
        }
        return o.value
    }

    private static func step(_ s: TaperStep, unitStyle: Bool) -> JSONValue {
        var o = ObjectBuilder()
        o.add("from", .string(s.from.description))
        if let amount = s.amount { o.add(unitStyle ? "amount" : "pillsPerDose", .number(amount)) }
        if let doses = s.doses { o.add("doses", doseRules(doses)) }
        if let dose = s.dose { o.add("dose", .string(dose)) }
        if let times = s.times { o.add("times", slots(times)) }
        return o.value
    }

    /// `doses`: each rule's weekdays (two-letter codes) and slots as written, then its amount.
    private static func doseRules(_ rules: [DoseRule]) -> JSONValue {
        JSONValue(
            .array(
                rules.map { rule in
                    var o = ObjectBuilder()
                    if !rule.weekdays.isEmpty {
                        o.add("weekdays", JSONValue(.array(rule.weekdays.map { JSONValue(.string($0.rawValue)) })))
                    }
                    if !rule.slots.isEmpty { o.add("slots", JSONValue(.array(rule.slots.map { JSONValue(.string($0)) }))) }
                    o.add("amount", .number(rule.amount))
                    return o.value
                }))
    }

    static func logEntry(_ e: DoseLogEntry) -> JSONValue {
        var o = ObjectBuilder()
        o.add("medication", .string(e.medication))
        if let slot = e.slot { o.add("slot", .string(slot)) }
        if let date = e.date { o.add("date", .string(date.description)) }
        o.add("status", .string(e.status.rawValue))
        o.add("at", .string(utcText(e.at)))
        return o.value
    }

    private static func seenEntry(_ e: SeenReminder) -> JSONValue {
        var o = ObjectBuilder()
        o.add("medication", .string(e.medication))
        o.add("slot", .string(e.slot))
        if let date = e.date { o.add("date", .string(date.description)) }
        o.add("at", .string(RFC3339.utc(e.at)))
        o.add("source", .string(e.source))
        return o.value
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, rounded down).
    static func utcText(_ date: Date) -> String {
        RFC3339.utc(Int(date.timeIntervalSince1970.rounded(.down)))
    }
}
