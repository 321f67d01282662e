import ICal
import Testing

@Suite struct SystemZoneDataTests {
    @Test func libicalsBuiltinNewYorkAgreesWithFoundation() throws {
        let system = try #require(SystemZoneData.zone("America/New_York", through: 2027))
        let foundation = try #require(Zone("America/New_York"))
        // Around both 2026 changes and in between, hour by hour.
        for instant in stride(from: 1_772_000_000, to: 1_794_000_000, by: 3600) {
            #expect(system.offset(at: instant) == foundation.offset(at: instant))
        }
        // 2026-03-08 02:30 is in the gap: both read it as 07:30Z.
        let local = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 8)!, time: LocalTime(hour: 2, minute: 30)!)
        #expect(ZoneResolver.resolve(local, in: system).instant == 1_772_955_000)
    }

    @Test func unknownZoneIsNil() {
        #expect(SystemZoneData.zone("Mars/Olympus_Mons", through: 2027) == nil)
    }

    @Test func versionFromTzdataZi() {
        #expect(SystemZoneData.version(fromTzdataZi: "# version 2026f\n# This zic input file") == "2026f")
        #expect(SystemZoneData.version(fromTzdataZi: "Zone X") == nil)
    }
}
