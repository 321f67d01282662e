import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// `feed.color`: RFC 7986 COLOR (a CSS3 name) and X-APPLE-CALENDAR-COLOR (#RRGGBB).
@Suite struct FeedColorTests {
    @Test(arguments: [
        ("teal", "teal", "#008080"), ("Teal", "teal", "#008080"), ("#008080", "teal", "#008080"),
        ("#ff7f51", "coral", "#FF7F51"), ("#000001", "black", "#000001"),
    ])
    func readsNamesAndHex(text: String, name: String, hex: String) throws {
        let color = try #require(FeedColor(parsing: text))
        #expect(color.cssName == name)
        #expect(color.hex == hex)
    }

    @Test(arguments: ["tealish", "#00808", "#0080800", "008080", "#GG0000", ""])
    func refusesOthers(text: String) {
        #expect(FeedColor(parsing: text) == nil)
    }

    @Test func theFeedCarriesBothProperties() throws {
        let text = scheduleText(top: ##"\##n  "feed": {"color": "#FF7F51"},"##)
        let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        #expect(feed.contains("\r\nX-WR-CALNAME:Medications\r\nCOLOR:coral\r\nX-APPLE-CALENDAR-COLOR:#FF7F51\r\n"))
        let parsed = try #require(try ICalParser.parse(Array(feed.utf8)).calendar)
        #expect(parsed.property("COLOR")?.value == "coral")
        #expect(
            ScheduleCodec.encode(schedule)
                == ScheduleCodec.encode(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "t")))
        #expect(String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self).contains(##""color": "#FF7F51""##))
    }

    @Test func noColorNoProperty() throws {
        let schedule = try ScheduleCodec.decode(Data(scheduleText().utf8), file: "t.json")
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        #expect(!feed.contains("COLOR"))
    }

    @Test func aBadColorSaysWhatIsValid() {
        #expect(
            decodeError(scheduleText(top: #"\#n  "feed": {"color": "tael"},"#))
                == ##"t.json:4: feed.color: "tael" is not a colour (did you mean "teal"?); use a CSS3 colour name like "teal" or "#RRGGBB" like "#008080""##
        )
    }
}
