public import DoseCalCore

/// One person a chart is about: who they are (for the chart's header), where they are, and
/// their medications with the log about them. Every page of a chart is about one person.
///
/// `Schedule.chartPeople` makes them: the one function that knows how a schedule names its
/// people.
public struct ChartPerson: Sendable, Equatable {
    /// The person's id in the schedule; nil while the schedule names no people (one person).
    public var id: String?
    /// The name the header shows; nil: none known ("—").
    public var name: String?
    public var dateOfBirth: LocalDate?
    /// Known allergies; nil when the schedule does not say (the header then says "not
    /// recorded"), empty when it says there are none.
    public var allergies: [String]?
    /// The person's part of the schedule: their zones (home and itinerary), their medications
    /// in file order and the log entries about them. The engine, the ledger and the supply
    /// forecast read it as they read any schedule.
    public var schedule: Schedule
    /// Each medication's position in the schedule file (1 for the first), by id: privacy mode
    /// names a medication "Medication N" by it, as every command does.
    public var positions: [String: Int]

    public init(
        id: String? = nil, name: String? = nil, dateOfBirth: LocalDate? = nil, allergies: [String]? = nil,
        schedule: Schedule, positions: [String: Int]
    ) {
        self.id = id
        self.name = name
        self.dateOfBirth = dateOfBirth
        self.allergies = allergies
        self.schedule = schedule
        self.positions = positions
    }

    /// Where the person is, date by date.
    public var timeline: ZoneTimeline { schedule.timeline }

    /// The person's medications, in file order.
    public var medications: [Medication] { schedule.medications }
}

extension Schedule {
    /// The name a feed has when the file gives none: not a person's name.
    static let unnamedFeed = FeedOptions().name

    /// The people of the schedule, each with their medications, in file order. A schedule that
    /// names no people is about one person: no id, and the feed's name as theirs unless it is
    /// the default one.
    public var chartPeople: [ChartPerson] {
        let positions = Dictionary(
            medications.enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        let name = feed.name == Self.unnamedFeed || feed.name.isEmpty ? nil : feed.name
        return [ChartPerson(name: name, schedule: self, positions: positions)]
    }

    /// The people `chartPeople` gives, or only the one whose id is `id` (any letter case).
    public func chartPeople(matching id: String?) throws(ChartError) -> [ChartPerson] {
        let people = chartPeople
        guard let id else { return people }
        let ids = people.compactMap(\.id)
        guard let person = people.first(where: { $0.id?.lowercased() == id.lowercased() }) else {
            throw ChartError.unknownPerson(id, known: ids)
        }
        return [person]
    }
}
