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
        // The items' values have much in common (each rule, duration and trigger text).
        var reading = ICalReading()
        for index in 0..<(items.count + read.count) {
            let parsed: ParsedCalendar
            if index >= items.count {
                parsed = read[index - items.count]
            } else {
                do {
                    parsed = try ICalParser.parse(items[index], sharing: &reading)
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

extension ReturnedCalendar {
    /// `init(parsingItems: items, names: names, read: [r])`, where `r` is the calendar `base` was
    /// read from with only the VEVENTs of `uids` (and every VTIMEZONE), without reading those
    /// events again: their series are `base`'s. nil when that cannot be the same calendar, so the
    /// caller reads `r` (no item; `base` or the items with a warning, a dropped property, an
    /// event without UID, a split, a link between series (RELATED-TO) or a UID that is not
    /// dosecal's; a calendar zone other than `base`'s when a time of those series has no zone of
    /// its own or of its series; a UID in both). A sync reads the phone's
    /// items of a medication this way: those it did not change are as dosecal wrote them.
    static func reading(
        items: [[UInt8]], names: [String], reusing base: ReturnedCalendar, uids: Set<String>
    ) throws(ICalError) -> ReturnedCalendar? {
        guard !items.isEmpty, base.isPlain else { return nil }
        var read = try ReturnedCalendar(parsingItems: items, names: names)
        let reused = base.series.filter { uids.contains($0.uid) }
        // The calendar's zone is read only for a time with no zone of its own or of its series.
        let zoned = reused.allSatisfy { s in s.master?.zone != nil && s.overrides.allSatisfy { $0.zone != nil } }
        guard read.isPlain, zoned || read.calendarZone == base.calendarZone,
            !read.series.contains(where: { uids.contains($0.uid) })
        else { return nil }
        var zones = Set(read.timezones.map { $0.property("TZID")?.value ?? "" })
        for zone in base.timezones {
            guard zones.insert(zone.property("TZID")?.value ?? "").inserted else { continue }
            read.timezones.append(zone)
        }
        read.definedZones = read.timezones.compactMap { $0.property("TZID")?.value }
        read.series += reused
        read.series.sort { $0.uid < $1.uid }
        read.positions = [:]
        for (i, s) in read.series.enumerated() { read.positions[s.uid] = i }
        return read
    }

    /// Nothing in it that reading its series together with others could change: no warning, no
    /// dropped property, no event without UID, no split, every series dosecal's and linked to no
    /// other.
    private var isPlain: Bool {
        warnings.isEmpty && dropped.isEmpty && eventsWithoutUID.isEmpty && splits.isEmpty
            && series.allSatisfy { s in
                ReturnedCalendar.isDosecalUID(s.uid) && s.dosecalUID == s.uid && s.root == s.uid
                    && (s.master?.relations.isEmpty ?? true) && s.overrides.allSatisfy(\.relations.isEmpty)
            }
    }
}
