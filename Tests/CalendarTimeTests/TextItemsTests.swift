import Testing

@testable import CalendarTime

/// Byte by byte (ASCII text) and character by character (anything else) give the items the
/// character split gives.
@Suite struct TextItemsTests {
    @Test(arguments: [
        "", ",", "MO,TU", ",MO,,TU,", "1,-1,+2", "MO,TU\u{301},WE", "é,,e\u{301}", ";;FREQ=DAILY;;COUNT=3;", "a;b,c",
    ])
    func theItemsOfTheCharacterSplit(_ text: String) {
        for separator in [UInt8(ascii: ","), UInt8(ascii: ";")] {
            for omitting in [false, true] {
                let expected = text.split(
                    separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: omitting)
                let items = TextItems.split(text, separator: separator, omittingEmpty: omitting)
                #expect(items == expected, "\(text) \(separator) \(omitting)")
            }
        }
    }

    @Test func literalItems() {
        #expect(TextItems.split("MO,,TU", separator: UInt8(ascii: ","), omittingEmpty: false) == ["MO", "", "TU"])
        #expect(
            TextItems.split(";FREQ=WEEKLY;;BYDAY=MO;", separator: UInt8(ascii: ";"), omittingEmpty: true) == [
                "FREQ=WEEKLY", "BYDAY=MO",
            ])
    }
}
