import ICal
import Testing

/// RECURRENCE-ID overrides: matched by instant, RANGE=THISANDFUTURE, orphans (RFC 5545 §3.8.4.4).
@Suite struct ExpanderOverrideTests {
    typealias S = ExpansionSupport
    static let master = S.event("m", "DTSTART;TZID=America/New_York:20260305T090000", "RRULE:FREQ=DAILY;COUNT=5")

    @Test func overrideWrittenInUTCReplacesTheZonedInstanceItNames() throws {
        let body =
            Self.master + "\n" + S.event("m", "RECURRENCE-ID:20260306T140000Z", "DTSTART;TZID=America/New_York:20260306T110000")
        let instances = try S.instances(body)
        #expect(
            instances.map(\.description) == [
                "m 2026-03-05T14:00:00Z 2026-03-05T14:00:00Z",
                "m 2026-03-06T14:00:00Z 2026-03-06T16:00:00Z",
                "m 2026-03-07T14:00:00Z 2026-03-07T14:00:00Z",
                "m 2026-03-08T13:00:00Z 2026-03-08T13:00:00Z",
                "m 2026-03-09T13:00:00Z 2026-03-09T13:00:00Z",
            ])
        #expect(instances.map(\.isOverride) == [false, true, false, false, false])
    }

    @Test func overrideCanMoveAnInstanceIntoAndOutOfTheWindow() throws {
        let body =
            Self.master + "\n" + S.event("m", "RECURRENCE-ID;TZID=America/New_York:20260309T090000", "DTSTART:20260201T120000Z")
            + "\n" + S.event("m", "RECURRENCE-ID;TZID=America/New_York:20260305T090000", "DTSTART:20260301T120000Z")
        let starts = try S.starts(body, from: "2026-03-01", to: "2026-04-01")
        #expect(starts == ["2026-03-01T12:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z"])
    }

    @Test func higherSequenceWinsForTheSameInstance() throws {
        let body =
            Self.master + "\n" + S.event("m", "RECURRENCE-ID:20260306T140000Z", "SEQUENCE:2", "DTSTART:20260306T170000Z")
            + "\n" + S.event("m", "RECURRENCE-ID;TZID=America/New_York:20260306T090000", "SEQUENCE:1", "DTSTART:20260306T180000Z")
        let starts = try S.starts(body)
        #expect(
            starts == [
                "2026-03-05T14:00:00Z", "2026-03-06T17:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z",
                "2026-03-09T13:00:00Z",
            ])
    }

    @Test func thisAndFutureShiftsLaterInstancesByLocalTime() throws {
        // From 03-07 on, 09:00 becomes 10:30 New York time, also after the 03-08 change.
        let body =
            Self.master + "\n"
            + S.event(
                "m", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/New_York:20260307T090000",
                "DTSTART;TZID=America/New_York:20260307T103000")
        let instances = try S.instances(body)
        #expect(
            instances.map(\.description) == [
                "m 2026-03-05T14:00:00Z 2026-03-05T14:00:00Z",
                "m 2026-03-06T14:00:00Z 2026-03-06T14:00:00Z",
                "m 2026-03-07T14:00:00Z 2026-03-07T15:30:00Z",
                "m 2026-03-08T13:00:00Z 2026-03-08T14:30:00Z",
                "m 2026-03-09T13:00:00Z 2026-03-09T14:30:00Z",
            ])
        #expect(instances.map(\.isOverride) == [false, false, true, true, true])
    }

    @Test func orphanOverrideIsASingleInstance() throws {
        let body = S.event("o", "RECURRENCE-ID;TZID=Europe/Berlin:20260310T080000", "DTSTART;TZID=Europe/Berlin:20260310T093000")
        let instances = try S.instances(body)
        #expect(instances.map(\.description) == ["o 2026-03-10T07:00:00Z 2026-03-10T08:30:00Z"])
        #expect(instances.first?.isOverride == true)
    }

    @Test func allDayOverrideMatchesByDate() throws {
        let body =
            S.event("d", "DTSTART;VALUE=DATE:20260301", "RRULE:FREQ=WEEKLY;COUNT=3") + "\n"
            + S.event("d", "RECURRENCE-ID;VALUE=DATE:20260308", "DTSTART;VALUE=DATE:20260309")
        let starts = try S.starts(body, viewer: Zone("Asia/Kolkata")!)
        #expect(starts == ["2026-02-28T18:30:00Z", "2026-03-08T18:30:00Z", "2026-03-14T18:30:00Z"])
    }

    @Test func zonedRecurrenceIdOnAnAllDaySeriesMatchesItsDate() throws {
        // Exchange: RECURRENCE-ID;TZID=W. Europe Standard Time:20260226T000000 on a DATE series.
        let body =
            S.event("x", "DTSTART;VALUE=DATE:20260219", "RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=3") + "\n"
            + S.event("x", "RECURRENCE-ID;TZID=Europe/Berlin:20260226T000000", "DTSTART;VALUE=DATE:20260227")
        let instances = try S.instances(body)
        #expect(
            instances.map(\.description) == [
                "x 2026-02-19T00:00:00Z 2026-02-19T00:00:00Z",
                "x 2026-02-26T00:00:00Z 2026-02-27T00:00:00Z",
                "x 2026-03-05T00:00:00Z 2026-03-05T00:00:00Z",
            ])
    }

    @Test func staleOverrideOfATruncatedSeriesIsDropped() throws {
        // The master (SEQUENCE 2) was cut short by UNTIL after the override (SEQUENCE 1) was written.
        let body =
            S.event("s", "DTSTART;VALUE=DATE:20240701", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20240720", "SEQUENCE:2")
            + "\n"
            + S.event("s", "RECURRENCE-ID;VALUE=DATE:20240729", "DTSTART;VALUE=DATE:20240729", "SEQUENCE:1") + "\n"
            + S.event("s", "RECURRENCE-ID;VALUE=DATE:20240715", "DTSTART;VALUE=DATE:20240716", "SEQUENCE:1")
        let starts = try S.starts(body, from: "2024-01-01", to: "2025-01-01")
        #expect(starts == ["2024-07-01T00:00:00Z", "2024-07-16T00:00:00Z"])
    }

    @Test func exdateWinsOverAnOverrideOfTheSameInstance() throws {
        let body =
            S.event("m", "DTSTART;TZID=America/New_York:20260305T090000", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260306T140000Z")
            + "\n"
            + S.event("m", "RECURRENCE-ID;TZID=America/New_York:20260306T090000", "DTSTART;TZID=America/New_York:20260306T100000")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-05T14:00:00Z", "2026-03-07T14:00:00Z"])
    }

    @Test func floatingExdateAndRecurrenceIdOnAZonedSeriesAreItsWallClock() throws {
        // Some exporters write these without TZID; they mean the series' own local time.
        let body =
            S.event("m", "DTSTART;TZID=America/New_York:20260305T090000", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260306T090000")
            + "\n" + S.event("m", "RECURRENCE-ID:20260307T090000", "DTSTART;TZID=America/New_York:20260307T100000")
        let instances = try S.instances(body, viewer: Zone("Asia/Tokyo")!)
        #expect(
            instances.map(\.description) == [
                "m 2026-03-05T14:00:00Z 2026-03-05T14:00:00Z", "m 2026-03-07T14:00:00Z 2026-03-07T15:00:00Z",
            ])
    }

    @Test func twoMastersWithOneUIDCountTheirOverrideOnce() throws {
        let body =
            S.event("d", "DTSTART:20260301T080000Z", "RRULE:FREQ=DAILY;COUNT=2") + "\n"
            + S.event("d", "DTSTART:20260301T200000Z", "RRULE:FREQ=DAILY;COUNT=2") + "\n"
            + S.event("d", "RECURRENCE-ID:20260302T080000Z", "DTSTART:20260302T090000Z")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-01T08:00:00Z", "2026-03-01T20:00:00Z", "2026-03-02T09:00:00Z", "2026-03-02T20:00:00Z"])
    }
}

/// `forEachGroup(from:to:_:)` hands over what `expand(from:to:)` gives, one UID group at a time.
@Suite struct ExpanderGroupTests {
    typealias S = ExpansionSupport

    @Test func groupsHoldTheSortedExpansionsInstances() throws {
        let body = [
            S.event("m", "DTSTART;TZID=America/New_York:20260305T090000", "RRULE:FREQ=DAILY;COUNT=5"),
            S.event("m", "RECURRENCE-ID;TZID=America/New_York:20260307T090000", "DTSTART:20260301T120000Z"),
            S.event("n", "DTSTART:20260306T080000Z", "RRULE:FREQ=WEEKLY;COUNT=2"),
            S.event("single", "DTSTART:20260304T100000Z"),
        ].joined(separator: "\n")
        let expander = CalendarExpander(calendar: try ICalParser.parse(S.calendar(body), strict: true))
        let (from, to) = S.window("2026-03-01", "2026-04-01")
        var groups: [[String]] = []
        let expansion = expander.forEachGroup(from: from, to: to) { group in
            groups.append(group.map { "\($0.uid) \(RFC3339.utc($0.start))" })
        }
        #expect(expansion.problems.isEmpty && expansion.instances.isEmpty)
        #expect(groups.map(\.count) == [5, 2, 1])
        let sorted = try expander.instances(from: from, to: to).map { "\($0.uid) \(RFC3339.utc($0.start))" }
        #expect(groups.flatMap { $0 }.sorted() == sorted.sorted())
        #expect(groups[0].contains("m 2026-03-01T12:00:00Z") && !groups[0].contains("m 2026-03-07T14:00:00Z"))
    }
}
