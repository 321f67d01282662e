public import CalendarTime

/// One person of a schedule (format version 2): who takes a medication, and where they are when
/// that differs from the schedule's home zone and itinerary (docs/schedule-format.md "people").
public struct Person: Sendable, Equatable {
    /// Stable identifier, unique among the schedule's people; medications name it (`person`).
    public var id: String
    /// How the words name the person: "Mia — Amoxicillin 250 mg/5 ml: 5 ml (250 mg)".
    public var name: String
    /// The zone the person lives in; nil: the schedule's `homeZone`.
    public var home: Zone?
    /// The person's travel, sorted by date; nil: the schedule's itinerary. An empty list is a
    /// person who stays at home while the schedule's itinerary travels.
    public var itinerary: [ItineraryStop]?
    /// The person's date of birth, when the file gives it (an administration chart prints it).
    public var dateOfBirth: LocalDate?
    /// The person's allergies as the file lists them (single-line texts), in file order.
    public var allergies: [String]

    public init(
        id: String, name: String, home: Zone? = nil, itinerary: [ItineraryStop]? = nil, dateOfBirth: LocalDate? = nil,
        allergies: [String] = []
    ) {
        self.id = id
        self.name = name
        self.home = home
        self.itinerary = itinerary
        self.dateOfBirth = dateOfBirth
        self.allergies = allergies
    }
}
