import ICal

/// The people of a schedule with people, read back from the titles that say whose dose it is
/// ("Mia — Amoxicillin 250 mg/5 ml: 5 ml (250 mg)", `PersonWords`). Each person's doses are
/// imported as a schedule of their own (their home zone the most common zone of their doses,
/// their travel from their own series, as a people-less import finds them), then joined: the
/// itinerary most people share is the schedule's, a person whose home zone or travel differs
/// keeps their own (decision 0248).
extension CalendarImporter {
    /// The dose events of one person (nil: of no one).
    typealias PersonEvents = (
        person: String?, events: [(event: ReturnedEvent, calendar: ReturnedCalendar, overrides: [ReturnedEvent])]
    )

    /// What one person's doses give.
    typealias PersonPart = (person: String?, home: Zone, schedule: Schedule, sources: [ImportReport.Source])

    /// The person a title names first and the rest of the title ("Mia", "Amoxicillin ..."); no
    /// person for a title of no person.
    static func personTitle(_ summary: String?) -> (person: String?, rest: String?) {
        guard let summary, let (name, rest) = PersonWords.reading(title: summary) else { return (nil, summary) }
        return (name, rest)
    }

    /// The dose events by the person their titles name, in order of first appearance; one group
    /// of no one unless every title names a person (a calendar that names people for some doses
    /// only keeps its titles as they are).
    static func byPerson(
        _ events: [(event: ReturnedEvent, calendar: ReturnedCalendar, overrides: [ReturnedEvent])]
    ) -> [PersonEvents] {
        let names = events.map { personTitle($0.event.summary).person }
        guard !events.isEmpty, names.allSatisfy({ $0 != nil }) else { return [(nil, events)] }
        var groups: [PersonEvents] = []
        for (event, name) in zip(events, names) {
            if let i = groups.firstIndex(where: { $0.person == name }) {
                groups[i].events.append(event)
            } else {
                groups.append((name, [event]))
            }
        }
        return groups
    }

    /// `doses` with the person's name taken off their titles.
    static func withoutPerson(_ doses: [ImportedDose]) -> [ImportedDose] {
        doses.map { dose in
            var dose = dose
            dose.summary = personTitle(dose.summary).rest ?? dose.summary
            return dose
        }
    }

    /// The parts joined into one schedule with people (one part of no one: its schedule as it
    /// is). The home zone is `home`; the itinerary the one most parts agree with (ties: the
    /// first); a person whose home zone differs, or whose doses it changes, keeps their own.
    static func joined(_ parts: [PersonPart], home: Zone) -> (Schedule, [ImportReport.Source]) {
        guard parts.contains(where: { $0.person != nil }) else {
            return (parts.first?.schedule ?? Schedule(home: home, medications: []), parts.first?.sources ?? [])
        }
        let itineraries = parts.map(\.schedule.itinerary)
        let agreeing = itineraries.map { i in parts.filter { agrees($0, with: i) }.count }
        let shared = agreeing.indices.max { agreeing[$0] < agreeing[$1] || (agreeing[$0] == agreeing[$1] && $0 > $1) }
        var schedule = Schedule(version: 2, home: home, medications: [], itinerary: shared.map { itineraries[$0] } ?? [])
        var ids = Set<String>()
        var sources: [ImportReport.Source] = []
        for part in parts {
            let id = uniqueID(part.person ?? "person", used: &ids)
            schedule.people.append(
                Person(
                    id: id, name: part.person ?? "Person", home: part.home == home ? nil : part.home,
                    itinerary: agrees(part, with: schedule.itinerary) ? nil : part.schedule.itinerary))
            schedule.medications += part.schedule.medications.map { m in
                var m = m
                m.person = id
                return m
            }
            schedule.log += part.schedule.log
            sources += part.sources
        }
        return (schedule, sources)
    }

    /// Whether `itinerary` gives the person of `part` the doses their own does: the same one,
    /// or one that begins with it and whose further stops fall after their last dose (decision
    /// 0266; a child's course that ends before the family flies home).
    static func agrees(_ part: PersonPart, with itinerary: [ItineraryStop]) -> Bool {
        let own = part.schedule.itinerary
        if own == itinerary { return true }
        guard itinerary.count > own.count, itinerary.starts(with: own) else { return false }
        let scheduled = part.schedule.medications.filter {
            if case .asNeeded = $0.recurrence { return false }
            return true
        }
        guard scheduled.allSatisfy({ $0.end != nil }) else { return false }
        return doses(scheduled, home: part.home, itinerary: own) == doses(scheduled, home: part.home, itinerary: itinerary)
    }

    /// The person `summary` names first, found among the schedule's people or added to them (an
    /// as-needed medicine of someone with no scheduled dose); nil for a title of no person or a
    /// schedule without people.
    static func person(named name: String?, in schedule: inout Schedule) -> Person? {
        guard let name, !schedule.people.isEmpty else { return nil }
        if let known = schedule.people.first(where: { $0.name == name }) { return known }
        var ids = Set(schedule.people.map(\.id))
        let person = Person(id: uniqueID(name, used: &ids), name: name)
        schedule.people.append(person)
        return person
    }
}
