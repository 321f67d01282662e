import ICal

extension CalendarImporter {
    /// Dose times with the same title, rule, dates, policy and reminder become one medication
    /// (dosecal and most apps write one series per dose time); slot ids "1", "2", ... by time.
    static func schedule(_ doses: [ImportedDose], home: Zone) -> (Schedule, [ImportReport.Source]) {
        var groups: [String: [ImportedDose]] = [:]
        var order: [String] = []
        for dose in doses {
            var key = dose.groupKey
            // Two dose times at one time cannot be slots of one medication.
            while groups[key]?.contains(where: { $0.time == dose.time }) == true { key += "+" }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(dose)
        }
        var used = Set<String>()
        var medications: [Medication] = []
        var sources: [ImportReport.Source] = []
        for key in order {
            let group = groups[key]!.sorted { $0.time < $1.time }
            let first = group[0]
            let title = DoseTitle(first.summary)
            let id = uniqueID(title.name, used: &used)
            var times = group.enumerated().map { DoseSlot(id: String($0.offset + 1), time: $0.element.time) }
            if case .everyNHours = first.recurrence { times = [times[0]] }
            medications.append(
                Medication(
                    id: id, name: title.name, strength: title.strength, dose: title.dose, pillsPerDose: title.pillsPerDose,
                    times: times,
                    recurrence: first.recurrence, start: first.start, end: first.end, timePolicy: first.timePolicy,
                    reminder: first.reminder))
            let from = group.count == 1 ? first.from : "\(group.count) × \(first.from)"
            sources.append(ImportReport.Source(medicationID: id, from: from, notes: group.flatMap(\.notes)))
        }
        return (Schedule(home: home, medications: medications), sources)
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
