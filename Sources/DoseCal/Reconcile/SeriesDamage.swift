import ICal

/// A dosecal series that came back damaged: a file that cannot be read, an invalid repeat rule,
/// an unknown zone, an impossible or missing date. Damage is never a decision of the person
/// (decision 0036): the slot it belongs to is left out of the comparison, so nothing in the
/// schedule changes because of it, and it is reported with where it is and what is wrong.
public struct SeriesDamage: Sendable, Hashable {
    public var uid: String
    /// The medication and slot the series belongs to (set by `Reconciler`; empty when unknown).
    public var medicationID = ""
    public var slotID: String? = nil
    /// The item file (sync, a vdir folder), when known.
    public var file: String?
    /// The line of the damaged property (or of BEGIN:VEVENT), when known.
    public var line: Int?
    /// What is wrong.
    public var kind: Kind

    /// What is wrong, without medicine names: the property and its value, and what is valid.
    public var reason: String { kind.description }

    public init(uid: String, file: String? = nil, line: Int? = nil, _ kind: Kind) {
        self.uid = uid
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// `FILE: line N: UID: reason`, leaving out what is unknown.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let line { parts.append("line \(line)") }
        parts.append(uid)
        return parts.joined(separator: ": ") + ": " + reason
    }
}

extension ReturnedCalendar {
    /// The damage in each dosecal series (by UID; the first problem found in it). A series is
    /// damaged when its main event has no readable start, a start in a zone neither the IANA
    /// database nor the file defines, an invalid RRULE or one whose UNTIL is before its start,
    /// or an unreadable EXDATE, RDATE or RECURRENCE-ID; or when only overrides are left (the
    /// main event is gone from its item).
    public func damage() -> [String: SeriesDamage] {
        var result: [String: SeriesDamage] = [:]
        let defined = Set(definedZones)
        var rules: [String: String?] = [:]  // each RRULE text's problem, read once
        for s in series where s.dosecalUID != nil {
            if let error = dropped[s.uid] {
                result[s.uid] = SeriesDamage(uid: s.uid, line: error.line, SeriesDamage.kind(error))
                continue
            }
            let problem = s.master.map { SeriesDamage.problem(in: $0, defined: defined, rules: &rules) } ?? (nil, .onlyOverrides)
            if let kind = problem.kind {
                result[s.uid] = SeriesDamage(uid: s.uid, line: problem.line ?? s.master?.line ?? s.overrides.first?.line, kind)
                continue
            }
            for o in s.overrides {
                let p = SeriesDamage.problem(in: o, defined: defined, rules: &rules)
                if let kind = p.kind {
                    result[s.uid] = SeriesDamage(uid: s.uid, line: p.line ?? o.line, kind)
                    break
                }
            }
        }
        return result
    }
}

extension SeriesDamage {
    /// Why the parser left a property out, in the words of the RRULE reader for a repeat rule.
    static func kind(_ error: ICalError) -> Kind {
        guard case .invalidProperty(_, let name, let message) = error else { return .unparsed("\(error)") }
        let marker = "Removing entire property: "
        if let r = message.range(of: marker) {
            let value = String(message[r.upperBound...])
            if name == "RRULE", let why = RecurrenceRule.problem(in: value) { return .invalidRule(value, problem: why) }
            return .unreadableValue(property: name, value: value)
        }
        return .unreadableProperty(property: name, message: message)
    }

    /// The first problem of one VEVENT (line, kind), or (nil, nil).
    /// `rules` remembers the problem of each RRULE text (nil: none).
    static func problem(
        in event: ReturnedEvent, defined: Set<String>, rules: inout [String: String?]
    ) -> (line: Int?, kind: Kind?) {
        let c = event.component
        guard let start = c.property("DTSTART") else {
            return (event.line, .missingStart)
        }
        guard DateTimeValue(property: start) != nil else {
            return (start.line, .startNotADate(start.value))
        }
        for p in c.properties where ["DTSTART", "DTEND", "EXDATE", "RDATE", "RECURRENCE-ID"].contains(p.name) {
            if let tzid = p.parameter("TZID"), ZoneName(tzid: tzid) == nil, !defined.contains(tzid) {
                return (p.line, .unknownZone(property: p.name, tzid: tzid))
            }
            guard p.name != "DTSTART", p.name != "DTEND" else { continue }
            if let bad = ReturnedEvent.items(of: p).first(where: { $0.value == nil }) {
                return (p.line, .notADate(property: p.name, text: String(bad.text)))
            }
        }
        if c.property("RECURRENCE-ID") == nil, let rule = c.property("RRULE"),
            let reason = ruleProblem(rule.value, rules: &rules)
        {
            return (rule.line, .invalidRule(rule.value, problem: reason))
        }
        if c.property("RECURRENCE-ID") == nil, let rule = c.property("RRULE"), endsBeforeStart(event) {
            return (rule.line, .ruleEndsBeforeStart(rule: rule.value, start: start.value))
        }
        return (nil, nil)
    }

    /// Whether the event's rule ends (UNTIL) before its start: no end a person chooses (a client
    /// that writes it is broken), never "the series ended" (decision 0201).
    static func endsBeforeStart(_ e: ReturnedEvent) -> Bool {
        guard let until = e.until, let start = e.startTime else { return false }
        switch (until, start) {
        case (.instant(let u), .instant(let s)): return u < s
        case (.date(let u), .date(let s)): return u < s
        // A date UNTIL on a timed series ends with its day; zones are within ±14 h of UTC.
        case (.date(let u), .instant(let s)): return (u.daysSinceEpoch + 1) * 86_400 + 14 * 3600 <= s
        case (.local(let u, _), .local(let s, _)): return u < s
        default: return false
        }
    }

    /// The problem of one RRULE text (nil: none), read once per distinct text.
    private static func ruleProblem(_ text: String, rules: inout [String: String?]) -> String? {
        if let known = rules[text] { return known }
        let read = RecurrenceRule.problem(in: text)
        rules[text] = .some(read)
        return read
    }
}
