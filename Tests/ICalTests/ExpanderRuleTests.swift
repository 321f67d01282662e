import ICal
import Testing

/// RRULE limits and the recurrence-set properties: UNTIL in every form real files use, COUNT,
/// invalid dates, EXDATE and RDATE shapes (RFC 5545 §3.3.10, §3.8.5).
@Suite struct ExpanderRuleTests {
    typealias S = ExpansionSupport
    static let ny = "DTSTART;TZID=America/New_York:20260305T090000"

    @Test func utcUntilIsInclusive() throws {
        let body = S.event("e1", Self.ny, "RRULE:FREQ=DAILY;UNTIL=20260307T140000Z")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-05T14:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z"])
    }

    @Test func utcUntilAcrossTheGapComparesInstants() throws {
        // 09:00 EDT on 03-08 is 13:00Z, within an UNTIL of 13:00Z.
        let body = S.event("e1", Self.ny, "RRULE:FREQ=DAILY;UNTIL=20260308T130000Z")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-05T14:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z"])
    }

    @Test func dateUntilOnATimedSeriesIncludesThatWholeLocalDate() throws {
        let body = S.event("e1", Self.ny, "RRULE:FREQ=DAILY;UNTIL=20260307")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-05T14:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z"])
    }

    @Test func floatingUntilOnAZonedSeriesIsLocal() throws {
        let body = S.event("e1", Self.ny, "RRULE:FREQ=DAILY;UNTIL=20260307T090000")
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-05T14:00:00Z", "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z"])
    }

    @Test func utcMidnightUntilOnAnAllDaySeriesIncludesThatDate() throws {
        let body = S.event("e1", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=DAILY;UNTIL=20260107T000000Z")
        let starts = try S.starts(body, viewer: Zone("America/New_York")!)
        #expect(starts == ["2026-01-05T05:00:00Z", "2026-01-06T05:00:00Z", "2026-01-07T05:00:00Z"])
    }

    @Test func exchangeLocalMidnightUntilOnAnAllDaySeriesIncludesThatDate() throws {
        // Exchange in Berlin: the last day 2026-08-18 as its local midnight in UTC.
        let body = S.event("e1", "DTSTART;VALUE=DATE:20260811", "RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260817T220000Z")
        let berlin = try S.starts(body, viewer: Zone("Europe/Berlin")!)
        #expect(berlin == ["2026-08-10T22:00:00Z", "2026-08-17T22:00:00Z"])
        let utc = try S.starts(body)
        #expect(utc == ["2026-08-11T00:00:00Z"])
    }

    @Test func countIncludesDtstartAndSkipsInvalidDates() throws {
        let body = S.event("e1", "DTSTART;TZID=Europe/Berlin:20260131T080000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3")
        let starts = try S.starts(body)
        #expect(starts == ["2026-01-31T07:00:00Z", "2026-03-31T06:00:00Z", "2026-05-31T06:00:00Z"])
    }

    @Test func countIsCountedFromDtstartNotFromTheWindow() throws {
        let body = S.event("e1", "DTSTART:20251230T080000Z", "RRULE:FREQ=DAILY;COUNT=5")
        let starts = try S.starts(body)
        #expect(starts == ["2026-01-01T08:00:00Z", "2026-01-02T08:00:00Z", "2026-01-03T08:00:00Z"])
    }

    @Test func bysetposAndIntervalOnMonthly() throws {
        // Last weekday of the month, every second month.
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/London:20260130T090000",
            "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3")
        let starts = try S.starts(body)
        #expect(starts == ["2026-01-30T09:00:00Z", "2026-03-31T08:00:00Z", "2026-05-29T08:00:00Z"])
    }

    @Test func bysetposOnWeeklyPicksFromEachWeek() throws {
        // libical 3.0.16 ignores BYSETPOS on WEEKLY; the last weekday of each week is Friday.
        // DTSTART (a Wednesday the rule does not select) is the first instance and counts.
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260107T080000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3")
        let starts = try S.starts(body)
        #expect(starts == ["2026-01-07T07:00:00Z", "2026-01-09T07:00:00Z", "2026-01-16T07:00:00Z"])
        // First and last of MO,WE,FR every other week starting on Sunday, far from DTSTART (skip-ahead path).
        let open = S.event(
            "e2", "DTSTART;TZID=Europe/Berlin:20100104T080000",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;BYSETPOS=1,-1;WKST=SU")
        let late = try S.starts(open, from: "2026-01-01", to: "2026-01-20")
        // The on-weeks (Sunday-based) are 2025-12-28 and 2026-01-11 (as python-dateutil computes).
        #expect(late == ["2026-01-02T07:00:00Z", "2026-01-12T07:00:00Z", "2026-01-16T07:00:00Z"])
    }

    @Test func minutelyWithByhourKeepsTheIntervalPhase() throws {
        // RFC 5545 (and python-dateutil): 02:30 + k x 90 min, kept in hours 1-3. libical 3.0.16
        // loses the 90-minute phase at the BYHOUR limit (01:30, 03:00, ...).
        let body = S.event("e1", "DTSTART:20260101T023000Z", "RRULE:FREQ=MINUTELY;INTERVAL=90;BYHOUR=1,2,3;COUNT=4")
        let starts = try S.starts(body)
        #expect(starts == ["2026-01-01T02:30:00Z", "2026-01-02T01:00:00Z", "2026-01-02T02:30:00Z", "2026-01-03T01:00:00Z"])
    }

    @Test(arguments: [
        "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", "FREQ=HOURLY;INTERVAL=7",
        "FREQ=DAILY;BYMONTH=3,11",
        "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=2,-1",
    ])
    func skipAheadGivesWhatWalkingFromDtstartGives(_ rule: String) throws {
        // A window far from DTSTART starts the expander a whole number of periods later.
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20100314T023000", "RRULE:\(rule)")
        let near = try S.instances(body, from: "2026-01-01", to: "2026-12-31")
        let (from, _) = S.window("2026-01-01", "2026-12-31")
        let walked = try S.instances(body, from: "2010-01-01", to: "2026-12-31").filter { $0.start >= from }
        #expect(near.count > 30)
        #expect(near == walked)
    }

    @Test func exdateInEveryShape() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=America/New_York:20260301T090000", "RRULE:FREQ=DAILY;COUNT=10",
            "EXDATE;TZID=America/New_York:20260302T090000",  // one per line with TZID
            "EXDATE:20260303T140000Z",  // UTC, same instant
            "EXDATE;TZID=America/New_York:20260304T090000,20260305T090000",  // comma list
            "EXDATE;TZID=UTC:20260306T140000",  // TZID=UTC
            "EXDATE;VALUE=DATE:20260308",  // DATE on a timed series: that local date
            "EXDATE:20260309T090000Z")  // an instant that is no occurrence: nothing
        let starts = try S.starts(body)
        #expect(starts == ["2026-03-01T14:00:00Z", "2026-03-07T14:00:00Z", "2026-03-09T13:00:00Z", "2026-03-10T13:00:00Z"])
    }

    @Test func exdateOnAnAllDaySeriesMatchesTheDate() throws {
        let body = S.event(
            "e1", "DTSTART;VALUE=DATE:20260301", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;VALUE=DATE:20260302",
            "EXDATE:20260303T000000Z")
        let starts = try S.starts(body, viewer: Zone("Europe/Berlin")!)
        #expect(starts == ["2026-02-28T23:00:00Z"])
    }

    @Test func rdateInEveryShapeAndDuplicatesOnce() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=America/New_York:20260301T090000", "RRULE:FREQ=DAILY;COUNT=2",
            "RDATE;TZID=America/New_York:20260310T023000",  // zoned, in the 03-08 gap? no: an ordinary day
            "RDATE;TZID=America/New_York:20260308T023000",  // in the gap: 03:30 EDT
            "RDATE:20260320T120000Z,20260302T140000Z",  // UTC list; the second is an occurrence already
            "RDATE;VALUE=PERIOD:20260401T120000Z/PT1H")
        let starts = try S.starts(body)
        #expect(
            starts == [
                "2026-03-01T14:00:00Z", "2026-03-02T14:00:00Z", "2026-03-08T07:30:00Z", "2026-03-10T06:30:00Z",
                "2026-03-20T12:00:00Z",
                "2026-04-01T12:00:00Z",
            ])
    }

    @Test func windowIsHalfOpenAndLongRulesStopAtItsEnd() throws {
        let body = S.event("e1", "DTSTART:20200101T000000Z", "RRULE:FREQ=DAILY;UNTIL=70061231T000000Z")
        let starts = try S.starts(body, from: "2026-03-01", to: "2026-03-04")
        #expect(starts == ["2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z"])
    }

    @Test func unreadableEventIsAProblemOfThatEventOnly() throws {
        let text = S.calendar(
            S.event("bad", "DTSTART;TZID=Nowhere:20260101T080000", "RRULE:FREQ=DAILY") + "\n"
                + S.event("good", "DTSTART:20260101T090000Z"))
        let (from, to) = S.window("2026-01-01", "2027-01-01")
        let expansion = CalendarExpander(calendar: try ICalParser.parse(text)).expand(from: from, to: to)
        #expect(expansion.instances.map(\.uid) == ["good"])
        #expect(expansion.problems == [.unknownZone(tzid: "Nowhere", line: 7)])
    }
}
