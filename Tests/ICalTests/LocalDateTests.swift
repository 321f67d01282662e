import ICal
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
