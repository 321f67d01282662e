import ICal
import Testing

/// time-semantics.md §2 and §3: gap and overlap resolution in the expander (RFC 5545 §3.3.5).
@Suite struct ExpanderDSTTests {
    typealias S = ExpansionSupport

    @Test func overlapMeansTheFirstInstance() throws {
        let instances = try S.instances(
            S.event("e1", "DTSTART;TZID=America/New_York:20071104T013000"), from: "2007-01-01", to: "2008-01-01")
        #expect(instances.map { RFC3339.utc($0.start) } == ["2007-11-04T05:30:00Z"])
        #expect(instances.first?.resolution == .overlap(secondInstant: 1_194_157_800))  // 2007-11-04T06:30:00Z
    }

    @Test func gapIsReadWithTheOffsetBefore() throws {
        let instances = try S.instances(
            S.event("e1", "DTSTART;TZID=America/New_York:20070311T023000"), from: "2007-01-01", to: "2008-01-01")
        #expect(instances.map { RFC3339.utc($0.start) } == ["2007-03-11T07:30:00Z"])
        let shifted = LocalDateTime(date: LocalDate(year: 2007, month: 3, day: 11)!, time: LocalTime(hour: 3, minute: 30)!)
        #expect(instances.first?.resolution == .gap(shiftedTo: shifted))
        #expect(instances.first?.local.description == "2007-03-11T02:30:00")
        #expect(instances.first?.zoneID == "America/New_York")
    }

    @Test func dailyAcrossSpringForwardKeepsTheWallClock() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20260307T023000", "RRULE:FREQ=DAILY;COUNT=4")
        #expect(
            try S.starts(body) == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z",
            ])
    }

    @Test func dtstartInTheGapOnlyShiftsTheGapDay() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20260308T023000", "RRULE:FREQ=DAILY;COUNT=3")
        #expect(try S.starts(body) == ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
    }

    @Test func dailyAcrossFallBackFiresOnceAtTheFirstInstance() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20261031T013000", "RRULE:FREQ=DAILY;COUNT=3")
        let instances = try S.instances(body)
        #expect(
            instances.map { RFC3339.utc($0.start) } == [
                "2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z",
            ])
        // The second 01:30 on 11-01 is 2026-11-01T06:30:00Z.
        #expect(instances.map(\.resolution) == [.normal, .overlap(secondInstant: 1_793_514_600), .normal])
    }

    @Test func floatingIsReadInTheViewersZone() throws {
        let body = S.event("e1", "DTSTART:20260307T023000", "RRULE:FREQ=DAILY;COUNT=3")
        let newYork = Zone("America/New_York")!
        #expect(try S.starts(body, viewer: newYork) == ["2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"])
        #expect(
            try S.starts(body, viewer: Zone("Europe/Berlin")!) == [
                "2026-03-07T01:30:00Z", "2026-03-08T01:30:00Z", "2026-03-09T01:30:00Z",
            ])
        #expect(
            try S.instances(body, viewer: newYork).map(\.zoneID) == ["America/New_York", "America/New_York", "America/New_York"])
    }

    @Test func allDayIsMidnightInTheViewersZone() throws {
        let body = S.event("e1", "DTSTART;VALUE=DATE:20260328", "RRULE:FREQ=DAILY;COUNT=3")
        let instances = try S.instances(body, viewer: Zone("Europe/Berlin")!)
        #expect(
            instances.map { RFC3339.utc($0.start) } == [
                "2026-03-27T23:00:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z",
            ])
        #expect(instances.allSatisfy { $0.isAllDay })
    }

    @Test func utcSeriesMovesWithNothing() throws {
        let body = S.event("e1", "DTSTART:20260307T073000Z", "RRULE:FREQ=DAILY;COUNT=3")
        let instances = try S.instances(body, viewer: Zone("America/New_York")!)
        #expect(
            instances.map { RFC3339.utc($0.start) } == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z",
            ])
        #expect(instances.map(\.zoneID) == ["UTC", "UTC", "UTC"])
    }

    @Test func libicalPrefixedTZIDsMapToIANA() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=/freeassociation.sourceforge.net/America/New_York:20260307T023000", "RRULE:FREQ=DAILY;COUNT=3")
        let instances = try S.instances(body)
        #expect(
            instances.map { RFC3339.utc($0.start) } == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z",
            ])
        #expect(instances.first?.zoneID == "America/New_York")
        #expect(Zone(tzid: "/mozilla.org/20050126_1/Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(
            Zone(tzid: "/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires")?.identifier
                == "America/Argentina/Buenos_Aires")
        #expect(Zone(tzid: "Mars/Olympus_Mons") == nil)
    }

    @Test func unknownZoneIsAProblemWithItsLine() throws {
        let body = S.event("e1", "DTSTART;TZID=Mars/Olympus_Mons:20260307T023000")
        #expect(throws: ICalError.unknownZone(tzid: "Mars/Olympus_Mons", line: 7)) { try S.instances(body) }
    }
}
