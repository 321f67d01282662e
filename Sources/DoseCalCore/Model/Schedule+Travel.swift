public import CalendarTime

/// Travel given on the command line (`dosecal sync --zone`): an itinerary stop added in memory.
extension Schedule {
    /// The person's local date at `instant`: in the zone the itinerary puts them in (its own
    /// date decides which stop is in force).
    public func localDate(at instant: Int) -> LocalDate { timeline.localDate(at: instant) }

    /// The schedule with the person in `zone` from `date` on: a stop at `date` (replacing one on
    /// the same date), later stops kept. Series of wall-clock doses split at `date`, so doses
    /// before it keep their instants. Unchanged when the person is already in `zone` on `date`.
    public func travelling(to zone: Zone, from date: LocalDate) -> Schedule {
        if WallClockEngine(schedule: self).zone(on: date) == zone { return self }
        var copy = self
        copy.itinerary.removeAll { $0.from == date }
        let index = copy.itinerary.firstIndex { $0.from > date } ?? copy.itinerary.count
        copy.itinerary.insert(ItineraryStop(from: date, zone: zone), at: index)
        return copy
    }
}
