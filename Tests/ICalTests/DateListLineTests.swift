import Testing

@testable import ICal

/// A long EXDATE or RDATE list on one line: libical's line parser keeps the first 500 values of
/// one property and drops the rest without an error; dosecal hands it the list in parts
/// (`ValueListLine`), so one line and one line per value read the same.
@Suite struct DateListLineTests {
    /// 800 dates from 2026-12-05, 08:00 in New York: `YYYYMMDDT080000`.
    static let dates: [String] = (0..<800).map { i in
        let d = LocalDate(year: 2026, month: 12, day: 5)!.adding(days: i)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(d.year)\(two(d.month))\(two(d.day))T080000"
    }

    static func calendar(_ lines: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261201T000000Z\r\n"
            + "DTSTART;TZID=America/New_York:20261201T080000\r\nRRULE:FREQ=DAILY\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static func values(_ text: String, _ name: String) throws -> [String] {
        let event = try #require(try ICalParser.parse(text).calendar?.components(named: "VEVENT").first)
        return event.properties(named: name).flatMap { $0.value.split(separator: ",").map(String.init) }
    }

    @Test(arguments: ["EXDATE", "RDATE"])
    func eightHundredValuesOnOneLineAreEightHundred(_ name: String) throws {
        let oneLine = Self.calendar("\(name);TZID=America/New_York:\(Self.dates.joined(separator: ","))\r\n")
        let perLine = Self.calendar(Self.dates.map { "\(name);TZID=America/New_York:\($0)\r\n" }.joined())
        #expect(try Self.values(oneLine, name) == Self.dates)
        #expect(try Self.values(perLine, name) == Self.dates)
        let event = try #require(try ICalParser.parse(oneLine).calendar?.components(named: "VEVENT").first)
        #expect(event.properties(named: name).allSatisfy { $0.parameter("TZID") == "America/New_York" && $0.line == 9 })
    }

    @Test func partsKeepNameAndParametersAndEveryValue() throws {
        let line = Array("EXDATE;TZID=\"A:B\":".utf8) + Array(Self.dates.joined(separator: ",").utf8)
        let parts = try #require(ValueListLine.parts(line))
        #expect(parts.count == 4)
        #expect(parts.allSatisfy { $0.starts(with: Array("EXDATE;TZID=\"A:B\":".utf8)) })
        let values = parts.flatMap { String(decoding: $0, as: UTF8.self).split(separator: ":").last!.split(separator: ",") }
        #expect(values.map(String.init) == Self.dates)
        #expect(ValueListLine.parts(Array("EXDATE:20261205T080000Z,20261206T080000Z".utf8)) == nil)
        #expect(ValueListLine.parts(Array("CATEGORIES:".utf8) + Array(repeating: UInt8(ascii: ","), count: 600)) == nil)
    }
}
