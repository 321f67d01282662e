import Foundation
import Testing

@testable import DoseCalCore

/// What is wrong with `people` and with a medication's `person`: file, line, column, what was
/// wrong and what is valid; in privacy mode the same errors without a person's id or name.
@Suite struct PeopleValidationTests {
    static func errors(_ json: String) -> [String] {
        ScheduleCodec.validate(Data(json.utf8), file: "p.json").errors.map(\.compilerStyle)
    }

    static let medication = #"{"id": "a", "name": "A", "times": ["08:00"], "start": "2026-01-01"}"#

    @Test func anUnknownPersonIsNamedWithTheKnownIds() {
        #expect(
            Self.errors(
                """
                {"version": 2, "homeZone": "UTC",
                 "people": [{"id": "mia", "name": "Mia"}, {"id": "sam", "name": "Sam"}],
                 "medications": [{"id": "a", "person": "maia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
                """) == [
                    #"p.json:3:40: medications[0].person: no person has the id "maia" (did you mean "mia"?); known ids: mia, sam"#
                ])
    }

    @Test func aDuplicatePersonIdSaysWhereTheFirstIs() {
        #expect(
            Self.errors(
                """
                {"version": 2, "homeZone": "UTC",
                 "people": [{"id": "mia", "name": "Mia"},
                   {"id": "mia", "name": "Sam"}],
                 "medications": [{"id": "a", "person": "mia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
                """) == [
                    #"p.json:3:11: people[1].id: duplicate person id "mia" (first used at line 2); each person needs their own id"#
                ])
    }

    @Test func peopleAndPersonNeedVersion2() {
        #expect(
            Self.errors(
                """
                {"version": 1, "homeZone": "UTC", "people": [{"id": "mia", "name": "Mia"}],
                 "medications": [{"id": "a", "person": "mia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
                """) == [
                    #"p.json:1:45: people: people needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#,
                    #"p.json:2:40: medications[0].person: person needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#,
                ])
    }

    @Test func severalPeopleNeedEachMedicationsPerson() {
        #expect(
            Self.errors(
                """
                {"version": 2, "homeZone": "UTC",
                 "people": [{"id": "mia", "name": "Mia"}, {"id": "sam", "name": "Sam"}],
                 "medications": [\(Self.medication)]}
                """) == [
                    #"p.json:3:18: medications[0]: missing required key "person": a schedule with several people names the person who takes each medication; known ids: mia, sam"#
                ])
    }

    @Test func aPersonWithoutPeople() {
        #expect(
            Self.errors(
                """
                {"version": 2, "homeZone": "UTC",
                 "medications": [{"id": "a", "person": "mia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
                """) == [
                    #"p.json:2:40: medications[0].person: no person has the id "mia"; the schedule lists no people; add them under "people" ({"id": "mia", "name": ...}) or leave person out"#
                ])
    }

    @Test func everyKeyOfAPersonIsChecked() {
        #expect(
            Self.errors(
                """
                {"version": 2, "homeZone": "UTC", "people": [
                 {"id": "mia", "name": "Mia", "homeZone": "Mars/Base", "eyes": "blue"},
                 {"name": "Sam"},
                 {"id": "x y", "name": " ", "itinerary": [{"from": "2026-13-01", "zone": "UTC"}], "dateOfBirth": "yesterday", "allergies": [""]}],
                 "medications": [{"id": "a", "person": "mia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
                """) == [
                    #"p.json:2:43: people[0].homeZone: "Mars/Base" is not an IANA time zone name; use one like "America/New_York", "Europe/Berlin" or "UTC""#,
                    #"p.json:2:56: people[0]: unknown key "eyes"; known keys: id, name, homeZone, itinerary, dateOfBirth, allergies (keys starting with "x-" are ignored)"#,
                    #"p.json:3:2: people[1]: missing required key "id" (a stable id of 1 to 64 letters, digits, '.', '_' or '-', like "mia")"#,
                    #"p.json:4:9: people[2].id: "x y" is not a valid id; use 1 to 64 letters A-Z or a-z, digits, '.', '_' or '-'"#,
                    #"p.json:4:24: people[2].name: must not be empty or only spaces; write the text, like "Mia""#,
                    #"p.json:4:52: people[2].itinerary[0].from: "2026-13-01" is not a date; use YYYY-MM-DD, like "2026-01-05""#,
                    #"p.json:4:98: people[2].dateOfBirth: "yesterday" is not a date; use YYYY-MM-DD, like "2026-01-05""#,
                    #"p.json:4:125: people[2].allergies[0]: must not be empty or only spaces; write the text, like "penicillin""#,
                ])
    }

    /// Privacy mode: the same errors, people and medications by their position.
    @Test func privacyModeNamesNoPerson() {
        let errors = Self.errors(
            """
            {"version": 2, "homeZone": "UTC", "feed": {"privacy": true},
             "people": [{"id": "mia", "name": "Mia"}, {"id": "sam", "name": "Sam"}, {"id": "sam", "name": "Grandma"}],
             "medications": [{"id": "a", "person": "maia", "name": "A", "times": ["08:00"], "start": "2026-01-01"}]}
            """)
        #expect(
            errors == [
                "p.json:2:80: people[2].id: duplicate person id Person 2 (first used at line 2); each person needs their own id",
                "p.json:3:40: medications[0].person: no person has the id (not shown in privacy mode) (did you mean Person 1?); known ids: Person 1, Person 2",
            ])
        for name in ["mia", "maia", "sam", "Mia", "Sam", "Grandma"] {
            #expect(!errors.joined().contains(name), "\(name)")
        }
    }

    /// A version 1 file without people reads as before: no person, no people.
    @Test func version1WithoutPeopleIsUnchanged() throws {
        let s = try ScheduleCodec.decode(
            Data(#"{"version": 1, "homeZone": "UTC", "medications": [\#(Self.medication)]}"#.utf8), file: "p.json")
        #expect(s.people.isEmpty && s.medications[0].person == nil && s.person(of: s.medications[0]) == nil)
    }
}
