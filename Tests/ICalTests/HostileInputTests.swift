import ICal
import Testing

/// Hostile calendars: each gives a clear error, a warning, or a bounded result; never a crash.
@Suite struct HostileInputTests {
    static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
    static let tail = "END:VCALENDAR\r\n"

    @Test func twentyThousandNestedComponentsAreRejectedAtTheNestingLimit() {
        let text =
            Self.head + String(repeating: "BEGIN:X-A\r\n", count: 20_000) + String(repeating: "END:X-A\r\n", count: 20_000)
            + Self.tail
        #expect(text.utf8.count == 400_045)
        // VCALENDAR and 15 X-A are open when the 16th X-A, on line 18, would open a 17th level.
        #expect(throws: ICalError.tooDeep(line: 18, component: "X-A", limit: 16)) { try ICalParser.parse(text) }
        #expect(
            ICalError.tooDeep(line: 18, component: "X-A", limit: 16).description
                == "line 18: BEGIN:X-A opens more than 16 nested components; dosecal reads at most 16 levels "
                + "(iCalendar needs 3: VCALENDAR > VEVENT > VALARM)")
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let text =
            Self.head + String(repeating: "BEGIN:X-A\r\n", count: 15) + "X-P:deep\r\n"
            + String(repeating: "END:X-A\r\n", count: 15) + Self.tail
        var component = try #require(try ICalParser.parse(text).calendar)
        for _ in 0..<15 { component = try #require(component.components.first) }
        #expect(component.name == "X-A")
        #expect(component.property("X-P")?.value == "deep")
        #expect(component.property("X-P")?.line == 18)
    }

    @Test func aFoldedTwoMegabyteSummaryIsReadWhole() throws {
        let value = String(repeating: "0123456789", count: 200_000)
        let line = "SUMMARY:" + value
        var folded: [String] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            folded.append(String(rest.prefix(74)))
            rest = rest.dropFirst(74)
        }
        let text =
            Self.head + "BEGIN:VEVENT\r\nUID:big@example.com\r\n" + folded.joined(separator: "\r\n ")
            + "\r\nDTSTART:20260110T083000Z\r\nEND:VEVENT\r\n" + Self.tail
        let event = try #require(try ICalParser.parse(text).calendar?.components.first)
        #expect(event.property("SUMMARY")?.value.utf8.count == 2_000_000)
        #expect(event.property("SUMMARY")?.value == value)
        #expect(event.property("DTSTART")?.line == 5 + folded.count)
    }

    @Test func aContentLineLongerThanTheLimitIsAClearError() {
        let limits = ICalLimits(maxContentLineBytes: 64)
        let text =
            Self.head + "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:" + String(repeating: "x", count: 40) + "\r\n "
            + String(repeating: "y", count: 40) + "\r\nEND:VEVENT\r\n" + Self.tail
        #expect(throws: ICalError.lineTooLong(line: 5, limit: 64)) { try ICalParser.parse(text, limits: limits) }
        #expect(
            ICalError.lineTooLong(line: 5, limit: 16_777_216).description
                == "line 5: the content line is longer than 16 MiB after unfolding; "
                + "dosecal reads content lines (name, parameters and value) of up to 16 MiB")
    }

    @Test func lostFoldsAreJoinedInLinearTime() throws {
        // 2,000 physical lines that lost their folding space, joined onto one DESCRIPTION.
        let text =
            Self.head + "BEGIN:VEVENT\r\nUID:a\r\nDESCRIPTION:start\r\n"
            + String(repeating: "lost fold text\r\n", count: 2_000) + "END:VEVENT\r\n" + Self.tail
        let parsed = try ICalParser.parse(text)
        let event = try #require(parsed.calendar?.components.first)
        #expect(event.property("DESCRIPTION")?.value == "start" + String(repeating: "lost fold text", count: 2_000))
        #expect(parsed.warnings.count == 2_000)
        #expect(parsed.warnings.first == .brokenFolding(line: 6, continuing: 5))
        #expect(parsed.warnings.last == .brokenFolding(line: 2_005, continuing: 5))
    }

    @Test func aByteOrderMarkBeforeTheCalendarIsSkipped() throws {
        let text =
            "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:bom@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let parsed = try ICalParser.parse(text)
        #expect(parsed.calendar?.property("VERSION")?.line == 2)
        #expect(parsed.calendar?.components.first?.property("UID")?.value == "bom@example.com")
        #expect(parsed.warnings.isEmpty)
    }

    static let berlin = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        TZOFFSETFROM:+0900\r
        TZOFFSETTO:+0900\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:tz@example.com\r
        DTSTART;TZID=Europe/Berlin:20260310T083000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func aSecondVTimezoneOfOneTZIDIsAWarningAndTheFirstIsRead() throws {
        let parsed = try ICalParser.parse(Self.berlin)
        #expect(parsed.warnings == [.duplicateTimezone(tzid: "Europe/Berlin", line: 11, first: 3)])
        #expect(
            parsed.warnings.first?.description
                == "line 11: a second VTIMEZONE for TZID \"Europe/Berlin\" (the first is on line 3); "
                + "the first one is read and this one is ignored; a calendar must define each TZID once")
        let instances = try CalendarExpander(calendar: parsed).instances(from: 1_773_100_800, to: 1_773_187_200)
        #expect(instances.map(\.start) == [1_773_127_800])  // 2026-03-10T07:30:00Z: +01:00, the first one
    }

    static func minutely(_ count: Int) -> String {
        var text = head
        for i in 0..<count {
            text += "BEGIN:VEVENT\r\nUID:m\(i)@example.com\r\nDTSTART:20260101T000000Z\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\n"
        }
        return text + tail
    }

    @Test func manyMinutelyEventsStopAtTheBudgetAndAreNamed() throws {
        let parsed = try ICalParser.parse(Self.minutely(20))
        let budget = ExpansionBudget(instances: 5_000)
        // 2026-01-01 ..< 2026-01-02: 1,440 instances per event, 28,800 in all; each event takes up to
        // 2,340 iterator results (the window and 15 hours past it, the largest UTC offset).
        let expansion = CalendarExpander(calendar: parsed, budget: budget).expand(from: 1_767_225_600, to: 1_767_312_000)
        #expect(expansion.instances.count == 2_880)
        #expect(Set(expansion.instances.map(\.uid)) == ["m0@example.com", "m1@example.com"])
        let cut = ICalError.budgetExceeded(
            uids: ["m2@example.com", "m3@example.com", "m4@example.com", "m5@example.com", "m6@example.com"], more: 13,
            limit: 5_000)
        #expect(expansion.problems == [cut])
        #expect(
            cut.description
                == "the calendar has more than 5000 instances in the window in all; not expanded: \"m2@example.com\", "
                + "\"m3@example.com\", \"m4@example.com\", \"m5@example.com\", \"m6@example.com\" and 13 more; use a shorter window"
        )
        #expect(budget.remaining == 0)
    }

    @Test func theBudgetIsSharedByEveryExpansionOfOneCommand() throws {
        let parsed = try ICalParser.parse(Self.minutely(1))
        let budget = ExpansionBudget(instances: 4_000)
        let day = (from: 1_767_225_600, to: 1_767_312_000)
        for _ in 0..<2 {
            #expect(
                CalendarExpander(calendar: parsed, budget: budget).expand(from: day.from, to: day.to).instances.count == 1_440)
        }
        let third = CalendarExpander(calendar: parsed, budget: budget).expand(from: day.from, to: day.to)
        #expect(third.instances.isEmpty)
        #expect(third.problems == [.budgetExceeded(uids: ["m0@example.com"], more: 0, limit: 4_000)])
    }

    @Test func thousandHourlyEventsSharingOneUIDAreBoundedByTheEventLimit() throws {
        var text = Self.head
        for i in 0..<1_000 {
            text +=
                "BEGIN:VEVENT\r\nUID:same@example.com\r\nDTSTART:20260101T\(i % 24 < 10 ? "0\(i % 24)" : "\(i % 24)")0000Z\r\n"
                + "RRULE:FREQ=HOURLY\r\nEND:VEVENT\r\n"
        }
        text += Self.tail
        let parsed = try ICalParser.parse(text)
        var expander = CalendarExpander(calendar: parsed, budget: ExpansionBudget(instances: 100_000))
        expander.instanceLimit = 5_000
        let expansion = expander.expand(from: 1_767_225_600, to: 1_767_312_000)
        // Master i starts at hour i % 24 and keeps 24 - i % 24 instances: masters 0 ... 392 keep 4,980 of the
        // group's 5,000; master 393 (line 1968) needs 30 iterator results (to 15 hours past the window).
        #expect(expansion.instances.isEmpty)
        #expect(expansion.problems == [.tooManyInstances(uid: "same@example.com", line: 1968, limit: 5_000)])
    }

    @Test func aMinutelyRuleOnADateFromYearsAgoSkipsToTheWindow() throws {
        // A DATE start with a sub-daily rule used to step minute by minute from 2019 (millions of steps).
        let parsed = try ICalParser.parse(
            Self.head
                + "BEGIN:VEVENT\r\nUID:d@example.com\r\nDTSTART;VALUE=DATE:20190124\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\n"
                + Self.tail)
        let expansion = CalendarExpander(calendar: parsed).expand(from: 1_767_225_600, to: 1_767_398_400)
        #expect(expansion.problems.isEmpty)
        #expect(expansion.instances.map(\.start) == [1_767_225_600, 1_767_312_000])  // 2026-01-01, 2026-01-02
    }

    @Test func aSeriesAtTheLastSecondOfYear9999IsExpandedWithoutATrap() throws {
        // Found by fuzzing: the zone's rules were asked for year 10000, which has no LocalDate.
        let parsed = try ICalParser.parse(
            Self.head
                + "BEGIN:VEVENT\r\nUID:z@example.com\r\nDTSTART;TZID=Europe/Berlin:99991231T235959\r\n"
                + "RRULE:FREQ=DAILY;COUNT=10\r\nEND:VEVENT\r\n" + Self.tail)
        let expansion = CalendarExpander(calendar: parsed).expand(from: 253_402_214_400, to: 253_402_300_800)
        #expect(expansion.instances.map(\.start) == [253_402_297_199])  // 9999-12-31T22:59:59Z
    }

    @Test func aWindowLongerThanTheSpanIsCut() throws {
        let parsed = try ICalParser.parse(
            Self.head + "BEGIN:VEVENT\r\nUID:y@example.com\r\nDTSTART;VALUE=DATE:20260101\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n"
                + Self.tail)
        let budget = ExpansionBudget(maxSpan: 10 * 366 * 86_400)
        let expansion = CalendarExpander(calendar: parsed, budget: budget).expand(from: 1_767_225_600, to: 4_102_444_800)
        #expect(expansion.instances.count == 11)  // 2026 ... 2036, the first 3,660 days
        #expect(expansion.problems == [.windowTooLong(years: 10)])
    }

    @Test func anErrorInAFileNamesIt() {
        let error = ICalError.inFile("cal/item.ics", .structure(line: 3, message: "END:VEVENT without a matching BEGIN:VEVENT"))
        #expect(error.description == "cal/item.ics: line 3: END:VEVENT without a matching BEGIN:VEVENT")
        #expect(error.line == 3)
    }
}
