import ICal
import Testing

/// A calendar's own VTIMEZONE as the zone its TZID names (RFC 5545 §3.6.5).
@Suite struct CalendarZoneTests {
    typealias S = ExpansionSupport

    static let outlookBerlin = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    static let outlookIndia = """
        BEGIN:VTIMEZONE
        TZID:India Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T000000
        TZOFFSETFROM:+0530
        TZOFFSETTO:+0530
        END:STANDARD
        END:VTIMEZONE
        """

    @Test func renamedOwnVTimezoneGivesTheSameInstantsAsIANA() throws {
        var vtz = VTimezoneBuilder.build(Zone("America/New_York")!, years: 2026...2026)
        vtz.properties = [ICalProperty("TZID", "Eastern (own)")]
        let own = ICalSerializer.serialize(vtz).replacingOccurrences(of: "\r\n", with: "\n")
        for time in ["013000", "023000", "080000"] {
            let iana = S.event("e", "DTSTART;TZID=America/New_York:20260101T\(time)", "RRULE:FREQ=DAILY")
            let renamed = S.event("e", "DTSTART;TZID=Eastern (own):20260101T\(time)", "RRULE:FREQ=DAILY")
            let expected = try S.instances(iana)
            let got = try S.instances(own + "\n" + renamed)
            #expect(got.map(\.start) == expected.map(\.start))
            #expect(got.map(\.resolution) == expected.map(\.resolution))
            #expect(got.first?.zoneID == "Eastern (own)")
        }
        let gapDay = try S.starts(own + "\n" + S.event("e", "DTSTART;TZID=Eastern (own):20260308T023000"))
        #expect(gapDay == ["2026-03-08T07:30:00Z"])
    }

    @Test func outlookRulesFrom1601() throws {
        let body =
            Self.outlookBerlin + "\n"
            + S.event("e", "DTSTART;TZID=W. Europe Standard Time:20260328T023000", "RRULE:FREQ=DAILY;COUNT=3") + "\n"
            + S.event("f", "DTSTART;TZID=W. Europe Standard Time:20261025T023000")
        let starts = try S.starts(body)
        // 03-29 02:30 does not exist (gap: 01:30Z); 10-25 02:30 occurs twice (first: 00:30Z).
        #expect(starts == ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z", "2026-10-25T00:30:00Z"])
        let zone = try CalendarZone(ICalParser.parse(S.calendar(Self.outlookBerlin)).calendar!.components[0], through: 2027)
        let (from, to) = S.window("2026-01-01", "2028-01-01")
        #expect(
            zone.transitions.filter { $0.instant >= from && $0.instant < to }.map { RFC3339.utc($0.instant) } == [
                "2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z", "2027-03-28T01:00:00Z", "2027-10-31T01:00:00Z",
            ])
    }

    @Test func oneObservanceZoneNeverMoves() throws {
        let body =
            Self.outlookIndia + "\n"
            + S.event("e", "DTSTART;TZID=India Standard Time:20260101T080000", "RRULE:FREQ=MONTHLY;COUNT=3")
        #expect(try S.starts(body) == ["2026-01-01T02:30:00Z", "2026-02-01T02:30:00Z", "2026-03-01T02:30:00Z"])
    }

    @Test func ownVTimezoneWinsOverTheIANAZoneOfTheSameName() throws {
        // Stale data: Mexico City with the DST it abolished in 2022.
        let stale = """
            BEGIN:VTIMEZONE
            TZID:America/Mexico_City
            BEGIN:STANDARD
            DTSTART:19701025T020000
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0600
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:19700405T020000
            TZOFFSETFROM:-0600
            TZOFFSETTO:-0500
            RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
            END:DAYLIGHT
            END:VTIMEZONE
            """
        let event = S.event("e", "DTSTART;TZID=America/Mexico_City:20260601T080000")
        #expect(try S.starts(stale + "\n" + event) == ["2026-06-01T13:00:00Z"])
        #expect(try S.starts(event) == ["2026-06-01T14:00:00Z"])
    }

    @Test func rdateObservancesAndUntil() throws {
        let vtz = """
            BEGIN:VTIMEZONE
            TZID:Custom
            BEGIN:STANDARD
            DTSTART:20001029T020000
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0000
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20251026T010000Z
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20000326T010000
            TZOFFSETFROM:+0000
            TZOFFSETTO:+0100
            RDATE:20260329T010000,20270328T010000
            END:DAYLIGHT
            END:VTIMEZONE
            """
        let zone = try CalendarZone(ICalParser.parse(S.calendar(vtz)).calendar!.components[0], through: 2030)
        let (from, _) = S.window("2025-01-01", "2030-01-01")
        #expect(
            zone.transitions.filter { $0.instant >= from }.map { RFC3339.utc($0.instant) } == [
                "2025-10-26T01:00:00Z", "2026-03-29T01:00:00Z", "2027-03-28T01:00:00Z",
            ])
        #expect(zone.offset(at: from) == 0)
        #expect(zone.offset(at: S.window("2028-01-01", "2028-01-02").0) == 3600)
    }

    @Test func badOffsetIsAProblemWithItsLine() throws {
        let observance = ICalComponent(
            "STANDARD",
            properties: [
                ICalProperty("DTSTART", "20000101T000000"), ICalProperty("TZOFFSETFROM", "+0100"),
                ICalProperty("TZOFFSETTO", "1 hour", line: 6),
            ])
        let vtz = ICalComponent("VTIMEZONE", properties: [ICalProperty("TZID", "Bad")], components: [observance])
        #expect(
            throws: ICalError.invalidValue(
                property: "TZOFFSETTO", value: "1 hour", line: 6, expected: "a UTC offset such as -0500 or +0530")
        ) {
            try CalendarZone(vtz, through: 2030)
        }
    }
}
