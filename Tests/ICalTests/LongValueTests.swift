import Testing

@testable import ICal

/// Long values (a schedule's notes of many megabytes become a DESCRIPTION): the parser hands
/// libical one unfolded content line at a time (`icalparser_add_line`), so reading stays linear,
/// and every byte of the value comes back. Speed itself is measured in `make bench`, never here.
@Suite struct LongValueTests {
    @Test func aValueOfAMegabyteOnOneLineComesBackWhole() throws {
        let value =
            String(repeating: "Take with food and not with grapefruit juice - über 2 h vor dem Essen. ", count: 16_000) + "End."
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261201T000000Z\r\n"
            + "DTSTART:20261201T080000Z\r\nDESCRIPTION:\(value)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(value.utf8.count > 1_000_000)
        let parsed = try ICalParser.parse(text, strict: true)
        let event = try #require(parsed.calendar?.components(named: "VEVENT").first)
        let read = event.property("DESCRIPTION")?.value ?? ""
        let same = read == value
        #expect(
            same,
            "\(read.utf8.count) octets read back of \(value.utf8.count); first difference at \(zip(read.utf8, value.utf8).prefix { $0 == $1 }.count)"
        )
    }
}
