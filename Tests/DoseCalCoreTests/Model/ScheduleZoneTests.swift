import Foundation
import Testing

@testable import DoseCalCore

/// Zone names are resolved once, when the schedule is read, and the values carry the `Zone`.
@Suite struct ScheduleZoneTests {
    static let text = """
        {"version": 1, "homeZone": "Asia/Kolkata", "medications": [
          {"id": "a", "name": "A", "times": ["08:00"], "start": "2026-11-30"},
          {"id": "b", "name": "B", "times": ["08:00"], "start": "2026-11-30",
           "timePolicy": {"kind": "pinned", "zone": "America/Chicago"}}
        ], "itinerary": [{"from": "2026-12-02", "zone": "Asia/Tokyo"}]}
        """

    @Test func readZonesAreResolvedValues() throws {
        let s = try ScheduleCodec.decode(Data(Self.text.utf8), file: "t.json")
        #expect(s.home == Zone("Asia/Kolkata"))
        #expect(s.homeZone == "Asia/Kolkata")
        #expect(s.itinerary.map(\.zone) == [Zone("Asia/Tokyo")!])
        #expect(s.medications[1].timePolicy.pinnedZone == Zone("America/Chicago"))
        #expect(s.medications[0].timePolicy.pinnedZone == nil)
    }

    @Test func occurrencesCarryTheZoneTheyAreReadIn() throws {
        let s = try ScheduleCodec.decode(Data(Self.text.utf8), file: "t.json")
        let engine = WallClockEngine(schedule: s)
        let day = { (text: String) in LocalDate(parsing: text)! }
        #expect(engine.personZone(of: s.medications[0], on: day("2026-12-01")).identifier == "Asia/Kolkata")
        #expect(engine.personZone(of: s.medications[0], on: day("2026-12-02")).identifier == "Asia/Tokyo")
        let wall = engine.occurrences(of: s.medications[0], from: day("2026-11-30"), to: day("2026-12-02"))
        // 08:00 in Kolkata (UTC+05:30) on 2026-11-30 is 02:30Z; 08:00 in Tokyo on 2026-12-02 is 23:00Z the day before.
        #expect(wall.first?.instant == 1_796_005_800)
        #expect(wall.first?.zone?.identifier == "Asia/Kolkata")
        #expect(wall.last?.instant == 1_796_166_000)
        #expect(wall.last?.zone?.identifier == "Asia/Tokyo")
        let pinned = engine.occurrences(of: s.medications[1], from: day("2026-11-30"), to: day("2026-11-30"))
        // 08:00 in Chicago (CST, UTC-06:00) is 14:00Z, travel or not.
        #expect(pinned.map(\.instant) == [1_796_047_200])
        #expect(pinned.first?.zone?.identifier == "America/Chicago")
    }

    @Test func writtenZonesAreTheIdentifiers() throws {
        let s = try ScheduleCodec.decode(Data(Self.text.utf8), file: "t.json")
        let text = String(decoding: ScheduleCodec.encode(s), as: UTF8.self)
        #expect(text.contains(#""homeZone": "Asia/Kolkata""#))
        #expect(text.contains(#""zone": "Asia/Tokyo""#))
        #expect(text.contains(#""zone": "America/Chicago""#))
        #expect(try ScheduleCodec.decode(Data(text.utf8), file: "t.json") == s)
    }

    @Test func aZoneWithoutZoneDataIsAnErrorAtItsLine() {
        let text = Self.text.replacingOccurrences(of: "America/Chicago", with: "America/Atlantis")
        #expect(throws: ScheduleError.self) { try ScheduleCodec.decode(Data(text.utf8), file: "t.json") }
        let message = ScheduleCodec.validate(Data(text.utf8), file: "t.json").errors.first?.description ?? ""
        #expect(message.hasPrefix(#"t.json:4: medications[1].timePolicy.zone: "America/Atlantis" is not an IANA time zone name"#))
    }
}
