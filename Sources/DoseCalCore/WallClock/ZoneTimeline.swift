public import CalendarTime

/// Where a person is, date by date: a home zone, and the itinerary's stops, each in force from
/// its date on (docs/time-zones.md). Every local time dosecal reads or prints for that person is
/// read in the zone this gives.
public struct ZoneTimeline: Sendable, Equatable {
    /// The zone before the first stop (and without an itinerary).
    public var home: Zone
    /// Stops sorted by date: from `from` on, the person is in `zone`.
    public var stops: [ItineraryStop]

    public init(home: Zone, stops: [ItineraryStop] = []) {
        self.home = home
        self.stops = stops
    }

    /// The zone the person is in on `date`: the last stop on or before it, else home.
    public func zone(on date: LocalDate) -> Zone {
        var zone = home
        for stop in stops where stop.from <= date { zone = stop.zone }
        return zone
    }

    /// The zone the person is in at `instant`: the stop in force on the local date the instant
    /// has there (read from home, then again in the zone that gives, so that a stop's own date
    /// decides).
    public func zone(at instant: Int) -> Zone {
        var zone = home
        for _ in 0..<2 { zone = self.zone(on: zone.local(at: instant).date) }
        return zone
    }

    /// The person's local date at `instant`.
    public func localDate(at instant: Int) -> LocalDate { zone(at: instant).local(at: instant).date }

    /// `instant` as the person reads it: in the zone they are in then.
    public func time(at instant: Int) -> ZonedTime { ZonedTime(instant, in: zone(at: instant)) }
}
