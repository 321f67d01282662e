import ICal
import Testing

/// The recurrence shapes that a public RRULE regression suite and python-dateutil agree on and a
/// libical-based expansion got wrong, as RFC 5545 reads them (DTSTART is the first instance and
/// counts toward COUNT). Floating DTSTARTs, read in UTC.
@Suite struct RecurrenceShapeTests {
    typealias S = ExpansionSupport

    /// The start instants of a floating (or, with `D` prefix, all-day) series, up to the day after `last`.
    static func starts(_ start: String, _ rule: String, through last: String) throws -> [String] {
        let dtstart = start.hasPrefix("D") ? "DTSTART;VALUE=DATE:\(start.dropFirst())" : "DTSTART:\(start)"
        let body = ["BEGIN:VEVENT", "UID:shape", "DTSTAMP:20260101T000000Z", dtstart, "RRULE:\(rule)", "END:VEVENT"]
            .joined(separator: "\n")
        let end = LocalDate(parsing: String(last.prefix(10)))!.adding(days: 1)
        return try S.starts(body, from: "1996-01-01", to: end.description)
    }

    @Test func countIncludesANonMatchingDtstartFridayThe13th() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1998-02-13T09:00:00Z", "1998-03-13T09:00:00Z", "1998-11-13T09:00:00Z",
            "1999-08-13T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=5", through: expected.last!) == expected
        )
    }

    @Test func countIncludesANonMatchingDtstartWeekly() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-03T09:00:00Z", "1997-09-05T09:00:00Z", "1997-09-17T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=WEEKLY;BYDAY=WE,FR;INTERVAL=2;COUNT=4", through: expected.last!) == expected)
    }

    @Test func negativeMonthDaysOnAllDayStart() throws {
        let expected = [
            "2024-10-30T00:00:00Z", "2024-10-31T00:00:00Z", "2024-11-29T00:00:00Z", "2024-11-30T00:00:00Z",
            "2024-12-30T00:00:00Z",
        ]
        #expect(try Self.starts("D20241030", "FREQ=DAILY;BYMONTHDAY=-1,-2;COUNT=5", through: expected.last!) == expected)
    }

    @Test func setPositionsAtHourlyOverMinutes() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-02T09:20:00Z", "1997-09-02T09:40:00Z", "1997-09-02T11:20:00Z",
            "1997-09-02T11:40:00Z",
        ]
        #expect(
            try Self.starts(
                "19970902T090000", "FREQ=HOURLY;BYMINUTE=0,10,20,30,40,50;BYSETPOS=-2,3;INTERVAL=2;COUNT=5",
                through: expected.last!) == expected)
    }

    @Test func intervalPhaseWithByhour() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-03T06:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=HOURLY;BYHOUR=3,6;INTERVAL=7;COUNT=2", through: expected.last!) == expected)
    }

    @Test func intervalPhaseWithByminute() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-02T14:05:00Z", "1997-09-03T10:25:00Z", "1997-09-05T03:05:00Z",
            "1997-09-05T23:25:00Z", "1997-09-07T16:05:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=MINUTELY;BYMINUTE=5,25;INTERVAL=61", through: expected.last!) == expected)
    }

    @Test func weekFiftyThreeCountOne() throws {
        let expected = [
            "1997-09-02T09:00:00Z"
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;COUNT=1", through: expected.last!) == expected)
    }

    @Test func weekFiftyThree() throws {
        let expected = [
            "1998-12-31T09:00:00Z", "2004-12-30T09:00:00Z", "2009-12-31T09:00:00Z",
        ]
        #expect(
            try Self.starts("19981231T090000", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;COUNT=3", through: expected.last!) == expected)
    }

    @Test func weekNumberWithFridayWeekStart() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1998-05-18T09:00:00Z", "1999-05-17T09:00:00Z", "2000-05-15T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;WKST=FR", through: expected.last!) == expected)
    }

    @Test func negativeWeekNumbers() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-12-22T09:00:00Z", "1998-12-28T09:00:00Z", "1999-12-27T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO;COUNT=4", through: expected.last!) == expected)
    }

    @Test func weekNumbersEveryOtherYear() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-12-29T09:00:00Z", "1999-01-04T09:00:00Z", "2001-01-01T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=YEARLY;INTERVAL=2;BYWEEKNO=1;BYDAY=MO;COUNT=4", through: expected.last!)
                == expected)
    }

    @Test func negativeYearDayHourly() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "2000-01-01T12:00:00Z", "2004-01-01T12:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=HOURLY;BYHOUR=12;BYYEARDAY=-366;COUNT=3", through: expected.last!)
                == expected)
    }

    @Test func duplicateWeekdays() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-04T09:00:00Z", "1997-09-07T09:00:00Z",
        ]
        #expect(try Self.starts("19970902T090000", "FREQ=WEEKLY;BYDAY=SU,TH,TH;COUNT=3", through: expected.last!) == expected)
    }

    @Test func duplicateSeconds() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "1997-09-02T09:00:04Z", "1997-09-02T09:00:05Z", "1997-09-02T09:01:04Z",
            "1997-09-02T09:01:05Z",
        ]
        #expect(try Self.starts("19970902T090000", "FREQ=SECONDLY;BYSECOND=5,4,4;COUNT=5", through: expected.last!) == expected)
    }

    @Test func monthlyIntervalOverByMonth() throws {
        let expected = [
            "1997-09-02T09:00:00Z", "2006-05-02T09:00:00Z", "2019-05-02T09:00:00Z",
        ]
        #expect(
            try Self.starts("19970902T090000", "FREQ=MONTHLY;INTERVAL=13;BYMONTH=5;COUNT=3", through: expected.last!) == expected)
    }

    @Test func mixedPlainAndOrdinalWeekdaysAreAUnion() throws {
        // BYDAY=1MO,FR: the first Monday and every Friday of each month (python-dateutil intersects
        // the two kinds and gives none).
        let expected = [
            "2026-01-02T09:00:00Z", "2026-01-05T09:00:00Z", "2026-01-09T09:00:00Z", "2026-01-16T09:00:00Z",
            "2026-01-23T09:00:00Z", "2026-01-30T09:00:00Z", "2026-02-02T09:00:00Z",
        ]
        #expect(try Self.starts("20260102T090000", "FREQ=MONTHLY;BYDAY=1MO,FR;COUNT=7", through: expected.last!) == expected)
    }

    @Test func weeklySetPositionsPickFromTheWholeWeek() throws {
        // DTSTART on Thursday: the week's first of WE,SA,SU is the Wednesday before DTSTART, so the
        // first week gives only DTSTART (python-dateutil starts that week at DTSTART and picks Saturday).
        let expected = ["1998-02-05T13:30:00Z", "1998-02-18T13:30:00Z", "1998-03-04T13:30:00Z"]
        #expect(
            try Self.starts(
                "19980205T133000", "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,SA,SU;BYSETPOS=1;COUNT=3", through: expected.last!)
                == expected)
    }

    @Test func countSkipAheadGivesWhatWalkingGives() throws {
        // DAILY and WEEKLY rules with COUNT, far from DTSTART: the expander jumps whole periods
        // and still counts from DTSTART (the weekly DTSTART, a Tuesday, is the first of 1500).
        func late(_ rule: String) throws -> [String] {
            let body = [
                "BEGIN:VEVENT", "UID:late", "DTSTAMP:20260101T000000Z", "DTSTART:20100105T080000", "RRULE:\(rule)", "END:VEVENT",
            ]
            return try S.starts(body.joined(separator: "\n"), from: "2024-01-01", to: "2027-01-01")
        }
        let daily = try late("FREQ=DAILY;INTERVAL=3;BYHOUR=8,20;COUNT=4000")
        #expect((daily.count, daily.first, daily.last) == (594, "2024-01-01T08:00:00Z", "2026-06-07T20:00:00Z"))
        let weekly = try late("FREQ=WEEKLY;BYDAY=MO,TH;COUNT=1500")
        #expect((weekly.count, weekly.first, weekly.last) == (40, "2024-01-01T08:00:00Z", "2024-05-16T08:00:00Z"))
    }
}

/// The expander on values libical would refuse: never a crash, a bounded walk.
@Suite struct RecurrenceExtremeTests {
    @Test(arguments: [
        "FREQ=SECONDLY;INTERVAL=9000000000000000000;COUNT=3", "FREQ=WEEKLY;INTERVAL=9000000000000000000;BYSETPOS=-366,366",
        "FREQ=YEARLY;BYWEEKNO=-53,53;BYDAY=-53SU,53MO;BYSETPOS=-366;COUNT=9000000000000000000",
        "FREQ=HOURLY;BYYEARDAY=-366;BYMONTHDAY=-31;BYSECOND=60;BYHOUR=23", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2",
    ])
    func extremeRulesEndAtTheCalendarsEdge(_ rule: String) throws {
        let pattern = try #require(RecurrenceRule(parsing: rule))
        let start = LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 30)!, time: LocalTime(hour: 23, minute: 0)!)
        let end = LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 31)!, time: LocalTime(hour: 23, minute: 59)!)
        let starts = try pattern.localStarts(from: start, isDate: false, in: start...end)
        #expect(starts.first == start)
        let early = LocalDateTime(date: LocalDate(year: 1, month: 1, day: 1)!, time: LocalTime(hour: 0, minute: 0)!)
        let first = try pattern.localStarts(from: early, isDate: true, in: early...early.adding(seconds: 400 * 86_400))
        #expect(first.first == early)
    }
}
