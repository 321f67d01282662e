import Foundation
import ICal
import Testing

@testable import DoseCal

/// The feed of a schedule with people: each person's doses in the zone that person is in (read
/// back from the feed's own text by the expander), a VTIMEZONE for every zone a person is in,
/// words that say whose dose it is, and UIDs that name no person and do not move when people are
/// renamed, reordered or given other ids.
@Suite struct PeopleFeedTests {
    typealias P = PeopleSupport

    static func feed(_ schedule: Schedule, privacy: Bool? = nil) throws -> String {
        FeedBuilder(schedule: schedule, privacy: privacy, now: Fixtures.now).build().serialized()
    }

    /// The feed's dose instances from `from` to the end of `to` (Chicago midnight, CST), as `PeopleSupport.line`s
    /// with the summary's first word (the person) in place of the medication id.
    static func instances(_ feed: String, _ from: String, _ to: String) throws -> [String] {
        let calendar = try ICalParser.parse(Array(feed.utf8), strict: true)
        let first = LocalDate(parsing: from)!.daysSinceEpoch * 86_400 + 6 * 3600
        let last = LocalDate(parsing: to)!.adding(days: 1).daysSinceEpoch * 86_400 + 6 * 3600
        return try CalendarExpander(calendar: calendar).instances(from: first, to: last)
            .filter { $0.summary?.hasPrefix("Refill") == false }
            .sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
            .map { P.line(String($0.summary?.split(separator: " ").first ?? ""), $0.start, $0.zoneID) }
    }

    /// Unfolded content lines.
    static func lines(_ feed: String) -> [String] {
        feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    /// The family's trip and grandma at home, read back from the feed: Mia's doses on Tokyo's
    /// clock from 2026-12-05, grandma's on Chicago's, each series in the zone of its person.
    @Test func eachPersonsDosesInTheirZone() throws {
        let feed = try Self.feed(P.schedule(PeopleEngineTests.household))
        #expect(
            try Self.instances(feed, "2026-12-04", "2026-12-05")
                == [
                    P.line("Mia", "2026-12-04T07:00:00-06:00", "America/Chicago"),
                    P.line("Grandma", "2026-12-04T18:00:00-06:00", "America/Chicago"),
                    P.line("Mia", "2026-12-05T07:00:00+09:00", "Asia/Tokyo"),
                    P.line("Mia", "2026-12-04T21:00:00-06:00", "America/Chicago"),
                    P.line("Mia", "2026-12-05T21:00:00+09:00", "Asia/Tokyo"),
                    P.line("Mia", "2026-12-06T07:00:00+09:00", "Asia/Tokyo"),
                    P.line("Grandma", "2026-12-05T18:00:00-06:00", "America/Chicago"),
                ].sorted(by: PeopleEngineTests.byInstant))
        let lines = Self.lines(feed)
        #expect(lines.filter { $0.hasPrefix("TZID:") }.sorted() == ["TZID:America/Chicago", "TZID:Asia/Tokyo"])
        // Grandma's three series (by weekday amount) stay in Chicago through the family's trip.
        let grandma = Self.events(lines).filter { $0.contains { $0.hasPrefix("SUMMARY:Grandma") } }
        #expect(
            grandma.map { $0.first { $0.hasPrefix("DTSTART") }! }.sorted() == [
                "DTSTART;TZID=America/Chicago:20261201T180000",
                "DTSTART;TZID=America/Chicago:20261204T180000",
                "DTSTART;TZID=America/Chicago:20261207T180000",
            ])
    }

    /// Oma lives in Berlin, the schedule in Chicago: her series is in Berlin's zone and the feed
    /// carries both VTIMEZONEs, though no one travels.
    @Test func aPersonsOwnHomeZoneHasItsVTimezone() throws {
        let s = try P.schedule(
            """
            {"version": 2, "homeZone": "America/Chicago",
             "people": [{"id": "oma", "name": "Oma", "homeZone": "Europe/Berlin"}, {"id": "grandpa", "name": "Grandpa"}],
             "medications": [
               {"id": "levothyroxine", "person": "oma", "name": "Levothyroxine", "times": ["07:00"], "start": "2026-12-01"},
               {"id": "metformin", "person": "grandpa", "name": "Metformin", "times": ["08:00"], "start": "2026-12-01"}]}
            """)
        let lines = Self.lines(try Self.feed(s))
        #expect(lines.filter { $0.hasPrefix("TZID:") }.sorted() == ["TZID:America/Chicago", "TZID:Europe/Berlin"])
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20261201T070000"))
        #expect(lines.contains("DTSTART;TZID=America/Chicago:20261201T080000"))
    }

    /// The words of a person's dose: title, instruction and alarm, for a liquid and for a
    /// tablet split by weekday; never "Take 5 ml of Mia: Amoxicillin".
    @Test func theWordsSayWhoseDoseItIs() throws {
        let lines = Self.lines(try Self.feed(P.schedule(PeopleEngineTests.household)))
        for expected in [
            "SUMMARY:Mia — Amoxicillin 250 mg/5 ml: 5 ml (250 mg)",
            "DESCRIPTION:Mia takes 5 ml (250 mg) of Amoxicillin 250 mg/5 ml at 07:00.",
            "DESCRIPTION:Time for Mia to take Amoxicillin 250 mg/5 ml: 5 ml (250 mg)",
            "SUMMARY:Grandma — Warfarin 5 mg tablets: half a tablet (2.5 mg)",
            "SUMMARY:Grandma — Warfarin 5 mg tablets: 1 tablet (5 mg)",
            "DESCRIPTION:Grandma takes 1 tablet (5 mg) of Warfarin 5 mg at 18:00.",
            "DESCRIPTION:Time for Grandma to take Warfarin 5 mg tablets: half a tablet (2.5 mg)",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(!lines.contains { $0.contains("of Mia") || $0.contains("Mia:") || $0.contains("of Grandma") })
    }

    /// UIDs hash the medication id, slot and part only (decision 0001): renaming, reordering and
    /// re-identifying people leaves every UID as it was; two people's medications of one name and
    /// time have UIDs of their own.
    @Test func uidsAreStableAndDistinctPerPerson() throws {
        func uids(_ json: String) throws -> [String] {
            Self.lines(try Self.feed(P.schedule(json))).filter { $0.hasPrefix("UID:") }.sorted()
        }
        let base = PeopleEngineTests.household
        let original = try uids(base)
        #expect(original.count == 9)  // Mia: 2 slots x 3 stretches; grandma: 3 weekday series
        #expect(try uids(base.replacingOccurrences(of: "\"Grandma\"", with: "\"Granny Jo\"")) == original)
        #expect(
            try uids(
                base.replacingOccurrences(of: "\"mia\"", with: "\"mia-2019\"")
                    .replacingOccurrences(of: "\"grandma\"", with: "\"jo\"")) == original)
        let reordered = base.replacingOccurrences(
            of: #"{"id": "mia", "name": "Mia"},\#n    {"id": "grandma", "name": "Grandma", "itinerary": []}"#,
            with: #"{"id": "grandma", "name": "Grandma", "itinerary": []},\#n    {"id": "mia", "name": "Mia"}"#)
        #expect(reordered != base)
        #expect(try uids(reordered) == original)

        let twins = try P.schedule(
            """
            {"version": 2, "homeZone": "America/Chicago",
             "people": [{"id": "mia", "name": "Mia"}, {"id": "sam", "name": "Sam"}],
             "medications": [
               {"id": "vitamin-d-mia", "person": "mia", "name": "Vitamin D", "times": [{"id": "m", "time": "08:00"}], "start": "2026-12-01"},
               {"id": "vitamin-d-sam", "person": "sam", "name": "Vitamin D", "times": [{"id": "m", "time": "08:00"}], "start": "2026-12-01"}]}
            """)
        let twinLines = Self.lines(try Self.feed(twins))
        let twinUIDs = twinLines.filter { $0.hasPrefix("UID:") }
        #expect(twinUIDs.count == 2 && Set(twinUIDs).count == 2)
        #expect(twinLines.contains("SUMMARY:Mia — Vitamin D") && twinLines.contains("SUMMARY:Sam — Vitamin D"))
    }

    /// Privacy mode: people by their place in `people` ("Person 2"), medicines not at all; no
    /// byte of the feed names a person or a medicine, by id or name, in any letter case.
    @Test func privacyNamesNoPerson() throws {
        let feed = try Self.feed(P.schedule(PeopleEngineTests.household), privacy: true)
        let lower = feed.lowercased()
        for word in ["mia", "grandma", "amoxicillin", "warfarin"] {
            #expect(!lower.contains(word), "\(word)")
        }
        let summaries = Set(Self.lines(feed).filter { $0.hasPrefix("SUMMARY:") })
        #expect(summaries == ["SUMMARY:Person 1 — Medication reminder", "SUMMARY:Person 2 — Medication reminder"])
    }

    /// The content lines of each VEVENT, in feed order.
    static func events(_ lines: [String]) -> [[String]] {
        var events: [[String]] = []
        var current: [String]?
        for line in lines {
            if line == "BEGIN:VEVENT" {
                current = []
            } else if line == "END:VEVENT" {
                events.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return events
    }
}
