import ICal
import Testing

@Suite struct ICalDurationParsingTests {
    @Test(arguments: [
        ("PT15M", 900), ("-PT15M", -900), ("+PT1H", 3600), ("P1D", 86_400), ("P2W", 1_209_600), ("PT0S", 0),
        ("-P0DT0H10M0S", -600), ("P1DT2H", 93_600), ("p1dt", 86_400), ("-PT0M", 0),
    ])
    func readsShortAndLongForms(text: String, seconds: Int) {
        #expect(ICalDuration(parsing: text)?.seconds == seconds)
    }

    @Test(arguments: ["", "P", "PT", "15M", "PT15", "P1H", "PT1D", "P999999999999999999W", "P1DT2X"])
    func rejectsWhatIsNotADuration(text: String) {
        #expect(ICalDuration(parsing: text) == nil)
    }
}
