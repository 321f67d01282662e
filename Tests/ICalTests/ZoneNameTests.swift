import ICal
import Testing

@Suite struct ZoneNameTests {
    @Test(arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("US/Eastern", "US/Eastern"),
        ("/freeassociation.sourceforge.net/America/New_York", "America/New_York"),
        ("/freeassociation.sourceforge.net/Tzfile/Europe/London", "Europe/London"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"),
        ("/softwarestudio.org/Olson_20011030_5/America/New_York", "America/New_York"),
        ("/citadel.org/20190914_1/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("posix/Europe/Vaduz", "Europe/Vaduz"),
        ("W. Europe Standard Time", "Europe/Berlin"),
        ("Eastern Standard Time", "America/New_York"),
        ("GMT Standard Time", "Europe/London"),
        ("AUS Eastern Standard Time", "Australia/Sydney"),
        ("\"W. Europe Standard Time\"", "Europe/Berlin"),
        ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
        ("(GMT+10:00) Canberra, Melbourne, Sydney", "Australia/Sydney"),
        ("Canberra, Melbourne, Sydney", "Australia/Sydney"),
        ("UTC", "UTC"),
        ("Z", "UTC"),
        ("Etc/UTC", "UTC"),
        ("PST", "America/Los_Angeles"),
        ("CEST", "Europe/Paris"),
        ("EST", "EST"),
    ])
    func mapsNamesSeenInTheWild(tzid: String, expected: String) {
        #expect(ZoneName.ianaIdentifier(for: tzid) == expected)
    }

    @Test(arguments: ["Customized Time Zone", "MyTimezone", "Eastern", "US-Eastern", "Europe_London", "", "XYZT", "/", "/x/y"])
    func unknownNamesAreLeftToTheFilesVTimezone(tzid: String) {
        #expect(ZoneName(tzid: tzid) == nil)
    }

    @Test func recordsTheForm() throws {
        #expect(try #require(ZoneName(tzid: "Europe/Berlin")).form == .iana)
        #expect(try #require(ZoneName(tzid: "W. Europe Standard Time")).form == .windows)
        #expect(
            try #require(ZoneName(tzid: "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna")).form
                == .windowsDisplayName)
        let prefixed = try #require(ZoneName(tzid: "/freeassociation.sourceforge.net/Europe/Berlin"))
        #expect(prefixed.form == .prefixed(prefix: "/freeassociation.sourceforge.net/"))
        #expect(prefixed.tzid == "/freeassociation.sourceforge.net/Europe/Berlin")
        #expect(try #require(ZoneName(tzid: "GMT")).form == .utc)
    }

    @Test func zoneOfATZIDUsesTheSameMapper() throws {
        #expect(Zone(tzid: "W. Europe Standard Time")?.identifier == "Europe/Berlin")
        #expect(Zone(tzid: "PST")?.identifier == "America/Los_Angeles")
        #expect(Zone(tzid: "(UTC-05:00) Eastern Time (US & Canada)")?.identifier == "America/New_York")
        #expect(Zone(tzid: "/freeassociation.sourceforge.net/Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(try #require(ZoneName(tzid: "PST")).form == .abbreviation)
        #expect(Zone(tzid: "Customized Time Zone") == nil)
    }

    @Test func windowsZonesMapToZonesFoundationKnows() {
        // The generated table and the IANA data must agree: a stale table would silently give nil.
        for name in [
            "Dateline Standard Time", "Pacific Standard Time", "Tokyo Standard Time", "India Standard Time",
            "Lord Howe Standard Time", "Chatham Islands Standard Time", "Pacific SA Standard Time",
        ] {
            let iana = ZoneName.ianaIdentifier(for: name)
            #expect(iana != nil, "\(name)")
            #expect(iana.flatMap { Zone($0) } != nil, "\(name)")
        }
    }
}
