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
        var memo = CanonicalMemo()
        return canonicalText(memo: &memo)
    }

    /// `canonicalText`, each TZID's IANA name and each RRULE text's sorted parts looked up in
    /// `memo` (filled as it goes): one look-up per TZID and rule text for the series of a
    /// calendar. The text is written into one byte buffer, never as lines joined.
    func canonicalText(memo: inout CanonicalMemo) -> String {
        var out = TextBuilder(capacity: 256)
        if let master { ReturnedSeries.writeLines(master, indent: false, into: &out, memo: &memo) } else { out.add("ORPHAN") }
        for o in overrides {
            if !out.bytes.isEmpty { out.bytes.append(UInt8(ascii: "\n")) }
            out.add("OVERRIDE:")
            if let rid = o.recurrenceID { out.add(rid) } else { out.add("?") }
            if o.thisAndFuture { out.add(";THISANDFUTURE") }
            ReturnedSeries.writeLines(o, indent: true, into: &out, memo: &memo)
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The lines of one event, each after a newline (but the first of the text), indented by two
    /// spaces in an override: DTSTART, DURATION, RRULE, RDATE, EXDATE, SUMMARY, STATUS.
    static func writeLines(_ e: ReturnedEvent, indent: Bool, into out: inout TextBuilder, memo: inout CanonicalMemo) {
        func line(_ name: String) {
            if !out.bytes.isEmpty { out.bytes.append(UInt8(ascii: "\n")) }
            if indent { out.add("  ") }
            out.add(name)
        }
        if let start = e.start {
            line("DTSTART:")
            if case .zoned(let t, let tzid) = start {
                out.add(t)
                out.add(" ")
                out.add(memo.zones.identifier(for: tzid) ?? tzid)
            } else {
                out.add(start)
            }
        }
        if let d = e.durationSeconds {
            line("DURATION:")
            out.add(d)
        }
        if let text = e.ruleText {
            line("RRULE:")
            memo.rule(text).write(until: e.until, into: &out)
        }
        func dates(_ name: String, _ list: [ReturnedTime]) {
            guard !list.isEmpty else { return }
            line(name)
            for (i, date) in list.enumerated() {
                if i > 0 { out.add(",") }
                out.add(date)
            }
        }
        dates("RDATE:", e.recurrenceDates)
        dates("EXDATE:", e.exceptionDates)
        if let summary = e.summary {
            line("SUMMARY:")
            out.add(summary)
        }
        if e.isCancelled { line("STATUS:CANCELLED") }
    }
}

/// What the canonical texts of one calendar's series look up again and again: IANA names of
/// TZIDs and the sorted parts of each RRULE text.
struct CanonicalMemo {
    var zones = ZoneNames()
    private var rules: [String: CanonicalRule] = [:]

    /// The canonical form of the rule text `text`, made once per text.
    mutating func rule(_ text: String) -> CanonicalRule {
        if let known = rules[text] { return known }
        let made = CanonicalRule(text)
        rules[text] = made
        return made
    }
}

/// An RRULE text's canonical form: its parts upper-cased, UNTIL left out, sorted, joined by `;`,
/// with the event's own UNTIL (read against DTSTART) sorted in among them.
struct CanonicalRule {
    /// The sorted parts (without UNTIL) before and after where an `UNTIL=` part sorts; nil when
    /// the text is not ASCII (then `slow` sorts every time, as String comparison orders it).
    private var before: [String] = []
    private var after: [String] = []
    private var slow: [String]? = nil

    init(_ text: String) {
        let parts = ReturnedCalendar.ruleParts(text).filter { !$0.hasPrefix("UNTIL=") }.map(String.init)
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            slow = parts
            return
        }
        // ASCII: String order is byte order, and every part sorts against `UNTIL=<anything>` as
        // against `UNTIL=` (no part left starts with it).
        let sorted = parts.sorted()
        before = sorted.filter { $0 < "UNTIL=" }
        after = sorted.filter { !($0 < "UNTIL=") }
    }

    /// Writes the parts, with `UNTIL=<until>` among them when there is one.
    func write(until: ReturnedTime?, into out: inout TextBuilder) {
        if let slow {
            var parts = slow
            if let until { parts.append("UNTIL=\(until)") }
            out.add(parts.sorted().joined(separator: ";"))
            return
        }
        var first = true
        func separate() {
            if !first { out.add(";") }
            first = false
        }
        for part in before {
            separate()
            out.add(part)
        }
        if let until {
            separate()
            out.add("UNTIL=")
            out.add(until)
        }
        for part in after {
            separate()
            out.add(part)
        }
    }
}

/// The canonical texts' values written as bytes, spelled as their `description`s spell them.
extension TextBuilder {
    /// `value.description`.
    mutating func add(_ value: DateTimeValue) {
        switch value {
        case .date(let d): add(d)
        case .floating(let t): add(t)
        case .utc(let t):
            add(t)
            add("Z")
        case .zoned(let t, let tzid):
            add(t)
            add(" ")
            add(tzid)
        }
    }

    /// `time.description`.
    mutating func add(_ time: ReturnedTime) {
        switch time {
        case .instant(let s):
            add(LocalDateTime(secondsSinceEpoch: s))
            add("Z")
        case .date(let d): add(d)
        case .local(let t, let tzid):
            add(t)
            if let tzid {
                add(" ")
                add(tzid)
            }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`t.description`).
    mutating func add(_ t: LocalDateTime) {
        let time = t.time
        guard (0..<100).contains(time.hour), (0..<100).contains(time.minute), (0..<100).contains(time.second) else {
            return add(t.description)
        }
        add(t.date)
        bytes.append(UInt8(ascii: "T"))
        digits(time.hour, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time.minute, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(time.second, 2)
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
