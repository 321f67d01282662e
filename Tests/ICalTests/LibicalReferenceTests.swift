import ICal
import Testing

/// libical 3.0.16's own zone-aware expansion, with its defects asserted AS DEFECTS
/// (time-semantics.md §3). A test here failing after a libical upgrade means libical fixed it:
/// update time-semantics.md §3 and docs/expansion.md.
@Suite struct LibicalReferenceTests {
    typealias S = ExpansionSupport

    @Test func defectIteratorKeepsTheShiftedHourAfterTheGap() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20260307T023000", "RRULE:FREQ=DAILY;COUNT=4")
        // 03-09 should be 06:30Z (02:30 EDT); libical keeps 03:30 EDT.
        #expect(
            try S.libicalStarts(body) == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z", "2026-03-10T06:30:00Z",
            ])
    }

    @Test func defectDtstartInTheGapPutsEveryOccurrenceAt0330() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20260308T023000", "RRULE:FREQ=DAILY;COUNT=3")
        let starts = try S.libicalStarts(body)
        #expect(starts == ["2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z", "2026-03-10T07:30:00Z"])
    }

    @Test func defectGapTimeConvertsAnHourEarly() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20070311T023000")
        // RFC 5545 §3.3.5: 07:30Z.
        #expect(try S.libicalStarts(body, from: "2007-01-01", to: "2008-01-01") == ["2007-03-11T06:30:00Z"])
    }

    @Test func defectOverlapTimeConvertsToTheSecondInstance() throws {
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20261031T013000", "RRULE:FREQ=DAILY;COUNT=3")
        // RFC 5545 §3.3.5: 2026-11-01 is 05:30Z (01:30 EDT, the first).
        #expect(try S.libicalStarts(body) == ["2026-10-31T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-02T06:30:00Z"])
    }

    @Test func agreesWithTheExpanderAwayFromTransitions() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260105T080000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20260601T000000Z",
            "EXDATE;TZID=Europe/Berlin:20260108T080000", "RDATE;TZID=Europe/Berlin:20260110T090000")
        let ours = try S.starts(body)
        #expect(ours.count == 42)
        #expect(try S.libicalStarts(body) == ours)
    }
}
