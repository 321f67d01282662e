import Testing

@testable import ICal

/// Lines written straight to bytes are the serialiser's lines for the same properties.
@Suite struct ContentLinesTests {
    static let day = LocalDate(year: 2026, month: 3, day: 29)!
    static let time = LocalDateTime(date: day, time: LocalTime(hour: 8, minute: 5, second: 7)!)

    static let values: [DateTimeValue] = [
        .date(day), .floating(time), .utc(time), .zoned(time, tzid: "Europe/Berlin"), .zoned(time, tzid: "a,b;c:d\"e"),
        .utc(LocalDateTime(date: LocalDate(daysSinceEpoch: 4_000_000), time: LocalTime(hour: 0, minute: 0)!)),
        .utc(LocalDateTime(date: LocalDate(year: 7, month: 12, day: 31)!, time: LocalTime(hour: 23, minute: 59, second: 60)!)),
    ]

    static let rules: [RecurrenceRule] = [
        RecurrenceRule(.daily),
        RecurrenceRule(.daily, interval: 3, until: .utc(time)),
        RecurrenceRule(.daily, count: 12),
        RecurrenceRule(.weekly, until: .floating(time), byDay: [.init(.monday), .init(.wednesday), .init(.friday)]),
        RecurrenceRule(.weekly, byDay: [.init(.friday), .init(.monday)]),
        RecurrenceRule(.weekly, interval: 2, byDay: [.init(.sunday), .init(.monday)], weekStart: .sunday),
        RecurrenceRule(.weekly, byDay: [.init(.sunday), .init(.monday)], weekStart: .monday),
        RecurrenceRule(.weekly, byDay: [.init(.tuesday), .init(.tuesday)], weekStart: .wednesday),
        RecurrenceRule(.monthly, byMonthDay: [1, 15]),
        RecurrenceRule(.monthly, byDay: [.init(.sunday, ordinal: -1)]),
        RecurrenceRule(.yearly, byMonth: [3], byDay: [.init(.sunday, ordinal: -1)]),
        RecurrenceRule(.daily, until: .date(day), weekStart: .thursday),
    ]

    @Test(arguments: values)
    func dateTimesAreTheSerialisersLines(_ value: DateTimeValue) throws {
        var lines = ContentLines()
        lines.dateTime("DTSTART", value)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(value.property("DTSTART"))))
    }

    @Test(arguments: rules)
    func rulesAreTheSerialisersLines(_ rule: RecurrenceRule) throws {
        var lines = ContentLines()
        lines.rule(rule)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(rule.property)), "\(rule)")
    }

    /// The property's lines as `ICalSerializer` writes them inside a component.
    private func serialized(_ property: ICalProperty) throws -> String {
        let text = try ICalSerializer.serialize(ICalComponent("VEVENT", properties: [property]))
        return String(text.dropFirst("BEGIN:VEVENT\r\n".count).dropLast("END:VEVENT\r\n".count))
    }
}
