import Testing

@testable import DoseCal

/// The feed's texts put together as bytes spell every piece as `description` and interpolation do.
@Suite struct TextBuilderTests {
    @Test func piecesAsInterpolated() {
        var text = TextBuilder()
        text.add("Take ")
        text.add(4)
        text.add(" of ")
        text.add(-12)
        text.add(" ünï 💊 ")
        text.add(LocalDate(year: 2026, month: 3, day: 9)!)
        text.add(" at ")
        text.add(LocalTime(hour: 8, minute: 5)!)
        text.add(", ")
        text.add(LocalTime(hour: 23, minute: 59, second: 7)!)
        #expect(text.string == "Take 4 of -12 ünï 💊 2026-03-09 at 08:05, 23:59:07")
    }

    @Test func datesTimesAndNumbersAsTheirDescription() {
        let days = [0, 1, 59, 365, 10_957, 20_000, 2_932_896, -1, -719_528, -800_000, 3_000_000]
        for day in days {
            let date = LocalDate(daysSinceEpoch: day)
            var text = TextBuilder()
            text.add(date)
            #expect(text.string == date.description, "\(day)")
        }
        for (h, m, s) in [(0, 0, 0), (9, 5, 0), (23, 59, 59), (12, 0, 60), (7, 30, 1)] {
            let time = LocalTime(hour: h, minute: m, second: s)!
            var text = TextBuilder()
            text.add(time)
            #expect(text.string == time.description)
        }
        for n in [0, 7, 10, 99, 100, 12_345, -1, -987, Int.max, Int.min] {
            var text = TextBuilder()
            text.add(n)
            #expect(text.string == String(n))
        }
    }
}
