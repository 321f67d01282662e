import ICal

/// Consecutive bounded stretches of one medication, as dosecal writes a taper, travel and (other
/// tools) a cycle: each stretch a series cut with UNTIL or COUNT. Joined into one medication when
/// the joined one gives exactly the stretches' doses (checked by expanding both).
extension CalendarImporter {
    /// A medication, where it came from, and its first dose day (after `start` for a stretch
    /// read from the start of the cycle block it begins inside).
    typealias Item = (medication: Medication, source: ImportReport.Source, from: LocalDate)

    static func chain(_ items: [Item], home: Zone) -> (items: [Item], itinerary: [ItineraryStop]) {
        var groups: [String: [Item]] = [:]
        var order: [String] = []
        for item in items {
            let m = item.medication
            // Stretches in other forms or units are other medicines to the words (a step's amount
            // is in its medication's unit).
            let key = [
                m.name, m.strength ?? "", "\(m.reminder)", "\(m.times.count)", "\(m.form.map(\.rawValue) ?? "")",
                "\(m.unit.map(\.rawValue) ?? "")",
            ].joined(separator: "\u{1F}")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(item)
        }
        var result: [Item] = []
        var travelling = Set<String>()
        var trip = Trip()
        for key in order {
            let parts = (groups[key] ?? []).sorted { $0.from < $1.from }
            var run: [Item] = []
            var i = 0
            while i < parts.count {
                if let more = joining(run, parts[i...], home: home, trip: trip) {
                    if !more.stops.isEmpty { trip.stops = more.stops }
                    run += parts[i..<(i + more.count)]
                    i += more.count
                    continue
                }
                if let done = flush(run, home: home, trip: &trip, travelling: &travelling) { result.append(done) }
                run = [parts[i]]
                i += 1
            }
            if let done = flush(run, home: home, trip: &trip, travelling: &travelling) { result.append(done) }
        }
        return (pinHome(result, home: home, itinerary: trip.itinerary, travelling: travelling), trip.itinerary)
    }

    /// How many of the next stretches join `run` (and the travel stops the join needs): the
    /// next one, else the next ones together (stretches shorter than a cycle's block each show
    /// another cycle: only a later one shows the cycle they are all part of). Nil: none.
    private static func joining(_ run: [Item], _ next: ArraySlice<Item>, home: Zone, trip: Trip) -> (
        count: Int, stops: [Trip.Stop]
    )? {
        var tried = run
        for part in next {
            guard let end = tried.last?.medication.end, part.from > end else { return nil }
            tried.append(part)
            if let joined = joined(tried, home: home, trip: trip) {
                return (tried.count - run.count, joined.stops)
            }
        }
        return nil
    }

    private static func flush(_ run: [Item], home: Zone, trip: inout Trip, travelling: inout Set<String>) -> Item? {
        guard let first = run.first else { return nil }
        guard run.count > 1, let joined = joined(run, home: home, trip: trip) else { return first }
        if !joined.stops.isEmpty {
            travelling.insert(joined.item.medication.id)
            trip.stops = joined.stops
            trip.checked.append(joined.item.medication)
        }
        return joined.item
    }

    /// A wall-clock medication that did not move with the travel is pinned to the home zone.
    private static func pinHome(_ items: [Item], home: Zone, itinerary: [ItineraryStop], travelling: Set<String>) -> [Item] {
        guard !itinerary.isEmpty else { return items }
        return items.map { item in
            var item = item
            let m = item.medication
            guard m.timePolicy == .wallClock, !travelling.contains(m.id),
                doses([m], home: home, itinerary: itinerary) != doses([m], home: home, itinerary: [])
            else { return item }
            item.medication.timePolicy = .pinned(zone: home)
            return item
        }
    }

    /// The stretches as one medication (a cycle, taper steps, travel stops), when it gives exactly
    /// their doses; and the itinerary with the travel stops it needs (empty: none). Nil when no
    /// such medication.
    static func joined(_ run: [Item], home: Zone, trip: Trip = Trip()) -> (item: Item, stops: [Trip.Stop])? {
        let ms = run.map(\.medication)
        // Each stretch from its first dose day (a cut cycle's part is read from its block's start).
        let stretches = run.map { item in
            var m = item.medication
            m.start = item.from
            return m
        }
        guard let first = ms.first, let last = ms.last, run[0].from == first.start,
            ms.allSatisfy({ $0.times.count == first.times.count })
        else { return nil }
        var m = first
        m.end = last.end
        m.rescheduled = ms.flatMap { part in
            part.rescheduled.compactMap { r in
                part.times.firstIndex { $0.id == r.slot }.map {
                    RescheduledDose(slot: first.times[$0].id, date: r.date, time: r.time, toDate: r.toDate, at: r.at)
                }
            }
        }
        var stops: [Trip.Stop] = []
        if let cycle = repeatedCycle(stretches) {
            m.recurrence = cycle
        } else {
            (m.taper, m.dose) = taper(stretches)
            stops = travel(stretches, home: home)
            if !stops.isEmpty { m.timePolicy = .wallClock }
        }
        let itinerary = stops.isEmpty ? [] : trip.joining(stops, until: last.end)
        guard let itinerary else { return nil }
        // A stretch shorter than a cycle's block sees only part of it: try each stretch's cycle.
        let through = ms.map { $0.end ?? $0.start.adding(days: 400) }.max()
        let expected = doses(ms, home: home, itinerary: [], from: run.map(\.from), through: through)
        var candidates = [m.recurrence]
        for r in ms.map(\.recurrence) where !candidates.contains(r) { if case .cycle = r { candidates.append(r) } }
        let fits = { (r: Recurrence) in
            var c = m
            c.recurrence = r
            return doses([c], home: home, itinerary: itinerary.map(\.stop), through: through) == expected
        }
        guard let recurrence = candidates.first(where: fits) else { return nil }
        m.recurrence = recurrence
        return ((m, joinedSource(run, id: m.id), m.start), itinerary)
    }

    /// Where a joined medication came from: its stretches' notes and deleted doses (by the
    /// first stretch's slot ids).
    private static func joinedSource(_ run: [Item], id: String) -> ImportReport.Source {
        let first = run[0].medication
        let deleted = run.flatMap { part in
            part.source.deleted.compactMap { d in
                part.medication.times.firstIndex { $0.id == d.slot }.map {
                    DeletedDose(instant: d.instant, local: d.local, slot: first.times[$0].id)
                }
            }
        }
        let from = "\(run.count) consecutive series (\(run.map(\.source.from).joined(separator: ", ")))"
        return ImportReport.Source(medicationID: id, from: from, notes: run.flatMap(\.source.notes), deleted: deleted)
    }

    /// Daily stretches of one length, starting a fixed number of days apart: a cycle.
    static func repeatedCycle(_ ms: [Medication]) -> Recurrence? {
        guard ms.count > 1, ms.allSatisfy({ $0.recurrence == .daily && $0.times == ms[0].times && $0.dose == ms[0].dose }),
            let ends = Optional(ms.compactMap(\.end)), ends.count == ms.count
        else { return nil }
        let lengths = Set(zip(ms, ends).map { $0.start.days(to: $1) + 1 })
        let gaps = Set(zip(ms, ms.dropFirst()).map { $0.start.days(to: $1.start) })
        guard lengths.count == 1, gaps.count == 1, let on = lengths.first, let period = gaps.first, period > on else {
            return nil
        }
        return .cycle(daysOn: on, daysOff: period - on)
    }

    /// One step per stretch when the dose or the times change between them (a stretch saying
    /// what the one before says is no step of its own); none otherwise. Every N hours has no
    /// times of its own after the first dose (a stretch's start is where the cadence falls), so
    /// its steps change only the dose. Also the medication's dose text: none when a step says
    /// none (a step without one keeps the medication's, which would be another step's words:
    /// "Prednisolone 5 mg (10 mg)" for one 5 mg tablet).
    static func taper(_ ms: [Medication]) -> (steps: [TaperStep], dose: String?) {
        let first = ms[0]
        var hourly = false
        if case .everyNHours = first.recurrence { hourly = true }
        let sameTimes = { (m: Medication) in hourly || m.times.map(\.time) == first.times.map(\.time) }
        let changes = ms.contains { $0.pillsPerDose != first.pillsPerDose || $0.dose != first.dose || !sameTimes($0) }
        guard changes else { return ([], first.dose) }
        var steps: [TaperStep] = []
        for part in ms {
            let times = zip(first.times, part.times).map { DoseSlot(id: $0.id, time: $1.time) }
            let step = TaperStep(
                from: part.start, pillsPerDose: part.pillsPerDose, dose: part.dose, times: sameTimes(part) ? nil : times)
            if let before = steps.last, before.pillsPerDose == step.pillsPerDose, before.dose == step.dose,
                before.times == step.times
            {
                continue
            }
            steps.append(step)
        }
        return (steps, steps.contains { $0.dose == nil } ? nil : first.dose)
    }

    /// Travel stops where the stretches' zones change (wall-clock stretches at home, pinned
    /// away), each from the first dose day of the stretch in its zone, at the earliest the day
    /// after the last dose of the stretch before.
    static func travel(_ ms: [Medication], home: Zone) -> [Trip.Stop] {
        var zones: [Zone] = []
        for m in ms {
            switch m.timePolicy {
            case .wallClock: zones.append(home)
            case .pinned(let zone): zones.append(zone)
            default: return []
            }
        }
        guard Set(zones).count > 1 else { return [] }
        var stops: [Trip.Stop] = []
        var current = home
        var before: Medication?
        for (m, zone) in zip(ms, zones) {
            if zone != current {
                let earliest = before?.end.map { $0.adding(days: 1) } ?? m.start
                stops.append(Trip.Stop(stop: ItineraryStop(from: m.start, zone: zone), earliest: min(earliest, m.start)))
                current = zone
            }
            before = m
        }
        return stops
    }

    /// Every dose of `ms` from the first start to a year after the last start (or end), as its
    /// instant and amount; `firsts`: each one's first dose day (nil: its start).
    /// `through`: the last day (nil: from the medications).
    static func doses(
        _ ms: [Medication], home: Zone, itinerary: [ItineraryStop], from firsts: [LocalDate]? = nil, through: LocalDate? = nil
    ) -> [String] {
        guard let from = ms.map(\.start).min() else { return [] }
        let to = through ?? ms.map { $0.end ?? $0.start.adding(days: 400) }.max() ?? from
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: ms, itinerary: itinerary))
        return zip(ms, firsts ?? ms.map(\.start)).flatMap { m, first in
            engine.occurrences(of: m, from: max(from, first), to: to).map { "\($0.instant) \($0.amount)" }
        }.sorted()
    }
}
