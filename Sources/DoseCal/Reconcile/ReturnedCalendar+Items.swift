public import ICal

extension ReturnedCalendar {
    /// Reads several calendar files as one calendar: a vdir folder (one item per file, as
    /// vdirsyncer and khal keep them) or several exports. The VEVENTs and VTIMEZONEs of every
    /// file's VCALENDAR (or bare components) are gathered under one VCALENDAR (the first file's
    /// properties); a VTIMEZONE whose TZID an earlier file defined is left out. Parser warnings and
    /// dropped properties of every file are kept.
    public init(parsingItems items: [some Collection<UInt8>]) throws(ICalError) {
        try self.init(parsingItems: items, names: nil)
    }

    /// As `init(parsingItems:)`; an error in an item is `ICalError.inFile` with that item's name.
    /// `read`: items read already (what dosecal recorded when it wrote them), gathered after
    /// `items` as if parsed from their text.
    public init(parsingItems items: [some Collection<UInt8>], names: [String]?, read: [ParsedCalendar] = []) throws(ICalError) {
        var merged: ParsedCalendar? = nil
        var root = ICalComponent("VCALENDAR")
        var zones = Set<String>()
        var dropped: [String: ICalError] = [:]
        for index in 0..<(items.count + read.count) {
            let parsed: ParsedCalendar
            if index >= items.count {
                parsed = read[index - items.count]
            } else {
                do {
                    parsed = try ICalParser.parse(items[index])
                } catch {
                    guard let names, index < names.count else { throw error }
                    throw .inFile(names[index], error)
                }
            }
            dropped.merge(ReturnedCalendar.droppedProperties(parsed)) { first, _ in first }
            if merged == nil {
                merged = parsed
                root.properties = parsed.calendar?.properties ?? []
            } else {
                merged!.problems += parsed.problems
                merged!.warnings += parsed.warnings
            }
            for c in parsed.calendar?.components ?? parsed.components {
                if c.name == "VTIMEZONE" {
                    guard zones.insert(c.property("TZID")?.value ?? "").inserted else { continue }
                }
                if c.name == "VTIMEZONE" || c.name == "VEVENT" { root.components.append(c) }
            }
        }
        guard var result = merged else {
            self.init(try ICalParser.parse(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)))
            isFolder = true
            return
        }
        result.components = [root]
        self.init(result)
        self.dropped = dropped  // by item: line numbers restart in every file
        isFolder = true
    }
}

extension ReturnedCalendar {
    /// The calendar without the series that belong to the dosecal UIDs in `uids` (split halves
    /// too): a sync leaves out series whose deletion on the phone it already merged.
    func removingSeries(of uids: Set<String>) -> ReturnedCalendar {
        guard !uids.isEmpty else { return self }
        var copy = self
        copy.series.removeAll { uids.contains($0.dosecalUID ?? $0.uid) || uids.contains($0.uid) }
        copy.positions = [:]
        for (i, s) in copy.series.enumerated() { copy.positions[s.uid] = i }
        return copy
    }
}
