import DoseCal
import Testing

/// Every dose is read in the zone ITS person is in that day (a person's own `homeZone` and
/// `itinerary`, else the schedule's). Literal inputs; expected instants written with the offset of
/// the zone the person is in.
@Suite struct PeopleEngineTests {
    /// The household of the issue in one schedule: the family flies Chicago -> Tokyo on
    /// 2026-12-05 and back on 2026-12-12 (the schedule's itinerary), Mia with them; grandma stays
    /// at home (`"itinerary": []`) with warfarin, 5 mg on Mondays and Fridays and 2.5 mg on the
    /// other days, at 18:00.
    static let household = """
        {
          "version": 2,
          "homeZone": "America/Chicago",
          "people": [
            {"id": "mia", "name": "Mia"},
            {"id": "grandma", "name": "Grandma", "itinerary": []}
          ],
          "medications": [
            {
              "id": "amoxicillin", "person": "mia", "name": "Amoxicillin", "strength": "250 mg/5 ml",
              "form": "liquid", "amount": 5,
              "times": [{"id": "morning", "time": "07:00"}, {"id": "night", "time": "21:00"}],
              "start": "2026-12-01", "end": "2026-12-14"
            },
            {
              "id": "warfarin", "person": "grandma", "name": "Warfarin", "strength": "5 mg", "form": "tablet",
              "amount": 0.5, "doses": [{"weekdays": ["MO", "FR"], "amount": 1}],
              "times": [{"id": "evening", "time": "18:00"}], "start": "2026-12-01"
            }
          ],
          "itinerary": [
            {"from": "2026-12-05", "zone": "Asia/Tokyo"},
            {"from": "2026-12-12", "zone": "America/Chicago"}
          ]
        }
        """

    typealias P = PeopleSupport

    @Test func theFamilyInTokyoAndGrandmaAtHome() throws {
        let s = try P.schedule(Self.household)
        #expect(
            P.doses(s, "2026-12-04", "2026-12-06")
                == [
                    P.line("amoxicillin", "2026-12-04T07:00:00-06:00", "America/Chicago"),
                    P.line("warfarin", "2026-12-04T18:00:00-06:00", "America/Chicago"),
                    // Mia's first morning in Tokyo comes before her last night in Chicago (the
                    // wall-clock policy; check reports the pair, gradual avoids it).
                    P.line("amoxicillin", "2026-12-05T07:00:00+09:00", "Asia/Tokyo"),
                    P.line("amoxicillin", "2026-12-04T21:00:00-06:00", "America/Chicago"),
                    P.line("amoxicillin", "2026-12-05T21:00:00+09:00", "Asia/Tokyo"),
                    P.line("amoxicillin", "2026-12-06T07:00:00+09:00", "Asia/Tokyo"),
                    P.line("warfarin", "2026-12-05T18:00:00-06:00", "America/Chicago"),
                    P.line("amoxicillin", "2026-12-06T21:00:00+09:00", "Asia/Tokyo"),
                    P.line("warfarin", "2026-12-06T18:00:00-06:00", "America/Chicago"),
                ].sorted(by: Self.byInstant))
        #expect(
            P.doses(s, "2026-12-12", "2026-12-12") == [
                P.line("amoxicillin", "2026-12-12T07:00:00-06:00", "America/Chicago"),
                P.line("warfarin", "2026-12-12T18:00:00-06:00", "America/Chicago"),
                P.line("amoxicillin", "2026-12-12T21:00:00-06:00", "America/Chicago"),
            ])
    }

    /// Grandma's amount follows HER date in Chicago: Friday 2026-12-04 and Monday 2026-12-07 one
    /// tablet, the days between half a tablet, while the family's date in Tokyo is a day ahead.
    @Test func grandmasAmountsByHerWeekday() throws {
        let s = try P.schedule(Self.household)
        let engine = WallClockEngine(schedule: s)
        let warfarin = s.medications[1]
        let amounts = engine.occurrences(
            of: warfarin, from: LocalDate(parsing: "2026-12-04")!, to: LocalDate(parsing: "2026-12-08")!
        )
        .map { "\($0.local.date) \($0.amount)" }
        #expect(amounts == ["2026-12-04 1.0", "2026-12-05 0.5", "2026-12-06 0.5", "2026-12-07 1.0", "2026-12-08 0.5"])
        #expect(engine.personZone(of: warfarin, on: LocalDate(parsing: "2026-12-08")!).identifier == "America/Chicago")
        #expect(engine.personZone(of: s.medications[0], on: LocalDate(parsing: "2026-12-08")!).identifier == "Asia/Tokyo")
    }

    /// Without `"itinerary": []` grandma would follow the schedule's itinerary to Tokyo: the
    /// person's empty list is what keeps her at home.
    @Test func withoutHerOwnItineraryGrandmaTravelsWithTheSchedule() throws {
        let s = try P.schedule(Self.household.replacingOccurrences(of: #", "itinerary": []"#, with: ""))
        #expect(s.people[1].itinerary == nil)
        #expect(
            P.doses(s, "2026-12-05", "2026-12-05").filter { $0.hasPrefix("warfarin") } == [
                P.line("warfarin", "2026-12-05T18:00:00+09:00", "Asia/Tokyo")
            ])
    }

    /// A person's own home zone and own itinerary, while the schedule stays in Chicago: Sam flies
    /// to Tokyo alone on 2026-12-05; Oma lives in Berlin. Each person's daylight-saving change
    /// happens in their zone: Chicago's on 2027-03-14, Berlin's on 2027-03-28.
    @Test func ownHomeZoneAndOwnItinerary() throws {
        let s = try P.schedule(
            """
            {
              "version": 2, "homeZone": "America/Chicago",
              "people": [
                {"id": "sam", "name": "Sam", "itinerary": [{"from": "2026-12-05", "zone": "Asia/Tokyo"}]},
                {"id": "oma", "name": "Oma", "homeZone": "Europe/Berlin"},
                {"id": "grandma", "name": "Grandma"}
              ],
              "medications": [
                {"id": "vitamin", "person": "sam", "name": "Vitamin D", "times": ["08:00"], "start": "2026-12-01"},
                {"id": "levothyroxine", "person": "oma", "name": "Levothyroxine", "times": ["07:00"], "start": "2026-12-01"},
                {"id": "warfarin", "person": "grandma", "name": "Warfarin", "times": ["18:00"], "start": "2026-12-01"}
              ]
            }
            """)
        #expect(
            P.doses(s, "2026-12-04", "2026-12-05")
                == [
                    P.line("levothyroxine", "2026-12-04T07:00:00+01:00", "Europe/Berlin"),
                    P.line("vitamin", "2026-12-04T08:00:00-06:00", "America/Chicago"),
                    P.line("warfarin", "2026-12-04T18:00:00-06:00", "America/Chicago"),
                    P.line("levothyroxine", "2026-12-05T07:00:00+01:00", "Europe/Berlin"),
                    P.line("vitamin", "2026-12-05T08:00:00+09:00", "Asia/Tokyo"),
                    P.line("warfarin", "2026-12-05T18:00:00-06:00", "America/Chicago"),
                ].sorted(by: Self.byInstant))
        let march = P.doses(s, "2027-03-13", "2027-03-14") + P.doses(s, "2027-03-27", "2027-03-28")
        #expect(
            march.filter { !$0.hasPrefix("vitamin") } == [
                P.line("levothyroxine", "2027-03-13T07:00:00+01:00", "Europe/Berlin"),
                P.line("warfarin", "2027-03-13T18:00:00-06:00", "America/Chicago"),
                P.line("levothyroxine", "2027-03-14T07:00:00+01:00", "Europe/Berlin"),
                P.line("warfarin", "2027-03-14T18:00:00-05:00", "America/Chicago"),
                P.line("levothyroxine", "2027-03-27T07:00:00+01:00", "Europe/Berlin"),
                P.line("warfarin", "2027-03-27T18:00:00-05:00", "America/Chicago"),
                P.line("levothyroxine", "2027-03-28T07:00:00+02:00", "Europe/Berlin"),
                P.line("warfarin", "2027-03-28T18:00:00-05:00", "America/Chicago"),
            ])
    }

    /// With one person a medication that names no one is theirs, zone included.
    @Test func theOnlyPersonTakesAMedicationThatNamesNoOne() throws {
        let s = try P.schedule(
            """
            {"version": 2, "homeZone": "America/Chicago", "people": [{"id": "oma", "name": "Oma", "homeZone": "Europe/Berlin"}],
             "medications": [{"id": "l", "name": "Levothyroxine", "times": ["07:00"], "start": "2026-12-01"}]}
            """)
        #expect(s.person(of: s.medications[0])?.id == "oma")
        #expect(P.doses(s, "2026-12-01", "2026-12-01") == [P.line("l", "2026-12-01T07:00:00+01:00", "Europe/Berlin")])
    }

    /// The gradual policy moves Mia's doses toward Tokyo time 2 hours a day (decision 0231) while
    /// grandma's stay on Chicago time: the policy reads Mia's timeline only.
    @Test func gradualForTheTravellerOnly() throws {
        let s = try P.schedule(
            Self.household.replacingOccurrences(
                of: #""end": "2026-12-14""#, with: #""end": "2026-12-14", "timePolicy": {"kind": "gradual", "maxShiftHours": 2}"#)
        )
        #expect(
            P.doses(s, "2026-12-05", "2026-12-06")
                == [
                    // 07:00 and 21:00 CST moved 2 hours earlier: 20:00 and 10:00 JST.
                    P.line("amoxicillin", "2026-12-05T20:00:00+09:00", "Asia/Tokyo"),
                    P.line("warfarin", "2026-12-05T18:00:00-06:00", "America/Chicago"),
                    P.line("amoxicillin", "2026-12-06T10:00:00+09:00", "Asia/Tokyo"),
                    // 4 hours earlier: 18:00 and 08:00 JST.
                    P.line("amoxicillin", "2026-12-06T18:00:00+09:00", "Asia/Tokyo"),
                    P.line("warfarin", "2026-12-06T18:00:00-06:00", "America/Chicago"),
                    P.line("amoxicillin", "2026-12-07T08:00:00+09:00", "Asia/Tokyo"),
                ].sorted(by: Self.byInstant))
    }

    /// Orders expected `PeopleSupport.line`s by their UTC instant (then as written), as the engine does.
    static func byInstant(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.split(separator: " ")[1], b.split(separator: " ")[1])
        return x != y ? x < y : false
    }
}
