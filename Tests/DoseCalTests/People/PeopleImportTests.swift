import Foundation
import ICal
import Testing

@testable import DoseCal

/// Import reads people back from a feed dosecal wrote (decision 0248): the person each title
/// names, the itinerary most people share as the schedule's, a person who stays at home or lives
/// elsewhere with their own; the re-exported feed fires every dose at the same instant.
@Suite struct PeopleImportTests {
    typealias P = PeopleSupport

    static func imported(_ schedule: Schedule) throws -> (feed: String, schedule: Schedule) {
        let feed = try PeopleFeedTests.feed(schedule)
        let report = try CalendarImporter().run([ReturnedCalendar(parsing: Array(feed.utf8))])
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        return (feed, report.schedule)
    }

    @Test func theFamilyAndGrandmaComeBack() throws {
        let original = try P.schedule(PeopleEngineTests.household)
        let (feed, back) = try Self.imported(original)
        #expect(back.version == 2 && back.homeZone == "America/Chicago")
        #expect(
            back.people == [
                Person(id: "mia", name: "Mia"), Person(id: "grandma", name: "Grandma", itinerary: []),
            ])
        #expect(back.itinerary == original.itinerary)
        #expect(back.medications.map { "\($0.id) \($0.person ?? "-")" } == ["amoxicillin mia", "warfarin grandma"])
        #expect(
            try PeopleFeedTests.instances(PeopleFeedTests.feed(back), "2026-12-01", "2026-12-20")
                == PeopleFeedTests.instances(feed, "2026-12-01", "2026-12-20"))
    }

    @Test func aPersonsOwnHomeZoneComesBack() throws {
        let original = try P.schedule(
            """
            {"version": 2, "homeZone": "America/Chicago",
             "people": [{"id": "grandpa", "name": "Grandpa"}, {"id": "oma", "name": "Oma", "homeZone": "Europe/Berlin"},
                        {"id": "opa", "name": "Opa"}],
             "medications": [
               {"id": "metformin", "person": "grandpa", "name": "Metformin", "times": ["08:00"], "start": "2026-12-01"},
               {"id": "levothyroxine", "person": "oma", "name": "Levothyroxine", "times": ["07:00"], "start": "2026-12-01"},
               {"id": "ramipril", "person": "opa", "name": "Ramipril", "times": ["09:00"], "start": "2026-12-01"}]}
            """)
        let (_, back) = try Self.imported(original)
        // The feed does not carry the order of `people`: they come back in the order their
        // series come in the feed.
        #expect(
            back.people.sorted { $0.id < $1.id } == [
                Person(id: "grandpa", name: "Grandpa"), Person(id: "oma", name: "Oma", home: Zone("Europe/Berlin")),
                Person(id: "opa", name: "Opa"),
            ])
        #expect(back.homeZone == "America/Chicago")
        #expect(
            back.medications.map { "\($0.id) \($0.person ?? "-")" }.sorted() == [
                "levothyroxine oma", "metformin grandpa", "ramipril opa",
            ])
    }
}
