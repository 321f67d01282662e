import Foundation
import ICal
import Testing

/// vzic-generated VTIMEZONEs (libical's test data, fixtures/corpus) read as `CalendarZone` give
/// the same transitions as the IANA database for the zones time-semantics.md §4 calls hard:
/// a 30-minute shift (Lord Howe) and transitions at local midnight (Havana, Santiago).
@Suite struct CorpusZoneTests {
    static func zone(_ file: String) throws -> CalendarZone {
        let bytes = try Data(contentsOf: CorpusExpansionTests.root.appendingPathComponent(file))
        let vtz = try #require(ICalParser.parse(bytes).calendar?.components(named: "VTIMEZONE").first)
        return try CalendarZone(vtz, through: 2030)
    }

    @Test(arguments: [
        ("Lord_Howe", "2024-01-01", "2030-01-01", 12), ("Havana", "2024-01-01", "2030-01-01", 12),
        ("Santiago", "2025-01-01", "2029-01-01", 8),
    ])
    func ownZoneMatchesIANA(_ name: String, from: String, to: String, count: Int) throws {
        let own = try Self.zone("\(name).ics")
        let iana = try #require(Zone(tzid: own.identifier))
        #expect(own.identifier.hasPrefix("/citadel.org/"))
        let (start, end) = ExpansionSupport.window(from, to)
        let expected = iana.transitions(from: start, to: end).map { [$0.instant, $0.offsetFrom, $0.offsetTo] }
        let got = own.transitions.filter { $0.instant >= start && $0.instant < end }.map {
            [$0.instant, $0.offsetFrom, $0.offsetTo]
        }
        #expect(got == expected)
        #expect(expected.count == count)
    }

    @Test func simplifiedVTimezoneIsFollowedWhereItDiffersFromIANA() throws {
        // vzic wrote Chile's "first Sunday on or after the 2nd" as BYDAY=1SU: in 2024 the file says
        // 2024-09-01, IANA 2024-09-08. The calendar's own definition wins (docs/expansion.md).
        let own = try Self.zone("Santiago.ics")
        let (start, end) = ExpansionSupport.window("2024-08-01", "2024-10-01")
        #expect(
            own.transitions.filter { $0.instant >= start && $0.instant < end }.map { RFC3339.utc($0.instant) } == [
                "2024-09-01T04:00:00Z"
            ])
        #expect(
            Zone("America/Santiago")!.transitions(from: start, to: end).map { RFC3339.utc($0.instant) } == [
                "2024-09-08T04:00:00Z"
            ])
    }

    @Test func lordHoweHalfHourGap() throws {
        let own = try Self.zone("Lord_Howe.ics")
        // 2026-10-04 02:00 -> 02:30 (+10:30 -> +11:00): 02:15 does not exist, read at +10:30.
        let local = LocalDateTime(date: LocalDate(year: 2026, month: 10, day: 4)!, time: LocalTime(hour: 2, minute: 15)!)
        let resolution = ZoneResolver.resolve(local, in: own)
        #expect(RFC3339.utc(resolution.instant) == "2026-10-03T15:45:00Z")
        #expect(resolution.kind == .gap(shiftedTo: LocalDateTime(date: local.date, time: LocalTime(hour: 2, minute: 45)!)))
    }

    @Test func santiagoMidnightIsMissingOnTheSpringForwardDay() throws {
        let own = try Self.zone("Santiago.ics")
        // 2026-09-06 00:00 -> 01:00 (-04 -> -03): midnight itself does not exist.
        let local = LocalDateTime(date: LocalDate(year: 2026, month: 9, day: 6)!, time: LocalTime(hour: 0, minute: 0)!)
        let resolution = ZoneResolver.resolve(local, in: own)
        #expect(RFC3339.utc(resolution.instant) == "2026-09-06T04:00:00Z")
        #expect(resolution == ZoneResolver.resolve(local, in: Zone("America/Santiago")!))
    }
}
