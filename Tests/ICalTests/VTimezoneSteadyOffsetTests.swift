import ICal
import Testing

/// `ZoneRules.steadyOffset` and `ZoneResolver.Steady` in a VTIMEZONE: the remembered span of one
/// offset gives what `ZoneResolver.resolve` gives (IANA zones: CalendarTimeTests'
/// `SteadyOffsetTests`).
@Suite struct VTimezoneSteadyOffsetTests {
    typealias S = ExpansionSupport

    static func instant(_ text: String) -> Int {
        LocalDateTime(date: LocalDate(parsing: text.prefix(10))!, time: LocalTime(parsing: text.dropFirst(11))!)
            .secondsSinceEpoch
    }

    static func outlookBerlin() throws -> CalendarZone {
        try CalendarZone(ICalParser.parse(S.calendar(CalendarZoneTests.outlookBerlin)).calendar!.components[0], through: 2027)
    }

    @Test func vtimezoneSpansLieBetweenItsTransitions() throws {
        let zone = try Self.outlookBerlin()
        let steady = try #require(zone.steadyOffset(at: Self.instant("2026-07-01 00:00")))
        #expect(steady.offset == 7200)
        #expect(steady.span == Self.instant("2026-03-29 01:00")..<Self.instant("2026-10-25 01:00"))
        #expect(zone.steadyOffset(at: Self.instant("2030-07-01 00:00"))?.span.upperBound == Int.max)
    }

    /// The fast resolver equals `ZoneResolver.resolve` at every quarter hour of the VTIMEZONE's
    /// years (gaps, overlaps and the years past its rules), walked forwards and then backwards.
    @Test func steadyResolverEqualsResolve() throws {
        let zone = try Self.outlookBerlin()
        let quarters = Array(stride(from: Self.instant("2024-01-01 00:00"), through: Self.instant("2028-06-01 00:00"), by: 900))
        var steady = ZoneResolver.Steady(zone)
        let differing = (quarters + quarters.reversed()).filter {
            steady.resolve(floating: $0) != ZoneResolver.resolve(floating: $0, in: zone)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { LocalDateTime(secondsSinceEpoch: $0) })")
    }
}
