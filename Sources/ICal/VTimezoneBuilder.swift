/// Writes the VTIMEZONE of an IANA zone from the zone's own rules (its TZif file, see `Zone`),
/// cut to the years a calendar uses. TZID is the plain IANA name.
///
/// - From the instant the footer rule governs (`ZoneTable.ruleSince`), each of its two yearly
///   changes is an observance with an open-ended RRULE written from the rule itself
///   (`M3.2.0` -> `BYMONTH=3;BYDAY=2SU`, `M9.5.0` -> `BYDAY=-1SU`, `M9.1.6/24` -> the Sunday among
///   the 2nd...8th at 00:00), so the zone is right for every later year.
/// - Changes tzdata lists before that (and all of them in a zone whose rule has no daylight
///   time, such as Morocco's Ramadan changes) are grouped by offsets and name: a group that
///   follows a yearly pattern in consecutive years is an RRULE with UNTIL, any other group a
///   DTSTART and RDATEs. An open-ended calendar gets every listed change (through 2037 at least).
/// - The first observance starts at the earliest change from the year before the first year in
///   use, or, when there is none up to that year's start, at its January 1 with the offset then
///   in force.
///
/// The output depends only on the zone's data and the years: never on the clock.
public enum VTimezoneBuilder {
    /// The VTIMEZONE for `zone` covering local times in `years` (bounded at the last year).
    public static func build(_ zone: Zone, years: ClosedRange<Int>) -> ICalComponent {
        build(zone, from: years.lowerBound, through: years.upperBound)
    }

    /// The VTIMEZONE for `zone` from `firstYear` through `lastYear`; nil `lastYear` means an
    /// open-ended calendar: every change tzdata lists, and at least through 2037.
    public static func build(_ zone: Zone, from firstYear: Int, through lastYear: Int?) -> ICalComponent {
        let table = zone.table
        let scanStart = utcInstant(year: firstYear - 1)
        let rangeStart = utcInstant(year: firstYear)
        let lastListedYear = table.listedCount > 0 ? table.changes[table.listedCount - 1].localStart.date.year : firstYear
        let endYear = lastYear ?? max(2037, lastListedYear)
        let all = zone.transitions(from: scanStart, to: utcInstant(year: endYear + 1))
        var observances: [Observance] = []
        if all.first.map({ $0.instant > rangeStart }) ?? true {
            observances.append(anchor(zone, all: all, year: firstYear))
        }
        var listed = all
        if let rule = table.rule, let daylight = rule.daylight {
            listed = all.filter { $0.instant < table.ruleSince }
            let ruled = all.filter { $0.instant >= table.ruleSince }
            for (change, isDaylight) in [(daylight.start, true), (daylight.end, false)] {
                let made = ruleObservances(
                    rule, change, isDaylight: isDaylight, after: max(scanStart, table.ruleSince), throughYear: lastYear ?? Int.max
                )
                if let made { observances += made } else { listed += ruled.filter { $0.isDaylight == isDaylight } }
            }
        }
        observances += listedObservances(listed.sorted { $0.instant < $1.instant }, in: zone)
        observances.sort { ($0.start, $0.component.name) < ($1.start, $1.component.name) }
        var vtz = ICalComponent("VTIMEZONE")
        vtz.add(ICalProperty("TZID", zone.identifier))
        vtz.components = observances.map(\.component)
        return vtz
    }

    struct Observance {
        var start: LocalDateTime
        var component: ICalComponent
    }

    /// One observance in force from January 1 of `year`, when no change precedes the range.
    static func anchor(_ zone: Zone, all: [Zone.Transition], year: Int) -> Observance {
        let rangeStart = utcInstant(year: year)
        let offset = all.first?.offsetFrom ?? zone.offset(at: rangeStart)
        let start = LocalDateTime(date: LocalDate(year: year, month: 1, day: 1)!, time: LocalTime(hour: 0, minute: 0)!)
        let daylight = zone.isDaylight(at: rangeStart - 1) && !all.isEmpty
        let name = zone.abbreviation(at: rangeStart)
        let c = observance(daylight: daylight, name: name, from: offset, to: offset, start: start, rule: nil, rdates: [])
        return Observance(start: start, component: c)
    }

    /// The observances of one of the rule's yearly changes, one per pattern, each starting at the
    /// first change it names at or after `after` (none when that is after `throughYear`); nil
    /// when iCalendar cannot name the day.
    static func ruleObservances(
        _ rule: PosixTimeZone, _ change: PosixTimeZone.Change, isDaylight: Bool, after: Int, throughYear: Int
    ) -> [Observance]? {
        guard let (_, patterns) = change.yearlyPatterns() else { return nil }
        let firstYear = LocalDateTime(secondsSinceEpoch: after).date.year - 1
        var result: [Observance] = []
        for pattern in patterns {
            let first = (firstYear..<firstYear + 400).lazy.flatMap { rule.transitions(in: $0) }.first { t in
                t.instant >= after && t.isDaylight == isDaylight && pattern.date(in: t.localStart.date.year) == t.localStart.date
            }
            guard let first, first.localStart.date.year <= throughYear else { continue }
            // Negative daylight saving (Dublin: IST in summer is standard, GMT in winter daylight)
            // is written with summer as DAYLIGHT, as clients expect.
            let summer = rule.daylight.map { $0.offset > rule.standardOffset } ?? true ? isDaylight : !isDaylight
            let c = observance(
                daylight: summer, name: rule.abbreviation(after: first), from: first.offsetFrom, to: first.offsetTo,
                start: first.localStart, rule: pattern.rule(), rdates: [])
            result.append(Observance(start: first.localStart, component: c))
        }
        return result
    }

    /// Listed changes grouped by offsets, kind and name: an RRULE with UNTIL where a group
    /// follows a yearly pattern, RDATEs where it does not.
    static func listedObservances(_ transitions: [Zone.Transition], in zone: Zone) -> [Observance] {
        var groups: [[Zone.Transition]] = []
        for var t in transitions {
            t.isDaylight = isSummer(t, daylightBefore: zone.isDaylight(at: t.instant - 1))
            if let i = groups.firstIndex(where: {
                $0[0].offsetFrom == t.offsetFrom && $0[0].offsetTo == t.offsetTo && $0[0].isDaylight == t.isDaylight
                    && $0[0].abbreviation == t.abbreviation
            }) {
                groups[i].append(t)
            } else {
                groups.append([t])
            }
        }
        return groups.map { group in
            let first = group[0]
            let starts = group.map(\.localStart)
            var rule: RecurrenceRule? = nil
            var rdates: [LocalDateTime] = []
            if group.count >= 2, starts.allSatisfy({ $0.time == first.localStart.time }),
                let pattern = YearlyPattern.fitting(starts.map(\.date))
            {
                rule = pattern.rule(until: .utc(LocalDateTime(secondsSinceEpoch: group.last!.instant)))
            } else {
                rdates = Array(starts.dropFirst())
            }
            let c = observance(
                daylight: first.isDaylight, name: first.abbreviation ?? offsetText(first.offsetTo, colon: false),
                from: first.offsetFrom, to: first.offsetTo, start: first.localStart, rule: rule, rdates: rdates)
            return Observance(start: first.localStart, component: c)
        }
    }

    /// Whether `t` starts summer time: tzdata's daylight flag, except for negative daylight
    /// saving, where entering the daylight type moves clocks back (it is winter) and leaving it
    /// moves them forward (summer begins).
    static func isSummer(_ t: Zone.Transition, daylightBefore: Bool) -> Bool {
        if t.isDaylight, t.offsetTo < t.offsetFrom { return false }
        if !t.isDaylight, daylightBefore, t.offsetTo > t.offsetFrom { return true }
        return t.isDaylight
    }

    static func observance(
        daylight: Bool, name: String, from: Int, to: Int, start: LocalDateTime, rule: RecurrenceRule?, rdates: [LocalDateTime]
    ) -> ICalComponent {
        var c = ICalComponent(daylight ? "DAYLIGHT" : "STANDARD")
        c.add(ICalProperty("TZNAME", name.isEmpty ? offsetText(to, colon: false) : name))
        c.add(ICalProperty("TZOFFSETFROM", offsetText(from, colon: false)))
        c.add(ICalProperty("TZOFFSETTO", offsetText(to, colon: false)))
        c.add(ICalProperty("DTSTART", start.basicFormat))
        if let rule { c.add(rule.property) }
        for r in rdates { c.add(ICalProperty("RDATE", r.basicFormat)) }
        return c
    }

    /// `+0530`, `-0400`, `+124500` for offsets with seconds.
    static func offsetText(_ seconds: Int, colon: Bool) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let s = abs(seconds)
        var text = sign + pad(s / 3600, 2) + (colon ? ":" : "") + pad((s % 3600) / 60, 2)
        if s % 60 != 0 { text += pad(s % 60, 2) }
        return text
    }

    static func utcInstant(year: Int) -> Int {
        LocalDate(year: year, month: 1, day: 1)!.daysSinceEpoch * 86_400
    }
}
