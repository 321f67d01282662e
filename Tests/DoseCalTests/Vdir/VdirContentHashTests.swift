import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// The content hash is stored in users' sync stores: its value for a given content must never
/// change. Literal calendars, literal expected hashes (computed once, then pinned).
@Suite struct VdirContentHashTests {
    static let item = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//x//y//EN\r
        METHOD:PUBLISH\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19700329T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:ibuprofen-1@dosecal\r
        DTSTAMP:20261201T080000Z\r
        SEQUENCE:3\r
        SUMMARY:Ibuprofène 400 mg – nach dem Essen\r
        DTSTART;TZID=Europe/Berlin:20261201T080000\r
        DURATION:PT15M\r
        RRULE:FREQ=DAILY;UNTIL=20261231T070000Z\r
        ATTENDEE;ROLE=REQ-PARTICIPANT;cn=Ana;PARTSTAT=ACCEPTED:mailto:ana@example.org\r
        X-MOZ-LASTACK:20261201T090000Z\r
        CATEGORIES:Medication,Morning\r
        BEGIN:VALARM\r
        TRIGGER:-PT10M\r
        ACTION:DISPLAY\r
        DESCRIPTION:Ibuprofène\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func aLiteralItemHasItsPinnedHash() throws {
        let content = try VdirContent(bytes: Data(Self.item.utf8))
        #expect(content.uids == ["ibuprofen-1@dosecal"])
        #expect(content.hash == "4d14b674679370e5a5c68de8bb13f3d415462388ecfb2434017b8826de53610e")
    }

    @Test func volatilePropertiesAndOrderDoNotChangeTheHash() throws {
        let shuffled = Self.item
            .replacingOccurrences(of: "SEQUENCE:3\r\n", with: "SEQUENCE:4\r\nLAST-MODIFIED:20261202T000000Z\r\n")
            .replacingOccurrences(of: "METHOD:PUBLISH\r\n", with: "CALSCALE:GREGORIAN\r\n")
            .replacingOccurrences(
                of: "ATTENDEE;ROLE=REQ-PARTICIPANT;cn=Ana;PARTSTAT=ACCEPTED",
                with: "ATTENDEE;PARTSTAT=ACCEPTED;CN=Ana;ROLE=REQ-PARTICIPANT")
        let hash = try VdirContent(bytes: Data(shuffled.utf8)).hash
        #expect(hash == "4d14b674679370e5a5c68de8bb13f3d415462388ecfb2434017b8826de53610e")
    }

    @Test func aChangedValueChangesTheHash() throws {
        let edited = Self.item.replacingOccurrences(of: "DURATION:PT15M", with: "DURATION:PT20M")
        let hash = try VdirContent(bytes: Data(edited.utf8)).hash
        #expect(hash == "fb21ceab640fa3bddd5887e6f0faae378cd9c8e9d98459523c1b9a86890aec4b")
    }

    @Test func sharedZoneTextGivesTheWholeCalendarsHash() throws {
        let calendar = try #require(try ICalParser.parse(Array(Self.item.utf8)).components.first)
        var events = calendar
        events.components.removeAll { $0.name == "VTIMEZONE" }
        let zones = calendar.components(named: "VTIMEZONE").map { VdirContent.canonical($0) }
        #expect(
            VdirContent(calendar: events, adding: zones).hash
                == "4d14b674679370e5a5c68de8bb13f3d415462388ecfb2434017b8826de53610e")
        #expect(
            VdirContent.hashes([(events, zones), (events, zones), (events, [])]) == [
                "4d14b674679370e5a5c68de8bb13f3d415462388ecfb2434017b8826de53610e",
                "4d14b674679370e5a5c68de8bb13f3d415462388ecfb2434017b8826de53610e",
                "d51e223285a77e58ee6955b3b41197c59922d7073e0fdda0a2e2bfa777b7c37d",
            ])
    }

    @Test func aFixtureItemsHashesArePinned() throws {
        let feed = FeedBuilder(schedule: try Fixtures.schedule("daily.json"), now: Fixtures.now).build()
        let items = VdirItem.items(of: feed)
        #expect(
            items.map(\.hash) == [
                "f491e2e4e84dc33716ed3e87286697c13cb66e551bc23faa6c8b360e7fe17cca",
                "67f9aa91421a02b31f395c1f356937cf38ae6f5f13945e3878663c98eeac2ac7",
                "ad0943844e2c42a38bbd0ac5dec80efdcdab63f52a947d2838202b60ba2a7799",
                "4b57497f4cf11b668ef17d09a0fc6fc5a02e77922461de099aabf54f6c9deeab",
                "b8356dbd96f2e14d4a6431a80042f404c77becf158dd867dac59eb7d6bab36d5",
            ])
        // The key (the item as built) is the hash of the file as read: the same values.
        #expect(items.map(\.key) == items.map(\.hash))
    }
}
