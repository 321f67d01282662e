import CalendarTime
import Testing

/// `ZoneRules.steadyOffset` and `ZoneResolver.Steady`: the remembered span of one offset gives
/// what `ZoneResolver.resolve` gives, at every local time, in IANA zones (VTIMEZONEs: ICalTests'
/// `VTimezoneSteadyOffsetTests`).
@Suite struct SteadyOffsetTests {

    static func instant(_ text: String) -> Int {
        LocalDateTime(date: LocalDate(parsing: text.prefix(10))!, time: LocalTime(parsing: text.dropFirst(11))!)
            .secondsSinceEpoch
    }

    @Test func newYorkSummerSpansItsDaylightTime() throws {
        let zone = try #require(Zone("America/New_York"))
        let steady = try #require(zone.steadyOffset(at: Self.instant("2026-06-01 12:00")))
        #expect(steady.offset == -4 * 3600)
        #expect(steady.span == Self.instant("2026-03-08 07:00")..<Self.instant("2026-11-01 06:00"))
    }

    @Test func utcIsOneSpan() throws {
        #expect(Zone.utc.steadyOffset(at: 0) == SteadyOffset(offset: 0, span: Int.min..<Int.max))
    }

    @Test func pastTheGeneratedYearsTheRuleAnswers() throws {
        let zone = try #require(Zone("Europe/Berlin"))
        #expect(zone.steadyOffset(at: Self.instant("2101-06-01 00:00")) == nil)
        let last = try #require(zone.steadyOffset(at: Self.instant("2100-12-01 00:00")))
        #expect(last.offset == 3600)
        #expect(last.span == Self.instant("2100-10-31 01:00")..<Self.instant("2101-01-01 00:00"))
    }

    /// Every span a zone names keeps its offset: `offset(at:)` agrees at both ends and inside.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago"])
    func spansAgreeWithOffsets(_ name: String) throws {
        let zone = try #require(Zone(name))
        var t = Self.instant("1965-01-01 00:00")
        while t < Self.instant("2102-01-01 00:00") {
            if let steady = zone.steadyOffset(at: t) {
                #expect(steady.span.contains(t))
                for probe in [steady.span.lowerBound, t, steady.span.upperBound - 1]
                where probe > Int.min / 2 && probe < Int.max / 2 {
                    #expect(zone.offset(at: probe) == steady.offset)
                }
            }
            t += 86_400 * 9 + 3_607
        }
    }

    /// The fast resolver equals `ZoneResolver.resolve` on local times stepping through gaps,
    /// overlaps and whole years, forwards and backwards.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func steadyResolverEqualsResolve(_ name: String) throws {
        let zone = try #require(Zone(name))
        for step in [900, 3_600 * 7 + 60, 86_400, -86_400 + 1_800] {
            var steady = ZoneResolver.Steady(zone)
            let (first, last) = (Self.instant("2024-01-01 00:00"), Self.instant("2028-06-01 00:00"))
            var l = step > 0 ? first : last
            while l >= first && l <= last {
                #expect(steady.resolve(floating: l) == ZoneResolver.resolve(floating: l, in: zone))
                l += step
            }
        }
    }
}
