import DoseCal
import Foundation
import ICal
import Testing

/// The conformance matrix of `dosecal check`: in twelve zones, for dose times 00:00 to 03:45 every 15
/// minutes plus 08:00 and 20:00, on the day before, the day of and the day after every offset
/// change from 2024 to 2030, the engine's instant equals Foundation's `Calendar.date(from:)`
/// (which follows RFC 5545 §3.3.5 for gaps and overlaps).
@Suite struct ConformanceMatrixTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe",
        "America/Santiago", "America/Havana", "Asia/Beirut", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia",
        "America/Mexico_City",
    ]
    static let times: [LocalTime] =
        stride(from: 0, to: 240, by: 15).map { LocalTime(hour: $0 / 60, minute: $0 % 60)! }
        + [LocalTime(hour: 8, minute: 0)!, LocalTime(hour: 20, minute: 0)!]

    /// The local dates around every transition of `zone` in 2024...2030 (in the old offset).
    /// Apia (no DST since 2021, a skipped day in 2011) and Mexico City (no DST since 2022) have
    /// none then, so their matrix reaches back to 2011.
    static func transitionDays(_ zone: Zone) -> [LocalDate] {
        let firstYear = ["Pacific/Apia", "America/Mexico_City"].contains(zone.identifier) ? 2011 : 2024
        let from = LocalDate(year: firstYear, month: 1, day: 1)!.daysSinceEpoch * 86_400
        let to = LocalDate(year: 2031, month: 1, day: 1)!.daysSinceEpoch * 86_400
        var days = Set<LocalDate>()
        for t in zone.transitions(from: from, to: to) {
            let day = t.localStart.date
            for d in -1...1 { days.insert(day.adding(days: d)) }
        }
        return days.sorted()
    }

    /// A schedule with one medication per transition day (all matrix times, daily, that day only).
    static func schedule(_ zoneID: String, days: [LocalDate]) -> Schedule {
        let slots = times.enumerated().map { DoseSlot(id: "t\($0.offset)", time: $0.element) }
        let meds = days.map { Medication(id: "d\($0.basicFormat)", name: "Dose", times: slots, start: $0, end: $0) }
        return Schedule(home: Zone(zoneID)!, medications: meds)
    }

    @Test(arguments: zones)
    func engineEqualsFoundation(_ zoneID: String) throws {
        let zone = try #require(Zone(zoneID))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zoneID))
        let days = Self.transitionDays(zone)
        if zoneID == "Asia/Kolkata" {
            #expect(days.isEmpty)
        } else {
            #expect(!days.isEmpty, "\(zoneID) has no transition 2024-2030")
        }
        let engine = WallClockEngine(schedule: Self.schedule(zoneID, days: days))
        var compared = 0
        for day in days {
            for dose in engine.occurrences(from: day, to: day) {
                let c = DateComponents(
                    year: dose.local.date.year, month: dose.local.date.month, day: dose.local.date.day,
                    hour: dose.local.time.hour, minute: dose.local.time.minute)
                let foundation = try #require(calendar.date(from: c))
                #expect(dose.instant == Int(foundation.timeIntervalSince1970), "\(zoneID) \(dose.local)")
                compared += 1
            }
        }
        #expect(compared == days.count * Self.times.count)
    }

    /// The exported feed, read back and expanded by `CalendarExpander` (the file's own VTIMEZONEs
    /// first), fires exactly the engine's instants, slot by slot.
    @Test(arguments: zones)
    func feedExpansionEqualsEngine(_ zoneID: String) throws {
        let zone = try #require(Zone(zoneID))
        // Kolkata has no transition: a week shows that nothing moves there.
        let changes = Self.transitionDays(zone)
        let days = changes.isEmpty ? (0..<7).map { LocalDate(year: 2026, month: 3, day: 1)!.adding(days: $0) } : changes
        let first = days[0]
        let last = days[days.count - 1]
        let schedule = Self.schedule(zoneID, days: days)
        let text = FeedBuilder(schedule: schedule, now: 0).build().serialized()
        let parsed = try ICalParser.parse(Array(text.utf8), strict: true)
        let from = first.adding(days: -2).daysSinceEpoch * 86_400
        let to = last.adding(days: 3).daysSinceEpoch * 86_400
        let instances = try CalendarExpander(calendar: parsed).instances(from: from, to: to)
        let uids = DoseChecker(schedule: schedule, from: first, to: last).seriesUIDs
        var got: [String: [Int]] = [:]
        for i in instances {
            guard let key = uids[i.uid] else { continue }
            got["\(key.medicationID)/\(key.slotID)", default: []].append(i.start)
        }
        var want: [String: [Int]] = [:]
        for o in WallClockEngine(schedule: schedule).occurrences(from: first, to: last) {
            want["\(o.medicationID)/\(o.slotID)", default: []].append(o.instant)
        }
        #expect(got.mapValues { $0.sorted() } == want.mapValues { $0.sorted() }, "\(zoneID)")
        #expect(want.values.map(\.count).reduce(0, +) == days.count * Self.times.count)
    }
}
