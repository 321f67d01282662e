public import DoseCalCore

/// One person a chart is about: who they are (for the chart's header), where they are, and
/// their medications with the log about them. Every page of a chart is about one person.
public struct ChartPerson: Sendable, Equatable {
    /// The person of the schedule; nil for the medications of no person (a schedule without
    /// people is about one unnamed person).
    public var person: Person?
    /// The person's part of the schedule (`Schedule.narrowed(toPerson:)`): their medications in
    /// file order and the log entries about them, the people and zones as in the whole file. The
    /// engine, the ledger and the supply forecast read it as they read any schedule.
    public var schedule: Schedule
    /// Each medication's and person's name in privacy mode, by id ("Medication 3", "Person 2":
    /// their position in the whole file, as every command numbers them).
    public var positions: [String: String]
    /// Whether names are hidden (privacy mode).
    public var privacy: Bool

    /// The part of `whole` that `person` takes (nil: the medications of no person).
    public init(_ person: Person?, in whole: Schedule) {
        self.person = person
        if let person {
            schedule = whole.narrowed(toPerson: person.id)
        } else {
            var rest = whole
            rest.medications = whole.medications.filter { whole.person(of: $0) == nil }
            let ids = Set(rest.medications.map(\.id))
            rest.log = whole.log.filter { ids.contains($0.medication) }
            rest.seen = whole.seen.filter { ids.contains($0.medication) }
            schedule = rest
        }
        privacy = whole.feed.privacy
        var positions: [String: String] = [:]
        for m in schedule.medications { positions[m.id] = whole.positionalName(of: m.id) }
        if let person { positions[person.id] = whole.positionalName(ofPerson: person.id) }
        self.positions = positions
    }

    /// The name the header shows: the person's, "Person 2" in privacy mode; nil: none known.
    public var name: String? {
        guard let person else { return nil }
        return privacy ? positions[person.id] ?? "Person" : person.name
    }

    /// Where the person is, date by date.
    public var timeline: ZoneTimeline { schedule.timeline(of: person) }

    /// The person's medications, in file order.
    public var medications: [Medication] { schedule.medications }

    /// "Metformin 500 mg", or "Medication 2" in privacy mode.
    public func label(_ m: Medication) -> String { privacy ? positions[m.id] ?? "Medication" : m.label }
}

extension Schedule {
    /// The people a chart shows, in file order, each with their medications: the one `only`
    /// names, else every person who takes a medication, then the medications of no person (a
    /// schedule without people: one unnamed person).
    public func chartPeople(only: Person? = nil) -> [ChartPerson] {
        if let only { return [ChartPerson(only, in: self)] }
        var pages = people.map { ChartPerson($0, in: self) }.filter { !$0.medications.isEmpty }
        let rest = ChartPerson(nil, in: self)
        if !rest.medications.isEmpty || pages.isEmpty { pages.append(rest) }
        return pages
    }
}
