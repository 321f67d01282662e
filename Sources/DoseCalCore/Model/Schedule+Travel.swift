public import CalendarTime

/// Travel given on the command line (`dosecal sync --zone`): an itinerary stop added in memory.
extension Schedule {
    /// The local date at `instant` where the schedule's itinerary (its only person's) puts its
    /// people (the stop's own date decides which stop is in force).
    public func localDate(at instant: Int) -> LocalDate { timeline(of: nil).localDate(at: instant) }

    /// The schedule with its people in `zone` from `date` on: a stop at `date` in the schedule's
    /// itinerary (replacing one on the same date, later stops kept), so every person without an
    /// itinerary of their own travels; a schedule's only person who has their own gets it there.
    /// Series of wall-clock doses split at `date`, so doses before it keep their instants.
    /// Unchanged when the people are already in `zone` on `date`.
    public func travelling(to zone: Zone, from date: LocalDate) -> Schedule {
        if timeline(of: nil).zone(on: date) == zone { return self }
        var copy = self
        let stop = ItineraryStop(from: date, zone: zone)
        if people.count == 1, let own = people[0].itinerary {
            copy.people[0].itinerary = Self.adding(stop, to: own)
        } else {
            copy.itinerary = Self.adding(stop, to: itinerary)
        }
        return copy
    }

    /// `stops` with `stop` in date order, replacing one on its date.
    private static func adding(_ stop: ItineraryStop, to stops: [ItineraryStop]) -> [ItineraryStop] {
        var stops = stops
        stops.removeAll { $0.from == stop.from }
        let index = stops.firstIndex { $0.from > stop.from } ?? stops.count
        stops.insert(stop, at: index)
        return stops
    }
}
