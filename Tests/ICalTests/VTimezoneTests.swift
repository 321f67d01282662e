import ICal
import Testing

@Suite struct VTimezoneTests {
    @Test func newYorkIsTwoYearlyRules() throws {
        let vtz = VTimezoneBuilder.build(Zone("America/New_York")!, years: 2026...2027)
        let text = try ICalSerializer.serialize(vtz)
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
