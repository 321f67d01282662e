import CalendarTime
import Testing

/// `RFC3339`: the one writer and reader of RFC 3339 instants (literal texts and instants).
@Suite struct RFC3339Tests {
    @Test func writesUTC() {
        #expect(RFC3339.utc(0) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.utc(-1) == "1969-12-31T23:59:59Z")
        #expect(RFC3339.utc(1_767_600_000) == "2026-01-05T08:00:00Z")
        #expect(RFC3339.utc(-62_135_596_800) == "0001-01-01T00:00:00Z")
        #expect(RFC3339.utc(253_402_300_799) == "9999-12-31T23:59:59Z")
    }

    @Test func writesTheOffsetOrZ() {
        #expect(RFC3339.text(1_767_600_000, offset: 0) == "2026-01-05T08:00:00Z")
        #expect(RFC3339.text(1_767_600_000, offset: -18_000) == "2026-01-05T03:00:00-05:00")
        #expect(RFC3339.text(1_767_600_000, offset: 19_800) == "2026-01-05T13:30:00+05:30")
        #expect(RFC3339.text(1_767_600_000, offset: 20_700) == "2026-01-05T13:45:00+05:45")
        #expect(RFC3339.text(1_767_600_000, offset: 50_400) == "2026-01-05T22:00:00+14:00")
        // New York's local mean time (-4:56:02): the local time keeps the seconds, the offset
        // is written in whole minutes.
        #expect(RFC3339.text(0, offset: -17_762) == "1969-12-31T19:03:58-04:56")
    }

    @Test(arguments: [
        ("2026-01-05T08:00:00Z", 1_767_600_000), ("2026-01-05t03:00:00-05:00", 1_767_600_000),
        ("2026-01-05T08:00:00z", 1_767_600_000), ("2026-01-05T08:00:00-00:00", 1_767_600_000),
        ("2026-01-05T08:00:00+00:00", 1_767_600_000), ("2026-01-05T13:45:00+05:45", 1_767_600_000),
        ("2026-01-06T07:59:00+23:59", 1_767_600_000), ("1969-12-31T23:59:59Z", -1),
        ("0001-01-01T00:00:00Z", -62_135_596_800), ("9999-12-31T23:59:59Z", 253_402_300_799),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
    ])
    func readsInstants(text: String, instant: Int) {
        #expect(RFC3339.instant(text) == instant)
    }

    /// A fraction of a second is read and dropped: the instant is the whole second it falls in.
    @Test func dropsFractionalSeconds() {
        #expect(RFC3339.instant("2026-01-05T13:30:00.999+05:30") == 1_767_600_000)
        #expect(RFC3339.instant("2026-01-05T08:00:00.5Z") == 1_767_600_000)
        #expect(RFC3339.instant("2026-01-05T08:00:00.000000001Z") == 1_767_600_000)
        #expect(RFC3339.instant("1969-12-31T23:59:59.9Z") == -1)
    }

    @Test(arguments: [
        "2026-01-05T08:00:00",  // no offset: a local time, not an instant
        "2026-01-05 08:00:00Z",  // a space for T
        "2026-01-05T08:00:00.Z",  // a point without digits
        "2026-01-05T8:00:00Z", "2026-01-05T08:00Z", "2026-1-05T08:00:00Z",  // missing digits
        "2026-02-30T08:00:00Z", "2026-13-01T08:00:00Z", "2026-01-05T24:00:00Z",  // no such date or time
        "2026-01-05T08:00:00+24:00", "2026-01-05T08:00:00+05:60", "2026-01-05T08:00:00+0500", "2026-01-05T08:00:00+05",
        "+026-01-05T08:00:00Z", "2026-01-05T08:00:00Z ", " 2026-01-05T08:00:00Z", "2026-01-05T08:00:00ZZ",
        "2026-01-05T08:00:00+05:00Z", "",
        // A leap second (2016-12-31T23:59:60Z was one): POSIX seconds have no instant for it.
        "2016-12-31T23:59:60Z", "2026-01-05T08:00:61Z",
        // Outside the years 0001-9999 in UTC.
        "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", "0000-12-31T23:59:59Z",
    ])
    func refuses(text: String) {
        #expect(RFC3339.instant(text) == nil)
    }

    /// What is written is read back as the same instant (offsets in whole minutes).
    @Test func writtenTextsReadBack() {
        for instant in stride(from: -62_135_596_800, to: 253_402_300_800, by: 7_777_777 * 13) {
            #expect(RFC3339.instant(RFC3339.utc(instant)) == instant)
            for offset in [-43_200, -18_000, 19_800, 50_400] where (-62_135_596_800..<253_402_300_800).contains(instant + offset)
            {
                #expect(RFC3339.instant(RFC3339.text(instant, offset: offset)) == instant)
            }
        }
    }

    /// A substring is read as its own text.
    @Test func readsSubstrings() {
        let line = "last dose 2026-01-05T08:00:00Z, then"
        #expect(RFC3339.instant(line.dropFirst(10).prefix(20)) == 1_767_600_000)
    }
}
