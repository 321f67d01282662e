import ICal
import Testing

@Suite struct VTimezoneTests {
    @Test func newYorkIsTwoYearlyRules() throws {
        let vtz = VTimezoneBuilder.build(Zone("America/New_York")!, years: 2026...2027)
        let text = ICalSerializer.serialize(vtz)
        #expect(
            text == """
                BEGIN:VTIMEZONE\r
                TZID:America/New_York\r
                BEGIN:DAYLIGHT\r
                TZNAME:EDT\r
                TZOFFSETFROM:-0500\r
                TZOFFSETTO:-0400\r
                DTSTART:20250309T020000\r
                RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3\r
                END:DAYLIGHT\r
                BEGIN:STANDARD\r
                TZNAME:EST\r
                TZOFFSETFROM:-0400\r
                TZOFFSETTO:-0500\r
                DTSTART:20251102T020000\r
                RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11\r
                END:STANDARD\r
                END:VTIMEZONE\r

                """)
    }
}

/// VTIMEZONEs written from each zone's own rule, literal (tzdata 2025b; the interop check
/// `check_zone_vtimezones.py` holds every zone against zoneinfo).
@Suite struct VTimezoneRuleTests {
    static func observances(_ zone: String, from year: Int, through last: Int? = nil) throws -> [String] {
        let vtz = VTimezoneBuilder.build(try #require(Zone(zone)), from: year, through: last)
        return vtz.components.map { c in
            ([c.name] + c.properties.map { "\($0.name):\($0.value)" }).joined(separator: " ")
        }
    }

    @Test func lastSundayIsMinusOneNotAnOrdinal() throws {
        // Auckland's M9.5.0: BYDAY=-1SU (a fourth Sunday is wrong in 2029, which has five).
        #expect(
            try Self.observances("Pacific/Auckland", from: 2026) == [
                "STANDARD TZNAME:NZST TZOFFSETFROM:+1300 TZOFFSETTO:+1200 DTSTART:20250406T030000 RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4",
                "DAYLIGHT TZNAME:NZDT TZOFFSETFROM:+1200 TZOFFSETTO:+1300 DTSTART:20250928T020000 RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=9",
            ])
    }

    @Test func twentyFourHundredIsTheSundayOnOrAfter() throws {
        // Santiago's M9.1.6/24 and M4.1.6/24: the first Saturday at 24:00 is the Sunday among the
        // 2nd...8th at 00:00.
        #expect(
            try Self.observances("America/Santiago", from: 2024) == [
                "STANDARD TZNAME:-04 TZOFFSETFROM:-0300 TZOFFSETTO:-0400 DTSTART:20230402T000000 RRULE:FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8;BYMONTH=4",
                "DAYLIGHT TZNAME:-03 TZOFFSETFROM:-0400 TZOFFSETTO:-0300 DTSTART:20230903T000000 RRULE:FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8;BYMONTH=9",
            ])
    }

    @Test func aDayRangeAcrossTheMonthEndIsTwoObservances() throws {
        // Cairo's M10.5.4/24: the Friday after the last Thursday of October, November 1 when
        // October 31 is a Thursday (2030).
        #expect(
            try Self.observances("Africa/Cairo", from: 2026) == [
                "DAYLIGHT TZNAME:EEST TZOFFSETFROM:+0200 TZOFFSETTO:+0300 DTSTART:20250425T000000 RRULE:FREQ=YEARLY;BYDAY=-1FR;BYMONTH=4",
                "STANDARD TZNAME:EET TZOFFSETFROM:+0300 TZOFFSETTO:+0200 DTSTART:20251031T000000 RRULE:FREQ=YEARLY;BYDAY=FR;BYMONTHDAY=26,27,28,29,30,31;BYMONTH=10",
                "STANDARD TZNAME:EET TZOFFSETFROM:+0300 TZOFFSETTO:+0200 DTSTART:20301101T000000 RRULE:FREQ=YEARLY;BYDAY=FR;BYMONTHDAY=1;BYMONTH=11",
            ])
    }

    @Test func aNegativeTimeMovesToTheDayBefore() throws {
        // Nuuk's M3.5.0/-1: Saturday 23:00 before the last Sunday of March.
        let nuuk = try Self.observances("America/Nuuk", from: 2026)
        #expect(
            nuuk.first
                == "DAYLIGHT TZNAME:-01 TZOFFSETFROM:-0200 TZOFFSETTO:-0100 DTSTART:20250329T230000 RRULE:FREQ=YEARLY;BYDAY=SA;BYMONTHDAY=24,25,26,27,28,29,30;BYMONTH=3"
        )
    }

    @Test func listedRamadanChangesAreRDATEsThroughTheLastListed() throws {
        // Casablanca: no rule after 2018, every change listed (through 2087 in 2025b).
        let open = try Self.observances("Africa/Casablanca", from: 2026)
        #expect(open.count == 2)
        #expect(open.allSatisfy { $0.contains("RDATE:2087") || $0.contains("RDATE:2086") })
        #expect(!open.joined().contains("RRULE"))
        // A calendar that ends in 2027 gets the changes through 2027 only.
        let bounded = try Self.observances("Africa/Casablanca", from: 2026, through: 2027)
        #expect(!bounded.joined().contains("RDATE:2028"))
        #expect(bounded.joined().contains("RDATE:2027"))
    }

    @Test func dublinsSummerIsDaylight() throws {
        // tzdata writes Irish winter time as negative daylight saving; clients expect summer.
        let dublin = try Self.observances("Europe/Dublin", from: 2026)
        #expect(dublin.map { $0.prefix(20) } == ["DAYLIGHT TZNAME:IST ", "STANDARD TZNAME:GMT "])
    }

    @Test func oldRulesAreBoundedAndTheCurrentOneOpen() throws {
        // Mexico City from 2021: the April/October rule ends in 2022 (UNTIL), no rule after.
        #expect(
            try Self.observances("America/Mexico_City", from: 2021) == [
                "DAYLIGHT TZNAME:CDT TZOFFSETFROM:-0600 TZOFFSETTO:-0500 DTSTART:20200405T020000 RRULE:FREQ=YEARLY;UNTIL=20220403T080000Z;BYDAY=1SU;BYMONTH=4",
                "STANDARD TZNAME:CST TZOFFSETFROM:-0500 TZOFFSETTO:-0600 DTSTART:20201025T020000 RRULE:FREQ=YEARLY;UNTIL=20221030T070000Z;BYDAY=-1SU;BYMONTH=10",
            ])
    }
}
