import ICal
import Testing

@Suite struct RecurrenceRuleParsingTests {
    @Test func readsPartsInAnyOrderAndCase() throws {
        let rule = try #require(RecurrenceRule(parsing: "byday=MO,-1FR;Freq=Weekly;INTERVAL=2;WKST=SU;COUNT=10"))
        #expect(rule.frequency == .weekly)
        #expect(rule.interval == 2)
        #expect(rule.count == 10)
        #expect(rule.byDay == [.init(.monday), .init(.friday, ordinal: -1)])
        #expect(rule.weekStart == .sunday)
        #expect(rule.description == "FREQ=WEEKLY;COUNT=10;INTERVAL=2;BYDAY=MO,-1FR;WKST=SU")
    }

    @Test func rejectsWhatItCannotHold() {
        #expect(RecurrenceRule(parsing: "INTERVAL=2") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=FORTNIGHTLY") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=DAILY;INTERVAL=0") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=DAILY;COUNT=-1") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=2026") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=13") == nil)
    }

    /// Google: date-only UNTIL on a TZID series means "through that day" in the series' zone.
    @Test func dateOnlyUntilOnATimedSeriesIsTheEndOfThatDay() throws {
        let rule = try #require(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261231"))
        #expect(rule.until == .date(LocalDate(year: 2026, month: 12, day: 31)!))
        let start = DateTimeValue.zoned(
            LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 5)!, time: LocalTime(hour: 8, minute: 0)!),
            tzid: "Europe/Berlin")
        #expect(rule.normalizedUntil(for: start)?.description == "2026-12-31T23:59:59 Europe/Berlin")
        #expect(rule.untilBreaksRule(for: start))
        let utcStart = DateTimeValue(parsing: "20260105T070000Z")!
        #expect(rule.normalizedUntil(for: utcStart)?.valueText == "20261231T235959Z")
    }

    /// Exchange: floating UNTIL on a TZID series is wall-clock time in the series' zone.
    @Test func floatingUntilOnAZonedSeriesTakesTheSeriesZone() throws {
        let rule = try #require(RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=20261215T080000;BYDAY=TU"))
        let start = try #require(DateTimeValue(parsing: "20260106T080000", tzid: "W. Europe Standard Time"))
        #expect(
            rule.normalizedUntil(for: start)
                == .zoned(
                    LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 15)!, time: LocalTime(hour: 8, minute: 0)!),
                    tzid: "W. Europe Standard Time"))
        #expect(rule.untilBreaksRule(for: start))
    }

    /// Outlook: UTC UNTIL on an all-day series is the last day's local midnight: the nearest date.
    @Test func utcUntilOnAnAllDaySeriesBecomesADate() throws {
        let start = DateTimeValue.date(LocalDate(year: 2026, month: 1, day: 5)!)
        let midnight = try #require(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261215T000000Z"))
        #expect(midnight.normalizedUntil(for: start) == .date(LocalDate(year: 2026, month: 12, day: 15)!))
        let late = try #require(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261214T230000Z"))
        #expect(late.normalizedUntil(for: start) == .date(LocalDate(year: 2026, month: 12, day: 15)!))  // +01:00 midnight
        let west = try #require(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261215T050000Z"))
        #expect(west.normalizedUntil(for: start) == .date(LocalDate(year: 2026, month: 12, day: 15)!))  // -05:00 midnight
        #expect(late.untilBreaksRule(for: start))
    }

    @Test func conformingUntilIsKept() throws {
        let rule = try #require(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261231T225959Z"))
        let start = try #require(DateTimeValue(parsing: "20260105T080000", tzid: "Europe/Berlin"))
        #expect(rule.normalizedUntil(for: start) == rule.until?.value)
        #expect(!rule.untilBreaksRule(for: start))
        #expect(RecurrenceRule(.daily).normalizedUntil(for: start) == nil)
    }

    /// What libical's parser hands us for the invalid UNTIL forms: the value survives, so the
    /// lenient reading above gets to see it.
    @Test(arguments: ["FREQ=DAILY;UNTIL=20261231", "FREQ=DAILY;UNTIL=20261231T235959", "FREQ=DAILY;UNTIL=20261215T000000Z"])
    func libicalKeepsInvalidUntilForms(rrule: String) throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20260105T080000\r\nRRULE:\(rrule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let parsed = try ICalParser.parse(text, strict: true)
        let value = try #require(parsed.calendar?.components.first?.property("RRULE")?.value)
        let rule = try #require(RecurrenceRule(parsing: value))
        #expect(rule.until == RecurrenceRule(parsing: rrule)?.until)
    }
}
