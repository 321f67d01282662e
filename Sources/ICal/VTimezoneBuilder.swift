/// Writes the VTIMEZONE of an IANA zone for the years a calendar uses, RRULE-style: one
/// STANDARD and one DAYLIGHT observance with a yearly rule where the transitions follow one
/// (second Sunday of March ...), RDATEs only where they do not. TZID is the plain IANA name.
///
/// Offsets and transitions come from `Zone` (the IANA data Foundation carries); abbreviations
/// (TZNAME) from libical's copy of the zone, falling back to the numeric offset.
public enum VTimezoneBuilder {
    /// The VTIMEZONE for `zone` covering local times in `years`.
    public static func build(_ zone: Zone, years: ClosedRange<Int>) -> ICalComponent {
        let scanStart = utcInstant(year: years.lowerBound - 1)
        let rangeStart = utcInstant(year: years.lowerBound)
        let scanEnd = utcInstant(year: years.upperBound + 2)
        let transitions = zone.transitions(from: scanStart, to: scanEnd)
        let names = Libical.zoneNames(zone.identifier)
        func tzname(_ offset: Int) -> String { names[offset] ?? offsetText(offset, colon: false) }

        var observances: [(start: LocalDateTime, component: ICalComponent)] = []
        if transitions.first.map({ $0.instant > rangeStart }) ?? true {
            // Nothing before the range: one observance in force from the first year's start.
            let offset = transitions.first?.offsetFrom ?? zone.offset(at: rangeStart)
            let start = LocalDateTime(
                date: LocalDate(year: years.lowerBound, month: 1, day: 1)!, time: LocalTime(hour: 0, minute: 0)!)
            let daylight = zone.isDaylight(at: rangeStart - 1) && transitions.first != nil
            observances.append(
                (
                    start,
                    observance(
                        daylight: daylight, name: tzname(offset), from: offset, to: offset, start: start, rule: nil, rdates: [])
                ))
        }
        // Group transitions that share offsets and kind; each group becomes one observance.
        var groups: [[Zone.Transition]] = []
        for t in transitions {
            if let i = groups.firstIndex(where: {
                $0[0].offsetFrom == t.offsetFrom && $0[0].offsetTo == t.offsetTo && $0[0].isDaylight == t.isDaylight
            }) {
                groups[i].append(t)
            } else {
                groups.append([t])
            }
        }
        let lastScannedYear = years.upperBound + 1
        for group in groups {
            let first = group[0]
            var rule: RecurrenceRule? = nil
            var rdates: [LocalDateTime] = []
            if var yearly = yearlyRule(group) {
                if group.last!.localStart.date.year < lastScannedYear {
                    // The rule stopped inside the scanned years: bound it.
                    yearly.until = .utc(LocalDateTime(secondsSinceEpoch: group.last!.instant))
                }
                rule = yearly
            } else {
                rdates = group.dropFirst().map(\.localStart)
            }
            observances.append(
                (
                    first.localStart,
                    observance(
                        daylight: first.isDaylight, name: tzname(first.offsetTo), from: first.offsetFrom,
                        to: first.offsetTo, start: first.localStart, rule: rule, rdates: rdates)
                ))
        }
        observances.sort { $0.start < $1.start }
        var vtz = ICalComponent("VTIMEZONE")
        vtz.add(ICalProperty("TZID", zone.identifier))
        vtz.components = observances.map(\.component)
        return vtz
    }

    /// A yearly "nth (or last) weekday of a month at a time" rule that generates exactly the
    /// transitions of `group`, one per consecutive year; nil when there is none.
    static func yearlyRule(_ group: [Zone.Transition]) -> RecurrenceRule? {
        guard group.count >= 2 else { return nil }
        let starts = group.map(\.localStart)
        let month = starts[0].date.month
        let time = starts[0].time
        let weekday = starts[0].date.weekday
        for (i, s) in starts.enumerated() {
            guard s.date.month == month, s.time == time, s.date.weekday == weekday,
                s.date.year == starts[0].date.year + i
            else { return nil }
        }
        let ordinals = Set(starts.map { ($0.date.day - 1) / 7 + 1 })
        let isLast = starts.allSatisfy { $0.date.day + 7 > LocalDate.daysIn(month: month, year: $0.date.year) }
        let ordinal: Int
        if ordinals.count == 1, let only = ordinals.first, only <= 4 {
            ordinal = only
        } else if isLast {
            ordinal = -1
        } else {
            return nil
        }
        return RecurrenceRule(.yearly, byMonth: [month], byDay: [.init(weekday, ordinal: ordinal)])
    }

    static func observance(
        daylight: Bool, name: String, from: Int, to: Int, start: LocalDateTime, rule: RecurrenceRule?, rdates: [LocalDateTime]
    ) -> ICalComponent {
        var c = ICalComponent(daylight ? "DAYLIGHT" : "STANDARD")
        c.add(ICalProperty("TZNAME", name))
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
