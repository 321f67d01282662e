import ICal

extension CalendarImporter {
    /// The schedule from the dose times: parts of one dose time joined (a cycle's weeks, one rule
    /// per weekday or "on" day), dose times with the same title, days and policy made slots of
    /// one medication, then consecutive bounded stretches of one medication made one (taper
    /// steps, travel, a cycle written as repeated series: `chain`).
    /// The parts of one stretch (cut by one UNTIL) are joined first; when that leaves something
    /// unmapped, also only parts with the same last dose day (each rule of a stretch shorter than
    /// the cycle's period its own, joined as stretches in `chain`), and the one that maps more wins.
    /// Medication ids are not in `taken` (the ids of other people's medications).
    static func assemble(_ doses: [ImportedDose], home: Zone, taken: Set<String> = []) -> (
        schedule: Schedule, sources: [ImportReport.Source], unmapped: [ImportReport.Unmapped]
    ) {
        let whole = assemble(doses, home: home, wholeStretches: true, taken: taken)
        guard !whole.unmapped.isEmpty else { return whole }
        let byDay = assemble(doses, home: home, wholeStretches: false, taken: taken)
        return byDay.unmapped.count < whole.unmapped.count ? byDay : whole
    }

    static func assemble(_ doses: [ImportedDose], home: Zone, wholeStretches: Bool, taken: Set<String>) -> (
        schedule: Schedule, sources: [ImportReport.Source], unmapped: [ImportReport.Unmapped]
    ) {
        var unmapped: [ImportReport.Unmapped] = []
        var timed: [(ImportedDose, Recurrence)] = []
        for var dose in wholeStretches ? joinParts(doses) : joinParts(doses, key: \.lastDoseKey) {
            if let recurrence = dose.pattern.recurrence(start: dose.start) {
                timed.append((dose, recurrence))
            } else if let cut = dose.pattern.cycle(around: dose.start) {
                // A stretch that begins inside a cycle's "on" block: read from the block's start,
                // joined below with the stretch before it.
                (dose.firstDose, dose.start) = (dose.start, cut.blockStart)
                timed.append((dose, cut.recurrence))
            } else {
                unmapped.append(ImportReport.Unmapped(summary: dose.summary, uid: nil, line: nil, reason: dose.notOneKind))
            }
        }
        let (medications, sources, firsts) = slots(timed)
        let chained = chain((0..<medications.count).map { (medications[$0], sources[$0], firsts[$0]) }, home: home)
        // A stretch cut inside a cycle's block that no stretch before it joined: no schedule kind.
        var items = chained.items.filter { item in
            guard item.from != item.medication.start else { return true }
            let reason = ImportedDose.notOneKindText(parts: 1) + " (a cycle from inside its \"on\" block)"
            unmapped.append(ImportReport.Unmapped(summary: item.medication.name, uid: nil, line: nil, reason: reason))
            return false
        }
        items = joinWeekdayAmounts(items, home: home, itinerary: chained.itinerary)
        // Ids from the names once stretches are joined ("prednisone", not "prednisone-2").
        var used = taken
        for i in items.indices {
            items[i].medication.id = uniqueID(items[i].medication.name, used: &used)
            items[i].source.medicationID = items[i].medication.id
        }
        readGradual(&items, home: home, itinerary: chained.itinerary)
        keepNamedMoves(&items, home: home, itinerary: chained.itinerary)
        let log = skippedLog(&items, home: home, itinerary: chained.itinerary)
        var schedule = Schedule(home: home, medications: items.map(\.medication), itinerary: chained.itinerary, log: log)
        // Forms, units and amounts by weekday are format version 2's.
        if schedule.medications.contains(where: \.needsVersion2) { schedule.version = 2 }
        return (schedule, items.map(\.source), unmapped)
    }

    /// Dose times that differ only in their days, joined when their days are periods of one length.
    /// The parts of one stretch (cut by one UNTIL) join first; when their days are no schedule
    /// kind (a stretch shorter than a cycle's period, cut inside its block, shows a broken block),
    /// only parts with the same last dose day join, and the stretches are joined later.
    static func joinParts(_ doses: [ImportedDose]) -> [ImportedDose] {
        var groups: [String: [ImportedDose]] = [:]
        var order: [String] = []
        for dose in doses {
            if groups[dose.partKey] == nil { order.append(dose.partKey) }
            groups[dose.partKey, default: []].append(dose)
        }
        return order.flatMap { key in
            let group = groups[key] ?? []
            let whole = joinParts(group, key: \.partKey)
            return whole.allSatisfy(\.isOneKind) ? whole : joinParts(group, key: \.lastDoseKey)
        }
    }

    static func joinParts(_ doses: [ImportedDose], key partKey: (ImportedDose) -> String) -> [ImportedDose] {
        var result: [ImportedDose] = []
        var offsets: [Set<Int>] = []
        var byKey: [String: Int] = [:]
        for dose in doses {
            guard case .days(let period, let anchor, let days, let monday) = dose.pattern else {
                result.append(dose)
                offsets.append([])
                continue
            }
            let key = "\(partKey(dose))\u{1F}\(period)"
            guard let i = byKey[key], case .days(_, let first, _, let m) = result[i].pattern else {
                byKey[key] = result.count
                result.append(dose)
                offsets.append(Set(days))
                continue
            }
            // Re-anchor to the earlier anchor; offsets modulo the period.
            let base = min(first, anchor)
            let shift = { (from: LocalDate, o: Int) in ((base.days(to: from) + o) % period + period) % period }
            offsets[i] = Set(offsets[i].map { shift(first, $0) } + days.map { shift(anchor, $0) })
            result[i].pattern = .days(
                period: period, anchor: base, offsets: [], mondayWeeks: m && monday && base.weekday == .monday)
            result[i].start = min(result[i].start, dose.start)
            // Parts cut by one UNTIL: the stretch ends on the last dose day of any of them.
            if let a = result[i].end, let b = dose.end { result[i].end = max(a, b) }
            result[i].notes += dose.notes
            result[i].moved += dose.moved
            result[i].deleted += dose.deleted
            result[i].parts += 1
        }
        for i in result.indices {
            if case .days(let p, let a, let o, let m) = result[i].pattern, o.isEmpty {
                result[i].pattern = .days(period: p, anchor: a, offsets: offsets[i].sorted(), mondayWeeks: m)
            }
        }
        return result
    }

    /// Dose times with the same title, days, dates, policy and reminder become one medication
    /// (dosecal and most apps write one series per dose time); slot ids "1", "2", ... by time.
    /// Also each medication's first dose day (its start, or where a stretch cut inside a cycle's
    /// block begins).
    static func slots(_ doses: [(ImportedDose, Recurrence)]) -> ([Medication], [ImportReport.Source], [LocalDate]) {
        var groups: [String: [(ImportedDose, Recurrence)]] = [:]
        var order: [String] = []
        for (dose, recurrence) in doses {
            var key = "\(dose.slotKey)\u{1F}\(recurrence)\u{1F}\(dose.start)"
            // Two dose times at one time cannot be slots of one medication.
            while groups[key]?.contains(where: { $0.0.time == dose.time }) == true { key += "+" }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((dose, recurrence))
        }
        var used = Set<String>()
        var medications: [Medication] = []
        var sources: [ImportReport.Source] = []
        var firsts: [LocalDate] = []
        for key in order {
            let group = (groups[key] ?? []).sorted { $0.0.time < $1.0.time }
            guard let (first, recurrence) = group.first else { continue }
            let title = DoseTitle(first.summary)
            let id = uniqueID(title.name, used: &used)
            var times = group.enumerated().map { DoseSlot(id: String($0.offset + 1), time: $0.element.0.time) }
            if case .everyNHours = recurrence { times = [times[0]] }
            var m = Medication(
                id: id, name: title.name, strength: title.strength, dose: title.dose, pillsPerDose: title.pillsPerDose,
                notes: first.medicationNotes, times: times, recurrence: recurrence, start: first.start, end: first.end,
                timePolicy: first.timePolicy,
                reminder: first.reminder, form: title.form, unit: title.unit)
            var notes = group.flatMap(\.0.notes)
            (m.rescheduled, notes) = rescheduled(group.map(\.0), slots: times, recurrence: recurrence, notes: notes)
            medications.append(m)
            firsts.append(first.firstDose ?? first.start)
            let from = group.count == 1 ? first.from : "\(group.count) × \(first.from)"
            let deleted = zip(group, times).flatMap { dose, slot in
                dose.0.deleted.map { d in DeletedDose(instant: d.instant, local: d.local, slot: slot.id) }
            }
            sources.append(ImportReport.Source(medicationID: id, from: from, notes: notes, deleted: deleted))
        }
        return (medications, sources, firsts)
    }

    /// The moved doses of each slot; every N hours names each by its original time (`at`).
    static func rescheduled(_ group: [ImportedDose], slots: [DoseSlot], recurrence: Recurrence, notes: [String]) -> (
        [RescheduledDose], [String]
    ) {
        var hourly = false
        if case .everyNHours = recurrence { hourly = true }
        let moves = zip(group, slots).flatMap { dose, slot in
            dose.moved.map { RescheduledDose(slot: slot.id, date: $0.0, time: $0.1, toDate: $0.3, at: hourly ? $0.2 : nil) }
        }
        let order = { (r: RescheduledDose) in (r.date, r.slot, r.at?.description ?? "") }
        return (moves.sorted { order($0) < order($1) }, notes)
    }

    /// Every-N-hours moves whose original time is no dose of the imported chain (or comes twice,
    /// the clocks going back) are left out, noted: the schedule could not name them.
    static func keepNamedMoves(_ items: inout [Item], home: Zone, itinerary: [ItineraryStop]) {
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: items.map(\.medication), itinerary: itinerary))
        for i in items.indices {
            let m = items[i].medication
            guard case .everyNHours = m.recurrence, !m.rescheduled.isEmpty else { continue }
            let kept = m.rescheduled.filter { engine.originalInstants(of: $0, in: m).count == 1 }
            guard kept.count < m.rescheduled.count else { continue }
            items[i].source.notes.append(
                "\(m.rescheduled.count - kept.count) moved occurrence(s) not imported (not at a dose time of the series)")
            items[i].medication.rescheduled = kept
        }
    }

    /// "Metformin" -> "metformin"; letters and digits kept, the rest as "-"; unique ("-2", ...).
    static func uniqueID(_ name: String, used: inout Set<String>) -> String {
        var slug = ""
        for c in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) {
                slug.unicodeScalars.append(c)
            } else if !slug.hasSuffix("-") && !slug.isEmpty {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "medication" }
        slug = String(slug.prefix(60))
        var id = slug
        var n = 2
        while used.contains(id) {
            id = "\(slug)-\(n)"
            n += 1
        }
        used.insert(id)
        return id
    }
}
