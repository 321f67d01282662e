import ICal

/// The gradual time policy read back (decision 0267): dosecal writes its moves toward a new
/// zone's wall clock as overrides of the wall-clock series (decision 0232), which import reads
/// as rescheduled doses of a medication that travels. When some largest move a day gives
/// exactly those doses, the medication is gradual with it, and the moves it explains are no
/// rescheduled doses; any other move stays one.
extension CalendarImporter {
    static func readGradual(_ items: inout [Item], home: Zone, itinerary: [ItineraryStop]) {
        guard !itinerary.isEmpty else { return }
        for i in items.indices where items[i].medication.timePolicy == .wallClock && !items[i].medication.rescheduled.isEmpty {
            let deleted = Set(items[i].source.deleted.map { "\($0.slot) \($0.instant)" })
            if let gradual = gradual(items[i].medication, deleted: deleted, home: home, itinerary: itinerary) {
                items[i].medication = gradual
            }
        }
    }

    /// `m` (wall clock, with moved doses) as a gradual medication giving exactly its doses and
    /// amounts but the `deleted` ones (slot and wall-clock instant: a skipped dose has no
    /// override); nil when no largest move a day does.
    static func gradual(_ m: Medication, deleted: Set<String>, home: Zone, itinerary: [ItineraryStop]) -> Medication? {
        let through = m.end ?? (m.rescheduled.map(\.takenOn).max() ?? m.start).adding(days: 30)
        let kept = { (m: Medication) -> [String] in
            let engine = WallClockEngine(schedule: Schedule(home: home, medications: [m], itinerary: itinerary))
            return engine.occurrences(of: m, from: m.start, to: through)
                .filter { !deleted.contains("\($0.slotID) \($0.instant - $0.shift)") }.map { "\($0.instant) \($0.amount)" }
        }
        let expected = kept(m)
        for minutes in shiftsPerDay(m, deleted: deleted, home: home, itinerary: itinerary, through: through) {
            var g = m
            g.timePolicy = .gradual(maxShiftMinutes: minutes)
            g.rescheduled = []
            let engine = WallClockEngine(schedule: Schedule(home: home, medications: [g], itinerary: itinerary))
            var moved: [String: Int] = [:]
            for o in engine.occurrences(of: g, from: m.start, to: through) { moved["\(o.slotID) \(o.local.date)"] = o.instant }
            // The moves the policy makes itself are no rescheduled doses.
            g.rescheduled = m.rescheduled.filter { r in
                moved["\(r.slot) \(r.date)"] != movedInstant(r, of: m, home: home, itinerary: itinerary)
            }
            if kept(g) == expected { return g }
        }
        return nil
    }

    /// The instant `r` moves its dose to (in the zone of its day; nil: no such dose).
    private static func movedInstant(_ r: RescheduledDose, of m: Medication, home: Zone, itinerary: [ItineraryStop]) -> Int? {
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: [m], itinerary: itinerary))
        guard let zone = engine.zone(of: m, on: r.date) else { return nil }
        return ZoneResolver.resolve(LocalDateTime(date: r.takenOn, time: r.time), in: zone).instant
    }

    /// The largest moves a day the doses show, most first, in quarter hours from 30 minutes to
    /// 12 hours: how far a slot's reading offset changes a day between two doses of which one
    /// is moved (the offset of a dose: its wall-clock time, read as UTC, less its instant).
    static func shiftsPerDay(_ m: Medication, deleted: Set<String>, home: Zone, itinerary: [ItineraryStop], through: LocalDate)
        -> [Int]
    {
        var plain = m
        plain.rescheduled = []
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: [plain], itinerary: itinerary))
        var last: [String: (date: LocalDate, offset: Int, moved: Bool)] = [:]
        var found = Set<Int>()
        for o in engine.occurrences(of: plain, from: m.start, to: through)
        where !deleted.contains("\(o.slotID) \(o.instant)") {
            let r = engine.rescheduling(of: o, in: m)
            let instant =
                r.map { ZoneResolver.resolve(LocalDateTime(date: $0.takenOn, time: $0.time), in: o.zone ?? home).instant }
                ?? o.instant
            let offset = o.local.secondsSinceEpoch - instant
            if let before = last[o.slotID], before.moved || r != nil {
                let days = max(1, before.date.days(to: o.local.date))
                let minutes = abs(offset - before.offset) / 60
                if minutes % days == 0, (30...720).contains(minutes / days), (minutes / days) % 15 == 0 {
                    found.insert(minutes / days)
                }
            }
            last[o.slotID] = (o.local.date, offset, r != nil)
        }
        return found.sorted(by: >)
    }
}
