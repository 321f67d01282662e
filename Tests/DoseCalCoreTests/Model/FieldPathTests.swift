import Foundation
import Testing

@testable import DoseCalCore

/// `FieldPath.text`: the path an error names, written the way the messages always wrote it.
@Suite struct FieldPathTests {
    @Test func topLevelIsEmpty() {
        #expect(FieldPath.root.text == "")
    }

    @Test func membersJoinWithDotsAndIndicesInBrackets() {
        let times = FieldPath.root.member("medications").element(2).member("times")
        #expect(times.text == "medications[2].times")
        #expect(times.element(0).member("until").text == "medications[2].times[0].until")
    }

    @Test func membersShareTheirObjectsParent() {
        let parent = FieldPath.Parent(FieldPath.root.member("feed"))
        #expect(parent.member("name").text == "feed.name")
        #expect(parent.member("color").text == "feed.color")
        #expect(FieldPath.Parent(.root).member("version").text == "version")
    }

    /// An itinerary file that is a bare array: its elements are `[0]`, `[1].zone`.
    @Test func elementsOfATopLevelList() {
        #expect(FieldPath.root.element(0).text == "[0]")
        #expect(FieldPath.root.element(1).member("zone").text == "[1].zone")
    }

    @Test func bareItineraryErrorNamesTheElement() throws {
        let data = Data(#"[{"from": "2026-01-01", "zone": "Mars/Olympus"}]"#.utf8)
        #expect(throws: ScheduleError.self) { try ScheduleCodec.decodeItinerary(data, file: "trip.json") }
        do {
            _ = try ScheduleCodec.decodeItinerary(data, file: "trip.json")
        } catch {
            #expect(error.path == "[0].zone")
        }
    }
}
