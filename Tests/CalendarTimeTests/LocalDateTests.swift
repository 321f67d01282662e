import CalendarTime
import Testing

@Test func dateArithmeticRoundTrips() {
    #expect(LocalDate(daysSinceEpoch: 0) == LocalDate(year: 1970, month: 1, day: 1))
    #expect(LocalDate(year: 2026, month: 3, day: 8)!.weekday == .sunday)
    #expect(LocalDate(year: 2024, month: 2, day: 29)!.adding(days: 365) == LocalDate(year: 2025, month: 2, day: 28))
    #expect(LocalDate(year: 2026, month: 2, day: 30) == nil)
    for d in stride(from: -800_000, to: 800_000, by: 997) {
        #expect(LocalDate(daysSinceEpoch: d).daysSinceEpoch == d)
    }
}

@Test func localDateTimeFromAnySecondsCountDoesNotOverflow() {
    #expect(LocalDateTime(secondsSinceEpoch: -1).description == "1969-12-31T23:59:59")
    #expect(LocalDateTime(secondsSinceEpoch: -86_400).description == "1969-12-31T00:00:00")
    #expect(LocalDateTime(secondsSinceEpoch: 86_399).description == "1970-01-01T23:59:59")
    for s in [Int.min, Int.min + 1, Int.max] {
        let t = LocalDateTime(secondsSinceEpoch: s)
        #expect((0..<86_400).contains(t.time.secondsOfDay))
    }
}

@Test func datesAndTimesWriteTheirFixedWidthForms() {
    let date = LocalDate(daysSinceEpoch: LocalDate(year: 2026, month: 3, day: 8)!.daysSinceEpoch)
    #expect(date.basicFormat == "20260308")
    #expect(date.description == "2026-03-08")
    #expect(LocalDate(daysSinceEpoch: -719_162).basicFormat == "00010101")
    #expect(LocalDate(daysSinceEpoch: -719_162).description == "0001-01-01")
    let t = LocalTime(hour: 7, minute: 5, second: 0)!
    #expect(t.basicFormat == "070500")
    #expect(t.description == "07:05")
    #expect(LocalTime(hour: 23, minute: 59, second: 9)!.description == "23:59:09")
    #expect(LocalDateTime(date: date, time: t).basicFormat == "20260308T070500")
    // Outside four-digit years the digits are as many as the year has (padded to four).
    let far = LocalDate(daysSinceEpoch: 3_000_000)
    #expect(far.basicFormat == "\(far.year)\(far.month < 10 ? "0" : "")\(far.month)\(far.day < 10 ? "0" : "")\(far.day)")
    #expect(LocalDate(daysSinceEpoch: -800_000).description.hasPrefix("-"))
}
