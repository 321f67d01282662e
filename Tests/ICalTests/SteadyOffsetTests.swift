import ICal
import Testing

/// `ZoneRules.steadyOffset` and `ZoneResolver.Steady`: the remembered span of one offset gives
/// what `ZoneResolver.resolve` gives, at every local time, in IANA zones and VTIMEZONEs.
@Suite struct SteadyOffsetTests {
    typealias S = ExpansionSupport

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

    @Test func vtimezoneSpansLieBetweenItsTransitions() throws {
        let zone = try CalendarZone(
            ICalParser.parse(S.calendar(CalendarZoneTests.outlookBerlin)).calendar!.components[0], through: 2027)
        let steady = try #require(zone.steadyOffset(at: Self.instant("2026-07-01 00:00")))
        #expect(steady.offset == 7200)
        #expect(steady.span == Self.instant("2026-03-29 01:00")..<Self.instant("2026-10-25 01:00"))
        #expect(zone.steadyOffset(at: Self.instant("2030-07-01 00:00"))?.span.upperBound == Int.max)
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
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "vtimezone"])
    func steadyResolverEqualsResolve(_ name: String) throws {
        let zone: any ZoneRules =
            name == "vtimezone"
            ? try CalendarZone(
                ICalParser.parse(S.calendar(CalendarZoneTests.outlookBerlin)).calendar!.components[0], through: 2027)
            : try #require(Zone(name))
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

/// The order a UID group's occurrences come in: by instant, one per instant (the first in
/// DTSTART, RRULE, RDATE order), also when RDATEs come before or on the rule's times.
@Suite struct OccurrenceOrderTests {
    typealias S = ExpansionSupport

    static func groupStarts(_ body: String) throws -> [[String]] {
        let (from, to) = S.window("2026-01-01", "2027-01-01")
        var groups: [[String]] = []
        _ = try CalendarExpander(calendar: ICalParser.parse(S.calendar(body), strict: true))
            .forEachGroup(from: from, to: to) { group in groups.append(group.map { EventInstance.rfc3339($0.start) }) }
        return groups
    }

    @Test func rdatesBeforeAndOnTheRuleAreSortedOnce() throws {
        let body = S.event(
            "e1", "DTSTART:20260105T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "RDATE:20260106T090000Z,20260104T090000Z")
        #expect(
            try Self.groupStarts(body) == [
                ["2026-01-04T09:00:00Z", "2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z", "2026-01-07T09:00:00Z"]
            ])
    }

    @Test func theFirstOfOneInstantIsKept() throws {
        // The RDATE names the rule's second instant in another zone: the rule's reading stays.
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=DAILY;COUNT=2",
            "RDATE;TZID=America/New_York:20260106T040000")
        let instances = try S.instances(body)
        #expect(instances.map(\.zoneID) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(instances.map { EventInstance.rfc3339($0.start) } == ["2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z"])
    }

    @Test func anRdateLaterThanTheRuleInAnotherZoneKeepsItsZone() throws {
        let body = S.event(
            "e1", "DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=DAILY;COUNT=2",
            "RDATE;TZID=America/New_York:20260103T040000", "EXDATE:20260105T090000Z")
        let instances = try S.instances(body)
        #expect(instances.map(\.zoneID) == ["America/New_York", "Europe/Berlin"])
        #expect(instances.map(\.local.description) == ["2026-01-03T04:00:00", "2026-01-06T10:00:00"])
    }
}
