import Foundation

/// A time zone defined by a calendar's own VTIMEZONE component: each STANDARD/DAYLIGHT
/// observance's onsets (DTSTART, RRULE, RDATE) expanded into a transition list up to a given year.
///
/// An onset is a local time in the observance's TZOFFSETFROM, so its instant is
/// `local - TZOFFSETFROM`. Before the first onset the first onset's TZOFFSETFROM is in force.
public struct CalendarZone: ZoneRules, Sendable, Hashable {
    /// The TZID as written in the VTIMEZONE.
    public let identifier: String
    /// Offset changes in instant order (`offsetFrom` as the VTIMEZONE declares it).
    public let transitions: [Zone.Transition]
    /// The offset before the first transition.
    public let initialOffset: Int

    /// Builds the zone of `vtimezone` with its onsets expanded through the end of `lastYear`.
    public init(_ vtimezone: ICalComponent, through lastYear: Int) throws(ICalError) {
        guard let tzid = vtimezone.property("TZID") else {
            throw .invalidValue(property: "TZID", value: "", line: vtimezone.line, expected: "a VTIMEZONE with a TZID property")
        }
        let bound = LocalDateTime(
            date: LocalDate(year: min(lastYear + 1, 9999), month: 1, day: 1)!, time: LocalTime(hour: 0, minute: 0)!)
        var all: [Zone.Transition] = []
        for observance in vtimezone.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            all += try CalendarZone.onsets(of: observance, through: bound)
        }
        all.sort { ($0.instant, $0.offsetTo) < ($1.instant, $1.offsetTo) }
        var unique: [Zone.Transition] = []
        for t in all where unique.last?.instant != t.instant { unique.append(t) }
        identifier = tzid.text
        transitions = unique
        initialOffset = unique.first?.offsetFrom ?? 0
    }

    /// UTC offset in seconds at `instant`: that of the last transition at or before it.
    public func offset(at instant: Int) -> Int {
        let next = firstTransition(after: instant)
        return next == 0 ? initialOffset : transitions[next - 1].offsetTo
    }

    /// The offset at `instant` and the span between the transitions either side of it.
    public func steadyOffset(at instant: Int) -> SteadyOffset? {
        let next = firstTransition(after: instant)
        let from = next == 0 ? Int.min : transitions[next - 1].instant
        let to = next == transitions.count ? Int.max : transitions[next].instant
        return SteadyOffset(offset: next == 0 ? initialOffset : transitions[next - 1].offsetTo, span: from..<to)
    }

    /// The index of the first transition after `instant` (the count when there is none).
    private func firstTransition(after instant: Int) -> Int {
        var lo = 0
        var hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid].instant <= instant { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The transitions one STANDARD or DAYLIGHT observance defines up to `bound` (local time).
    static func onsets(of observance: ICalComponent, through bound: LocalDateTime) throws(ICalError) -> [Zone.Transition] {
        let from = try offsetValue(observance, "TZOFFSETFROM")
        let to = try offsetValue(observance, "TZOFFSETTO")
        let daylight = observance.name == "DAYLIGHT"
        guard let dtstartProperty = observance.property("DTSTART"), let dtstart = DateTimeValue(property: dtstartProperty) else {
            throw .invalidValue(
                property: "DTSTART", value: observance.property("DTSTART")?.value ?? "", line: observance.line,
                expected: "a local date-time such as 19701025T030000")
        }
        let start = dtstart.localDateTime
        func transition(_ local: LocalDateTime) -> Zone.Transition {
            Zone.Transition(instant: local.secondsSinceEpoch - from, offsetFrom: from, offsetTo: to, isDaylight: daylight)
        }
        var result = [transition(start)]
        for rule in observance.properties(named: "RRULE") {
            let locals: [LocalDateTime]
            guard let pattern = RecurrenceRule(parsing: rule.value),
                let expanded = try? pattern.localStarts(from: start, isDate: false, in: start...max(start, bound), limit: 100_000)
            else {
                throw .invalidValue(
                    property: "RRULE", value: rule.value, line: rule.line, expected: "an RFC 5545 recurrence rule")
            }
            locals = expanded
            let until = pattern.until?.value
            for local in locals {
                let t = transition(local)
                if let until, !RuleText.within(until, local: local, instant: t.instant) { break }
                result.append(t)
            }
        }
        for rdate in observance.properties(named: "RDATE") {
            for text in RuleText.listValues(rdate.value) {
                guard let value = DateTimeValue(parsing: text) else {
                    throw .invalidValue(property: "RDATE", value: rdate.value, line: rdate.line, expected: "local date-times")
                }
                if case .utc(let u) = value {
                    result.append(
                        Zone.Transition(instant: u.secondsSinceEpoch, offsetFrom: from, offsetTo: to, isDaylight: daylight))
                } else if value.localDateTime <= bound {
                    result.append(transition(value.localDateTime))
                }
            }
        }
        return result
    }

    /// `+0100`, `-0500`, `+013000`, `+01:00` in seconds.
    static func offsetValue(_ observance: ICalComponent, _ name: String) throws(ICalError) -> Int {
        let property = observance.property(name)
        let text = (property?.value ?? "").replacingOccurrences(of: ":", with: "")
        let digits = text.dropFirst()
        guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6,
            let value = Int(decimal: digits.utf8)
        else {
            throw .invalidValue(
                property: name, value: property?.value ?? "", line: property?.line ?? observance.line,
                expected: "a UTC offset such as -0500 or +0530")
        }
        let (h, m, s) = digits.count == 4 ? (value / 100, value % 100, 0) : (value / 10_000, value / 100 % 100, value % 100)
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60 + s)
    }
}
