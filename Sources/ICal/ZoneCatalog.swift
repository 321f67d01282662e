/// The zones one expansion reads values in: the calendar's own VTIMEZONEs first (by TZID as
/// written), then the IANA database (prefixed TZIDs mapped to their IANA tail), and the viewer's
/// zone for floating and DATE values.
final class ZoneCatalog {
    let viewer: Zone
    private var own: [String: CalendarZone] = [:]
    private var iana: [String: Zone] = [:]
    /// The RRULE texts read so far (nil: not a rule): a calendar repeats few distinct rules.
    private var patterns: [String: RecurrenceRule?] = [:]
    /// The TZID looked up last and its rules: events of one zone follow each other, and their
    /// TZID texts are often one string (`PropertyReader` shares them), compared at once.
    /// Held apart, so that comparing the TZID copies neither.
    private var lastTZID: String? = nil
    private var lastRules: (any ZoneRules)? = nil

    /// Builds every VTIMEZONE through the end of `lastYear`. One that cannot be read adds a
    /// problem and its TZID falls back to the IANA database.
    init(vtimezones: [ICalComponent], viewer: Zone, through lastYear: Int, problems: inout [ICalError]) {
        self.viewer = viewer
        for vtz in vtimezones {
            do {
                let zone = try CalendarZone(vtz, through: lastYear)
                if own[zone.identifier] == nil { own[zone.identifier] = zone }
            } catch {
                problems.append(error)
            }
        }
    }

    /// The rules a TZID names: the calendar's VTIMEZONE, else the IANA zone.
    func rules(for tzid: String, line: Int?) throws(ICalError) -> any ZoneRules {
        if lastTZID == tzid, let lastRules { return lastRules }
        let rules = try lookUp(tzid, line: line)
        (lastTZID, lastRules) = (tzid, rules)
        return rules
    }

    private func lookUp(_ tzid: String, line: Int?) throws(ICalError) -> any ZoneRules {
        if let zone = own[tzid] { return zone }
        if let zone = iana[tzid] { return zone }
        guard let zone = Zone(tzid: tzid) else { throw .unknownZone(tzid: tzid, line: line) }
        iana[tzid] = zone
        return zone
    }

    /// `RecurrenceRule(parsing: text)`, read once per distinct text.
    func pattern(rrule text: String) -> RecurrenceRule? {
        if let known = patterns[text] { return known }
        let pattern = RecurrenceRule(parsing: text)
        patterns[text] = pattern
        return pattern
    }

    /// Reads `value` as an instant by RFC 5545 §3.3.5 in the zone its form calls for.
    func read(_ value: DateTimeValue, line: Int?) throws(ICalError) -> ReadTime {
        switch value {
        case .utc(let t):
            return ReadTime(local: t, rules: Zone.utc, instant: t.secondsSinceEpoch, kind: .normal, isDate: false)
        case .date:
            return ReadTime(value.localDateTime, in: viewer, isDate: true)
        case .floating(let t):
            var read = ReadTime(t, in: viewer, isDate: false)
            read.isFloating = true
            return read
        case .zoned(let t, let tzid):
            return ReadTime(t, in: try rules(for: tzid, line: line), isDate: false)
        }
    }

    /// Reads the DATE/DATE-TIME value(s) of a property (TZID parameter honoured, comma lists and
    /// PERIOD starts accepted).
    func read(_ property: ICalProperty) throws(ICalError) -> [ReadTime] {
        var result: [ReadTime] = []
        try forEachValue(property) { result.append($0) }
        return result
    }

    /// The first value `read(_:)` gives (every value read, so that an unreadable one throws),
    /// without an array for a property of one value.
    func readFirst(_ property: ICalProperty) throws(ICalError) -> ReadTime? {
        guard RuleText.isSingleValue(property.value) else { return try read(property).first }
        return try read(single: property)
    }

    /// Each value `read(_:)` gives, in order, without an array.
    func forEachValue(_ property: ICalProperty, _ body: (ReadTime) -> Void) throws(ICalError) {
        guard RuleText.isSingleValue(property.value) else {
            let tzid = property.parameter("TZID")
            for text in RuleText.listValues(property.value) { body(try read(text, tzid: tzid, of: property)) }
            return
        }
        body(try read(single: property))
    }

    /// A property's value that is one plain DATE or DATE-TIME (`RuleText.isSingleValue`).
    private func read(single property: ICalProperty) throws(ICalError) -> ReadTime {
        try read(property.value, tzid: property.parameter("TZID"), of: property)
    }

    private func read(_ text: some StringProtocol, tzid: String?, of property: ICalProperty) throws(ICalError) -> ReadTime {
        guard let value = DateTimeValue(parsing: text, tzid: tzid) else {
            throw .invalidValue(
                property: property.name, value: property.value, line: property.line,
                expected: "a DATE (20260308) or DATE-TIME (20260308T023000, 20260308T073000Z)")
        }
        return try read(value, line: property.line)
    }
}

/// A local date-time read in a zone, and the instant it means.
struct ReadTime {
    var local: LocalDateTime
    var rules: any ZoneRules
    var instant: Int
    var kind: ZoneResolver.Kind
    var isDate: Bool
    /// Written as a floating DATE-TIME (read in the viewer's zone).
    var isFloating = false

    /// Whether this is a DATE-TIME with a TZID or in UTC.
    var isAnchored: Bool { !isDate && !isFloating }

    init(local: LocalDateTime, rules: any ZoneRules, instant: Int, kind: ZoneResolver.Kind, isDate: Bool) {
        self.local = local
        self.rules = rules
        self.instant = instant
        self.kind = kind
        self.isDate = isDate
    }

    /// `local` resolved in `rules` by RFC 5545 §3.3.5.
    init(_ local: LocalDateTime, in rules: any ZoneRules, isDate: Bool) {
        let resolution = ZoneResolver.resolve(local, in: rules)
        self.init(local: local, rules: rules, instant: resolution.instant, kind: resolution.kind, isDate: isDate)
    }
}

extension DateTimeValue {
    /// Whether this is a DATE value.
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }
}
