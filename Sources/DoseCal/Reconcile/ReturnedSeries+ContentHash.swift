import ICal

extension ReturnedSeries {
    /// SHA-256 (hex) of what a person can decide about this series, and nothing else
    /// (decision 0017): DTSTART (wall clock and IANA zone), length, RRULE (parts sorted, UNTIL read
    /// against DTSTART), RDATE and EXDATE sets, SUMMARY, cancellation, and each override
    /// (RECURRENCE-ID, DTSTART, length, SUMMARY, cancellation). Alarms are hashed apart
    /// (`alarmHash`); DTSTAMP, SEQUENCE, LAST-MODIFIED, CREATED, X- properties, property order
    /// and every other property do not count.
    public var contentHash: String { SHA256.hex(canonicalText) }

    /// SHA-256 of the master's alarms (placeholders and acknowledgements left out), or nil
    /// when it has none: "alarms absent" is not "alarms changed".
    public var alarmHash: String? {
        guard case .present(let alarms) = alarms else { return nil }
        return SHA256.hex(alarms.map(\.description).joined(separator: "\n"))
    }

    /// The text `contentHash` hashes, one field per line (also useful in test failures).
    public var canonicalText: String {
        var zones = ZoneNames()
        return canonicalText(zones: &zones)
    }

    /// `canonicalText`, each TZID's IANA name looked up in `zones` (filled as it goes): one
    /// look-up per TZID for the series of a calendar.
    func canonicalText(zones: inout ZoneNames) -> String {
        var lines: [String] = []
        if let master { lines += ReturnedSeries.canonicalLines(master, zones: &zones) } else { lines.append("ORPHAN") }
        for o in overrides {
            lines.append("OVERRIDE:\(o.recurrenceID?.description ?? "?")\(o.thisAndFuture ? ";THISANDFUTURE" : "")")
            lines += ReturnedSeries.canonicalLines(o, zones: &zones).map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    static func canonicalLines(_ e: ReturnedEvent, zones: inout ZoneNames) -> [String] {
        var lines: [String] = []
        if let start = e.start { lines.append("DTSTART:\(canonical(start, zones: &zones))") }
        if let d = e.durationSeconds { lines.append("DURATION:\(d)") }
        if let text = e.ruleText {
            var parts = text.uppercased().split(separator: ";").filter { !$0.hasPrefix("UNTIL=") }.map(String.init)
            if let until = e.until { parts.append("UNTIL=\(until)") }
            lines.append("RRULE:" + parts.sorted().joined(separator: ";"))
        }
        if !e.recurrenceDates.isEmpty { lines.append("RDATE:" + e.recurrenceDates.map(\.description).joined(separator: ",")) }
        if !e.exceptionDates.isEmpty { lines.append("EXDATE:" + e.exceptionDates.map(\.description).joined(separator: ",")) }
        if let summary = e.summary { lines.append("SUMMARY:\(summary)") }
        if e.isCancelled { lines.append("STATUS:CANCELLED") }
        return lines
    }

    /// Zoned values with the IANA name of their TZID (so `W. Europe Standard Time` and
    /// `Europe/Berlin` agree).
    static func canonical(_ value: DateTimeValue, zones: inout ZoneNames) -> String {
        if case .zoned(let t, let tzid) = value { return "\(t) \(zones.identifier(for: tzid) ?? tzid)" }
        return value.description
    }
}

/// `ZoneName.ianaIdentifier(for:)` remembered for each TZID asked.
struct ZoneNames {
    private var known: [String: String?] = [:]

    mutating func identifier(for tzid: String) -> String? {
        if let found = known[tzid] { return found }
        let identifier = ZoneName.ianaIdentifier(for: tzid)
        known[tzid] = identifier
        return identifier
    }
}
