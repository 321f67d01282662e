import ICal
import Testing

/// The order a UID group's occurrences come in: by instant, one per instant (the first in
/// DTSTART, RRULE, RDATE order), also when RDATEs come before or on the rule's times.
@Suite struct OccurrenceOrderTests {
    typealias S = ExpansionSupport

    static func groupStarts(_ body: String) throws -> [[String]] {
        let (from, to) = S.window("2026-01-01", "2027-01-01")
        var groups: [[String]] = []
        _ = try CalendarExpander(calendar: ICalParser.parse(S.calendar(body), strict: true))
            .forEachGroup(from: from, to: to) { group in groups.append(group.map { RFC3339.utc($0.start) }) }
        return groups
    }

    @Test func rdatesBeforeAndOnTheRuleAreSortedOnce() throws {
        let body = S.event(
            "e1", "DTSTART:20260105T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "RDATE:20260106T090000Z,20260104T090000Z")
        #expect(
            try Self.groupStarts(body) == [
                ["2026-01-04T09:00:00Z", "2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z", "2026-01-07T09:00:00Z"]
            ])
    }

    @Test func theFirstOfOneInstantIsKept() throws {
        // The RDATE names the rule's second instant in another zone: the rule's reading stays.
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=DAILY;COUNT=2",
            "RDATE;TZID=America/New_York:20260106T040000")
        let instances = try S.instances(body)
        #expect(instances.map(\.zoneID) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(instances.map { RFC3339.utc($0.start) } == ["2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z"])
    }

    @Test func anRdateLaterThanTheRuleInAnotherZoneKeepsItsZone() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=DAILY;COUNT=2",
            "RDATE;TZID=America/New_York:20260103T040000", "EXDATE:20260105T090000Z")
        let instances = try S.instances(body)
        #expect(instances.map(\.zoneID) == ["America/New_York", "Europe/Berlin"])
        #expect(instances.map(\.local.description) == ["2026-01-03T04:00:00", "2026-01-06T10:00:00"])
    }
}
