import ICal

/// The itinerary the stretches joined so far need, and the medications checked against it.
///
/// A stop is known only as closely as the medications show it: a medication's first dose away
/// is on the stop's day or after it, its last dose before is before it, so any day between says
/// its doses alike (a weekly dose on Fridays shows a week; a daily one the day). Each stop keeps
/// that range, narrowed by every medication that joins, and begins on the latest day all of
/// them allow (decision 0265).
struct Trip {
    /// A travel stop and the earliest day it can begin; `stop.from` is the latest.
    struct Stop: Equatable {
        var stop: ItineraryStop
        var earliest: LocalDate

        /// The days both allow (nil: none, or another zone).
        func meeting(_ other: Stop) -> Stop? {
            guard stop.zone == other.stop.zone else { return nil }
            let met = Stop(
                stop: ItineraryStop(from: min(stop.from, other.stop.from), zone: stop.zone),
                earliest: max(earliest, other.earliest))
            return met.earliest <= met.stop.from ? met : nil
        }

        /// This stop beginning after `day` (nil: it cannot).
        func after(_ day: LocalDate) -> Stop? {
            var later = self
            later.earliest = max(earliest, day.adding(days: 1))
            return later.earliest <= later.stop.from ? later : nil
        }
    }

    var stops: [Stop] = []
    /// Joined medications with travel stops: their doses were checked against `stops`.
    var checked: [Medication] = []

    /// The schedule's itinerary: each stop on the latest day every medication allows.
    var itinerary: [ItineraryStop] { stops.map(\.stop) }

    /// The stops once a medication ending on `end` needs `needed` (nil: they disagree). The same
    /// stops (days that meet); or the first of them when the medication ends before the rest;
    /// or more stops than so far (the way back home, seen by a medication that lasts longer)
    /// when every medication checked so far ends before them.
    func joining(_ needed: [Stop], until end: LocalDate?) -> [Stop]? {
        if stops.isEmpty { return needed }
        var met: [Stop] = []
        for (a, b) in zip(needed, stops) {
            guard let both = a.meeting(b) else { return nil }
            met.append(both)
        }
        if needed.count == stops.count { return met }
        if needed.count < stops.count {
            guard let end, let next = stops[needed.count].after(end) else { return nil }
            return met + [next] + stops.dropFirst(needed.count + 1)
        }
        let ends = checked.map(\.end)
        guard ends.allSatisfy({ $0 != nil }) else { return nil }
        let added = needed[stops.count]
        guard let next = ends.compactMap({ $0 }).max().map({ added.after($0) }) ?? added else { return nil }
        return met + [next] + needed.dropFirst(stops.count + 1)
    }
}
