import Foundation

/// Turns a parsed schedule file into a `Schedule`, checking every rule of docs/schedule-format.md.
/// Keys are read in the documented order, so the first error reported is the first in that order.
struct ScheduleDecoder {
    let reader: ScheduleReader

    static let rootKeys: JSONKeys = ["version", "homeZone", "people", "clock", "feed", "medications", "itinerary", "log", "seen"]
    static let feedKeys: JSONKeys = ["name", "privacy", "refreshMinutes", "color"]
    static let itineraryKeys: JSONKeys = ["from", "zone"]
    static let logKeys: JSONKeys = ["medication", "slot", "date", "status", "at"]
    static let seenKeys: JSONKeys = ["medication", "slot", "date", "at", "source"]
    static let versionPath = FieldPath.root.member("version")

    func decode(_ root: JSONNode) throws(ScheduleError) -> Schedule {
        guard root.isObject else {
            throw reader.fail(
                root, .root, "expected an object {...} holding version, homeZone and medications, found \(root.summary)")
        }
        // The version comes first: a newer file may well have keys this build does not know.
        let version = try decodeVersion(root)
        let f = try reader.fields(root, at: .root, known: Self.rootKeys)
        let homeZone = try f.attempt("homeZone", "the IANA time zone you live in, like \"America/New_York\"", reader.zone)
        let people =
            try f.optional("people") { (node, path) throws(ScheduleError) in
                try decodePeople(node, at: path, version: version)
            } ?? (f["people"] == nil ? PeopleNames() : PeopleNames(known: false))
        let clock =
            try f.optional("clock") { (node, path) throws(ScheduleError) in
                try decodeClock(node, at: path, version: version)
            } ?? PersonalClock()
        let feed = try f.optional("feed", decodeFeed) ?? FeedOptions()
        let medicationsNode = try reader.attempt { () throws(ScheduleError) in
            try f.required("medications", "a list of medications; it may be empty: []")
        }
        var medications: [Medication] = []
        var unread: Set<String> = []
        if let medicationsNode {
            (medications, unread) = try decodeMedications(
                medicationsNode, at: f.path("medications"), home: homeZone, version: version, people: people)
        }
        let itinerary = try f.optional("itinerary", decodeItinerary) ?? []
        let log =
            try f.optional("log") { (node, path) throws(ScheduleError) in
                try decodeLog(node, at: path, medications: medications, unread: unread)
            } ?? []
        let seen =
            try f.optional("seen") { (node, path) throws(ScheduleError) in
                try decodeSeen(node, at: path, medications: medications, unread: unread)
            } ?? []
        guard let homeZone, medicationsNode != nil, unread.isEmpty, people.known, people.unread.isEmpty else {
            throw reader.incomplete(root, .root)
        }
        return Schedule(
            version: version, home: homeZone, feed: feed, medications: medications, itinerary: itinerary, log: log,
            seen: seen, people: people.people, clock: clock)
    }

    /// The medications list, and (when collecting every error) the ids of entries that could not
    /// be read, so that log entries naming them are not reported as naming no medication.
    private func decodeMedications(
        _ node: JSONNode, at listPath: FieldPath, home: Zone?, version: Int, people: PeopleNames
    ) throws(ScheduleError) -> ([Medication], Set<String>) {
        var medications: [Medication] = []
        var unread: Set<String> = []
        var firstLineOfID: [String: Int] = [:]
        let medicationDecoder = MedicationDecoder(reader: reader, home: home, version: version, people: people)
        for (i, element) in try reader.array(node, at: listPath).enumerated() {
            let path = listPath.element(i)
            guard
                let medication = try reader.attempt({ () throws(ScheduleError) in
                    try medicationDecoder.decode(element, at: path)
                })
            else {
                let id = element["id"]?.stringValue ?? ""
                unread.insert(id)
                if firstLineOfID[id] == nil, let line = element["id"]?.line { firstLineOfID[id] = line }
                continue
            }
            if let firstLine = firstLineOfID[medication.id] {
                let idNode = element["id"] ?? element
                try reader.report(
                    reader.fail(
                        idNode, path.member("id"),
                        "duplicate medication id \(JSONWriter.quoted(medication.id)) (first used at line \(firstLine)); each medication needs its own id"
                    ))
                continue
            }
            firstLineOfID[medication.id] = (element["id"] ?? element).line
            medications.append(medication)
        }
        return (medications, unread)
    }

    private func decodeVersion(_ root: JSONNode) throws(ScheduleError) -> Int {
        let current = Schedule.currentVersion
        let reads = "this build reads versions 1 to \(current)"
        guard let node = root["version"], !node.isNull else {
            throw reader.fail(
                root, .root, "missing required key \"version\" (the format version; \(reads))")
        }
        guard let text = node.numberText else {
            throw reader.fail(
                node, Self.versionPath, "expected a number, found \(node.summary); \(reads)")
        }
        let integral = !text.isEmpty && text.allSatisfy { $0.isNumber || $0 == "-" }
        guard integral else {
            throw reader.fail(node, Self.versionPath, "\(text) is not a whole number; \(reads)")
        }
        guard let version = Int(text), version <= current else {
            throw reader.fail(
                node, Self.versionPath,
                "this file was written by a newer dosecal (format version \(text)); \(reads), so update dosecal",
                kind: .newerVersion)
        }
        guard version >= 1 else {
            throw reader.fail(node, Self.versionPath, "\(text) is not a format version; use 1 or \(current)")
        }
        return version
    }

    private func decodeFeed(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> FeedOptions {
        let f = try reader.fields(node, at: path, known: Self.feedKeys)
        var feed = FeedOptions()
        if let name = try f.optional(
            "name", { (n, p) throws(ScheduleError) in try reader.text(n, at: p, nonEmpty: "Medications") })
        {
            feed.name = name
        }
        if let privacy = try f.optional("privacy", reader.bool) { feed.privacy = privacy }
        if let refresh = try f.optional(
            "refreshMinutes",
            { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 15...10080, unit: " (minutes; 10080 is a week)")
            })
        {
            feed.refreshMinutes = refresh
        }
        feed.color = try f.optional("color", decodeColor)
        return feed
    }

    /// `feed.color`: a CSS3 colour name or `#RRGGBB`.
    private func decodeColor(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> FeedColor {
        let s = try reader.string(node, at: path, expected: "a colour (a string)")
        guard let color = FeedColor(parsing: s) else {
            let guess = ScheduleReader.didYouMean(NameSuggestion.closest(to: s, in: FeedColor.cssColors.keys.sorted()))
            throw reader.fail(
                node, path,
                "\(JSONWriter.quoted(s)) is not a colour\(guess); use a CSS3 colour name like \"teal\" or \"#RRGGBB\" like \"#008080\""
            )
        }
        return color
    }

    func decodeItinerary(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> [ItineraryStop] {
        var stops: [ItineraryStop] = []
        var complete = true
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let stop = try reader.attempt { () throws(ScheduleError) -> ItineraryStop in
                let f = try reader.fields(element, at: path.element(i), known: Self.itineraryKeys)
                let from = try f.required("from", "the first day in that zone, YYYY-MM-DD", reader.date)
                if let previous = stops.last, from <= previous.from {
                    try reader.report(
                        reader.fail(
                            f["from"] ?? element, f.path("from"),
                            "\(from) is not after the previous stop's date \(previous.from); list stops in date order, one per date"
                        ))
                }
                let zone = try f.required("zone", "the IANA time zone from that day on, like \"Europe/Berlin\"", reader.zone)
                return ItineraryStop(from: from, zone: zone)
            }
            if let stop { stops.append(stop) } else { complete = false }
        }
        guard complete else { throw reader.incomplete(node, path) }
        return stops
    }

    private func decodeLog(
        _ node: JSONNode, at path: FieldPath, medications: [Medication], unread: Set<String>
    ) throws(ScheduleError) -> [DoseLogEntry] {
        try entries(node, at: path) { (element, entryPath) throws(ScheduleError) in
            try decodeLogEntry(element, at: entryPath, medications: medications, unread: unread)
        }
    }

    /// Each element of the list at `path` read with `read` (given the element's path); when
    /// collecting every error, an element that cannot be read is recorded and left out.
    func entries<T>(
        _ node: JSONNode, at path: FieldPath, _ read: (JSONNode, FieldPath) throws(ScheduleError) -> T
    ) throws(ScheduleError) -> [T] {
        var result: [T] = []
        for (i, element) in try reader.array(node, at: path).enumerated() {
            let entry = try reader.attempt { () throws(ScheduleError) in try read(element, path.element(i)) }
            if let entry { result.append(entry) }
        }
        return result
    }

    /// One log entry; the medication and slot it names are looked up unless that medication could
    /// not be read (when collecting every error).
    private func decodeLogEntry(
        _ element: JSONNode, at path: FieldPath, medications: [Medication], unread: Set<String>
    ) throws(ScheduleError) -> DoseLogEntry {
        let f = try reader.fields(element, at: path, known: Self.logKeys)
        let id = try f.required("medication", "the id of the medication the entry is about", reader.identifier)
        let slot = try f.optional("slot", reader.identifier)
        try checkNames(f, element, medication: id, slot: slot, medications: medications, unread: unread)
        let date = try f.optional("date", reader.date)
        let statuses = DoseLogEntry.Status.allCases.map(\.rawValue)
        let status = try f.attempt("status", "one of \(statuses.joined(separator: ", "))") { (n, p) throws(ScheduleError) in
            DoseLogEntry.Status(rawValue: try reader.choice(n, at: p, what: "a log status", in: statuses))!
        }
        let at = try f.attempt("at", "when it happened, like \"2026-11-01T08:05:00-05:00\"", reader.instant)
        guard let status, let at else { throw reader.incomplete(element, path) }
        return DoseLogEntry(medication: id, slot: slot, date: date, status: status, at: at)
    }

    /// Reports a medication id the schedule lacks, or a slot its medication lacks (unless that
    /// medication could not be read, when collecting every error).
    func checkNames(
        _ f: ScheduleFields, _ element: JSONNode, medication id: String, slot: String?, medications: [Medication],
        unread: Set<String>
    ) throws(ScheduleError) {
        let medication = medications.first(where: { $0.id == id })
        if medication == nil, !unread.contains(id) {
            let ids = medications.map(\.id) + unread.filter { !$0.isEmpty }.sorted()
            let known = ids.isEmpty ? "the schedule has no medications" : "known ids: " + Self.list(ids)
            try reader.report(
                reader.fail(
                    f["medication"] ?? element, f.path("medication"),
                    "no medication has the id \(JSONWriter.quoted(id)); \(known)"))
        }
        if let slot, let medication, !medication.times.contains(where: { $0.id == slot }) {
            try reader.report(
                reader.fail(
                    f["slot"] ?? element, f.path("slot"),
                    "medication \(JSONWriter.quoted(id)) has no slot \(JSONWriter.quoted(slot)); its slots are \(Self.list(medication.times.map(\.id)))"
                ))
        }
    }

    /// Up to 10 names joined with ", " (then "…").
    static func list(_ names: [String]) -> String {
        names.count <= 10 ? names.joined(separator: ", ") : names.prefix(10).joined(separator: ", ") + ", …"
    }
}
