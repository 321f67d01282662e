import Foundation
import ICal
import Testing

/// time-semantics.md §4: a daily series at every quarter hour from 00:00 to 03:59 (and 08:00,
/// 20:00) in the hard zones, around every transition from 2024 to 2030, expands to the instants
/// Foundation's `Calendar.date(from:)` gives (which follows RFC 5545 §3.3.5: the offset before a
/// gap, the first of a repeated time). Zones without transitions in those years are checked on
/// fixed days.
@Suite struct ExpanderConformanceTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago",
        "America/Havana", "Asia/Beirut", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia", "America/Mexico_City",
    ]
    static let times: [(Int, Int)] = (0..<16).map { ($0 / 4, $0 % 4 * 15) } + [(8, 0), (20, 0)]

    @Test(arguments: zones)
    func dailySeriesMatchesFoundation(_ identifier: String) throws {
        let zone = try #require(Zone(identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: identifier))
        let (from, to) = ExpansionSupport.window("2024-01-01", "2031-01-01")
        var days = zone.transitions(from: from, to: to).map { $0.instant }
        if days.isEmpty { days = [from + 40 * 86_400, from + 200 * 86_400, to - 30 * 86_400] }
        var compared = 0
        for (hour, minute) in Self.times {
            let time = "\(hour < 10 ? "0" : "")\(hour)\(minute < 10 ? "0" : "")\(minute)00"
            let text = ExpansionSupport.calendar(
                ExpansionSupport.event("c", "DTSTART;TZID=\(identifier):20231231T\(time)", "RRULE:FREQ=DAILY"))
            let expander = CalendarExpander(calendar: try ICalParser.parse(text))
            for day in days {
                for instance in try expander.instances(from: day - 2 * 86_400, to: day + 2 * 86_400) {
                    let d = instance.local.date
                    let components = DateComponents(year: d.year, month: d.month, day: d.day, hour: hour, minute: minute)
                    let expected = try #require(calendar.date(from: components))
                    #expect(
                        instance.start == Int(expected.timeIntervalSince1970),
                        "\(identifier) \(instance.local): ours \(RFC3339.utc(instance.start)), Foundation \(expected)")
                    compared += 1
                }
            }
        }
        #expect(compared >= Self.times.count * days.count * 3)
    }
}
