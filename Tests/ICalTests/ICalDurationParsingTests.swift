import Testing

@testable import ICal

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

    /// Read from their bytes or by their characters, values read the same: every text of up to
    /// five of these pieces, and some that only the characters can read (a space, a long s).
    @Test func bytesReadAsCharactersDo() {
        let pieces = ["P", "T", "1", "0", "15", "-", "+", "W", "D", "H", "M", "S", "p", "t", "m", "X", " ", "ſ"]
        var texts = [""]
        var all: [String] = []
        for _ in 0..<4 {
            texts = texts.flatMap { t in pieces.map { t + $0 } }
            all += texts
        }
        all += ["PT15M ", " PT15M", "PT5ſ", "PT999999999999999999H", "-P1W2D", "P1WT"]
        var read = 0
        for text in all {
            let (bytes, characters) = (ICalDuration(parsing: text), ICalDuration(characters: text))
            #expect(bytes == characters, "\(text)")
            if bytes != nil { read += 1 }
        }
        #expect(read > 100)
        #expect(ICalDuration(parsing: "PT5ſ")?.seconds == 5)
    }
}
