/// How long the instances of one VEVENT last (RFC 5545 §3.8.5.3): DTEND gives every instance the
/// same exact duration; DURATION the same nominal one (whole days added to the local date, a
/// time part exact); neither gives one day for a DATE start and none for a DATE-TIME.
struct EventSpan {
    /// Nominal days, added to the instance's local date.
    var days = 0
    /// Exact seconds, added to the instant.
    var seconds = 0

    /// The span of `component` whose DTSTART reads as `start`. An unreadable or negative end
    /// gives a zero-length span (the start is still an instance).
    init(_ component: ICalComponent, start: ReadTime, catalog: ZoneCatalog) {
        if let property = component.property("DTEND"), let end = try? catalog.readFirst(property) {
            if start.isDate {
                days = start.local.date.days(to: end.local.date)
            } else {
                seconds = end.instant - start.instant
            }
        } else if let property = component.property("DURATION"), let duration = ICalDuration(parsing: property.value) {
            if !property.value.utf8.contains(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }),
                duration.seconds % 86_400 == 0
            {
                days = duration.seconds / 86_400
            } else {
                seconds = duration.seconds
            }
        } else if start.isDate {
            days = 1
        }
        if days < 0 || seconds < 0 { (days, seconds) = (0, 0) }
        // No instance lasts past the calendar's end: cap at 10,000 years so instants cannot overflow.
        days = min(days, 3_652_425)
        seconds = min(seconds, 315_569_520_000)
    }

    /// The instant an instance starting at `start` ends.
    func end(of start: ReadTime) -> Int {
        guard days != 0 else { return start.instant + seconds }
        let local = LocalDateTime(date: start.local.date.adding(days: days), time: start.local.time)
        return ReadTime(local, in: start.rules, isDate: start.isDate).instant + seconds
    }

    /// The instant an instance starting at `instant`, local time `local` (floating seconds, a time
    /// of day under 24 h) in `resolver`'s zone ends: `end(of:)` without a zone value.
    func end(instant: Int, local: Int, resolver: inout ZoneResolver.Steady) -> Int {
        guard days != 0 else { return instant + seconds }
        return resolver.resolve(floating: local + days * 86_400).instant + seconds
    }

    /// More than any instance lasts (a day's change of offset included).
    var bound: Int { days * 86_400 + seconds + Series.maxOffset }
}
