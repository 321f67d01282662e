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

    // A window far from DTSTART: the iterator of a plain DAILY rule may start near the window,
    // and must then give what stepping from DTSTART gives.

    @Test func rdatesJoinTheRuleInOrderOnceAndExdatesLeave() throws {
        let body = S.event(
            "e1", "DTSTART:20260105T100000Z", "RRULE:FREQ=DAILY;COUNT=3",
            "RDATE:20260106T100000Z,20260102T100000Z,20260102T100000Z", "EXDATE:20260107T100000Z,20260102T100000Z",
            "RDATE:20251231T100000Z,20260103T100000Z")
        // 2025-12-31 is before the window; 01-02 is both added and excluded.
        #expect(try S.libicalStarts(body) == ["2026-01-03T10:00:00Z", "2026-01-05T10:00:00Z", "2026-01-06T10:00:00Z"])
    }

    @Test func defectShiftedHourLastsADayThenAWindowLaterIsAsStepped() throws {
        // The 2025-03-09 gap moves the stepped 02:30 to 03:30 that day and the next (07:30Z);
        // from 03-11 it is 02:30 again. The June window gives what stepping from DTSTART gives.
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20250101T023000", "RRULE:FREQ=DAILY")
        #expect(
            try S.libicalStarts(body, from: "2025-03-07", to: "2025-03-12") == [
                "2025-03-07T07:30:00Z", "2025-03-08T07:30:00Z", "2025-03-09T07:30:00Z", "2025-03-10T07:30:00Z",
                "2025-03-11T06:30:00Z",
            ])
        #expect(
            try S.libicalStarts(body, from: "2026-06-01", to: "2026-06-04") == [
                "2026-06-01T06:30:00Z", "2026-06-02T06:30:00Z", "2026-06-03T06:30:00Z",
            ])
    }

    @Test func laterWindowOfAnIntervalKeepsItsPhase() throws {
        // 2025-01-01 + 516 days = 2026-06-01, a multiple of 3.
        let body = S.event("e1", "DTSTART;TZID=America/New_York:20250101T080000", "RRULE:FREQ=DAILY;INTERVAL=3")
        #expect(
            try S.libicalStarts(body, from: "2026-06-01", to: "2026-06-10") == [
                "2026-06-01T12:00:00Z", "2026-06-04T12:00:00Z", "2026-06-07T12:00:00Z",
            ])
    }

    @Test func laterWindowEndsAtUntil() throws {
        let until = S.event(
            "e1", "DTSTART;TZID=America/New_York:20250101T080000", "RRULE:FREQ=DAILY;UNTIL=20260602T120000Z")
        #expect(
            try S.libicalStarts(until, from: "2026-06-01", to: "2026-06-10") == ["2026-06-01T12:00:00Z", "2026-06-02T12:00:00Z"])
        let ended = S.event(
            "e1", "DTSTART;TZID=America/New_York:20250101T080000", "RRULE:FREQ=DAILY;UNTIL=20260101T120000Z")
        #expect(try S.libicalStarts(ended, from: "2026-06-01", to: "2026-06-10") == [])
    }

    @Test(arguments: [
        "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana", "America/Santiago", "Asia/Beirut",
    ])
    func laterWindowGivesWhatSteppingFromDtstartGives(zone: String) throws {
        // From a window that starts at DTSTART the iterator steps every day; from a later one it
        // may start near the window. Both must agree, gap days and times included.
        for time in ["000000", "003000", "013000", "020000", "021500", "023000", "024500", "030000", "034500", "080000"] {
            for interval in [1, 2] {
                let body = S.event(
                    "e1", "DTSTART;TZID=\(zone):20260101T\(time)", "RRULE:FREQ=DAILY;INTERVAL=\(interval)")
                for (from, to) in [("2027-02-20", "2027-04-20"), ("2027-09-15", "2027-10-15")] {
                    let stepped = try S.libicalStarts(body, from: "2025-12-30", to: to).filter { $0 >= from }
                    #expect(try S.libicalStarts(body, from: from, to: to) == stepped, "\(zone) \(time) every \(interval)")
                }
            }
        }
    }

    // WEEKLY rules may start near the window too, on the first BYDAY day of one of their weeks.

    @Test func laterWindowOfAWeeklyRuleKeepsItsWeeks() throws {
        // DTSTART Wednesday 2025-01-01; BYDAY=MO,FR every 2 weeks: libical's weeks start on
        // Monday 2024-12-30 (its first MO day), so 2026-06-01 (+ 74 weeks) is one, 2026-06-08 is not.
        let body = S.event(
            "e1", "DTSTART;TZID=America/New_York:20250101T080000", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR")
        #expect(
            try S.libicalStarts(body, from: "2026-06-01", to: "2026-06-20") == [
                "2026-06-01T12:00:00Z", "2026-06-05T12:00:00Z", "2026-06-15T12:00:00Z", "2026-06-19T12:00:00Z",
            ])
    }

    @Test func weeklyRuleStartsNearTheWindowUnlessItsTimeMeetsAGap() throws {
        // Stepping from DTSTART (2025-01-01) to June 2027 takes about 370 steps; 20 suffice
        // from near the window. At 02:30, which New York skips each March, it is stepped.
        func starts(_ time: String) throws -> [String] {
            let body = S.event(
                "e1", "DTSTART;TZID=America/New_York:20250101T\(time)", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR")
            let event = try ICalParser.parse(S.calendar(body), strict: true).calendar!.components(named: "VEVENT")[0]
            let (from, to) = S.window("2027-06-01", "2027-06-05")
            return LibicalReference.instances(of: event, from: from, to: to, budget: ExpansionBudget(instances: 20))
                .map(RFC3339.utc)
        }
        #expect(try starts("080000") == ["2027-06-02T12:00:00Z", "2027-06-04T12:00:00Z"])
        #expect(try starts("023000") == [])
    }

    @Test func gapCheckAnswersForItsOwnZoneWhicheverZoneWasCheckedBefore() throws {
        // ICU's zone is opened once per zone and kept: each answer is still its own zone's.
        // 02:30 is skipped each March in New York, never in Tokyo; 20 steps reach June 2027
        // only from near the window.
        func starts(_ zone: String) throws -> [String] {
            let body = S.event("e1", "DTSTART;TZID=\(zone):20250101T023000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR")
            let event = try ICalParser.parse(S.calendar(body), strict: true).calendar!.components(named: "VEVENT")[0]
            let (from, to) = S.window("2027-06-01", "2027-06-05")
            return LibicalReference.instances(of: event, from: from, to: to, budget: ExpansionBudget(instances: 20))
                .map(RFC3339.utc)
        }
        for _ in 0..<2 {
            #expect(try starts("America/New_York") == [])
            #expect(try starts("Asia/Tokyo") == ["2027-06-01T17:30:00Z", "2027-06-03T17:30:00Z"])
        }
    }

    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana", "Asia/Beirut"])
    func laterWindowOfAWeeklyRuleGivesWhatSteppingFromDtstartGives(zone: String) throws {
        // DTSTART on a Thursday and a Sunday; BYDAY before, on and after DTSTART's weekday, none,
        // and a whole week; WKST Monday, Sunday and Thursday; INTERVAL 1, 2 and 4; gap times.
        let rules = [
            "BYDAY=MO,WE,FR", "BYDAY=SU", "BYDAY=TU,SA", "BYDAY=TH", "BYDAY=SU,MO,TU,WE,TH,FR,SA", "BYDAY=MO;WKST=SU",
            "BYDAY=FR,SU;WKST=TH", "WKST=SU",
        ]
        for date in ["20260101", "20260104"] {
            for time in ["000000", "023000", "080000"] {
                for rule in rules {
                    for interval in [1, 2, 4] {
                        let body = S.event(
                            "e1", "DTSTART;TZID=\(zone):\(date)T\(time)", "RRULE:FREQ=WEEKLY;INTERVAL=\(interval);\(rule)")
                        for (from, to) in [("2027-02-20", "2027-04-20"), ("2027-09-15", "2027-10-15")] {
                            let stepped = try S.libicalStarts(body, from: "2025-12-25", to: to).filter { $0 >= from }
                            #expect(!stepped.isEmpty)
                            #expect(
                                try S.libicalStarts(body, from: from, to: to) == stepped,
                                "\(zone) \(date)T\(time) \(interval) \(rule)")
                        }
                    }
                }
            }
        }
    }
}
