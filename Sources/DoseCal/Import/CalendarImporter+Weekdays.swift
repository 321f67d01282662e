import ICal

/// The series dosecal writes for one dose time whose amount differs by weekday (decision 0211:
/// each such weekday a series of its own, the slot's other days one series) joined back into one
/// medication with `doses`: the series on the most weekdays gives the plain amount, each other
/// one an amount by weekday. Joined only when the joined medication gives exactly the series'
/// doses, each with its amount (checked by expanding both: never a guess).
extension CalendarImporter {
    static func joinWeekdayAmounts(_ items: [Item], home: Zone, itinerary: [ItineraryStop]) -> [Item] {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (i, item) in items.enumerated() {
            let m = item.medication
            guard let unit = m.unit, m.taper.isEmpty, m.doses.isEmpty, case .weekly(let days, _) = m.recurrence, !days.isEmpty
            else { continue }
            let key = [
                m.name, m.strength ?? "", m.form?.rawValue ?? "", unit.rawValue, "\(m.times.map(\.time))",
                m.end?.description ?? "", "\(m.timePolicy)", "\(m.reminder)", m.notes ?? "",
            ].joined(separator: "\u{1F}")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(i)
        }
        var joined: [Int: Item] = [:]
        var dropped = Set<Int>()
        for key in order {
            guard let members = groups[key], members.count > 1,
                let item = join(members.map { items[$0] }, home: home, itinerary: itinerary)
            else { continue }
            joined[members[0]] = item
            dropped.formUnion(members.dropFirst())
        }
        return items.indices.compactMap { dropped.contains($0) ? nil : joined[$0] ?? items[$0] }
    }

    /// `parts` (weekly, one interval, no weekday twice) as one medication, when it gives their
    /// doses and amounts.
    private static func join(_ parts: [Item], home: Zone, itinerary: [ItineraryStop]) -> Item? {
        var byPart: [[Weekday]] = []
        var intervals = Set<Int>()
        for part in parts {
            guard case .weekly(let days, let interval) = part.medication.recurrence else { return nil }
            byPart.append(days)
            intervals.insert(interval)
        }
        let all = byPart.flatMap { $0 }
        guard intervals.count == 1, let interval = intervals.first, Set(all).count == all.count,
            let most = byPart.map(\.count).max(), let plain = byPart.firstIndex(where: { $0.count == most })
        else { return nil }
        var m = parts[plain].medication
        m.start = parts.map(\.medication.start).min() ?? m.start
        let union = Weekday.allCases.filter(all.contains)
        m.recurrence = union.count == 7 && interval == 1 ? .daily : .weekly(weekdays: union, interval: interval)
        m.doses = parts.indices.filter { $0 != plain }
            .map { DoseRule(weekdays: Weekday.allCases.filter(byPart[$0].contains), amount: parts[$0].medication.amount) }
            .sorted { $0.weekdays[0] < $1.weekdays[0] }
        m.rescheduled = parts.flatMap(\.medication.rescheduled).sorted { ($0.date, $0.slot) < ($1.date, $1.slot) }
        guard amounts([m], home: home, itinerary: itinerary) == amounts(parts.map(\.medication), home: home, itinerary: itinerary)
        else { return nil }
        var source = parts[plain].source
        source.from = "\(parts.count) series by weekday amount (\(parts.map(\.source.from).joined(separator: ", ")))"
        source.notes = parts.flatMap(\.source.notes)
        source.deleted = parts.flatMap(\.source.deleted)
        return (m, source, parts.map(\.from).min() ?? parts[plain].from)
    }

    /// Every dose of `ms` over 400 days from the first start (or to the last end): its slot's
    /// time, instant and amount, in order.
    private static func amounts(_ ms: [Medication], home: Zone, itinerary: [ItineraryStop]) -> [String] {
        guard let from = ms.map(\.start).min() else { return [] }
        let to = ms.map { $0.end ?? from.adding(days: 400) }.max() ?? from
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: ms, itinerary: itinerary))
        return ms.flatMap { m in
            engine.occurrences(of: m, from: from, to: to).map { o in
                "\(o.instant) \(m.times.first { $0.id == o.slotID }?.time.description ?? "") \(o.amount)"
            }
        }.sorted()
    }
}
