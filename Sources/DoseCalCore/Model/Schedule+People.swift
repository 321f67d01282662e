import CalendarTime

/// Whose medications, and where each person is (docs/schedule-format.md "people").
///
/// A medication is its `person`'s; without one, the schedule's only person's (none without
/// people). A person is where their own home zone and itinerary say, each the schedule's where
/// they have none: every local time of a dose is read in the zone ITS person is in that day.
extension Schedule {
    /// The person with the id `id`.
    public func person(id: String) -> Person? { people.first { $0.id == id } }

    /// The person who takes `medication`: the one its `person` names, else the schedule's only
    /// person; nil for a schedule without people.
    public func person(of medication: Medication) -> Person? {
        guard let id = medication.person else { return people.count == 1 ? people[0] : nil }
        return person(id: id)
    }

    /// Where `person` is: their home zone and itinerary, each the schedule's where they give none.
    /// Nil: the schedule's only person when it has one, else the schedule's own zones.
    public func timeline(of person: Person?) -> ZoneTimeline {
        guard let person = person ?? (people.count == 1 ? people[0] : nil) else {
            return ZoneTimeline(home: home, stops: itinerary)
        }
        return ZoneTimeline(home: person.home ?? home, stops: person.itinerary ?? itinerary)
    }

    /// Where the person who takes `medication` is.
    public func timeline(of medication: Medication) -> ZoneTimeline { timeline(of: person(of: medication)) }

    /// Where the person with the id `personID` is (nil, or an id no person has: as `timeline(of: nil)`).
    public func timeline(ofPerson personID: String?) -> ZoneTimeline { timeline(of: personID.flatMap(person(id:))) }

    /// The medications the person with the id `personID` takes, in file order.
    public func medications(of personID: String) -> [Medication] {
        medications.filter { person(of: $0)?.id == personID }
    }

    /// The schedule narrowed to the medications `personID` takes (`--person`): their log entries
    /// and seen reminders with them; the people, zones and feed options as they are, so that every
    /// name, number and zone reads as in the whole schedule.
    public func narrowed(toPerson personID: String) -> Schedule {
        var copy = self
        let ids = Set(medications(of: personID).map(\.id))
        copy.medications = medications.filter { ids.contains($0.id) }
        copy.log = log.filter { ids.contains($0.medication) }
        copy.seen = seen.filter { ids.contains($0.medication) }
        return copy
    }
}
