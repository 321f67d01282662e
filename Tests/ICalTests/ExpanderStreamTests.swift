import Testing

@testable import ICal

/// The streamed path of a single master without overrides (`EventGroup.forEachInstance`) gives
/// exactly the instances, in the same order, that the general path (`EventGroup.instances`) gives.
@Suite struct ExpanderStreamTests {
    typealias S = ExpansionSupport

    /// Both paths' instances of every group of `body` in the 2026 window.
    static func bothPaths(_ body: String, overlapping: Bool) throws -> [([EventInstance], [EventInstance], Int)] {
        let expander = try CalendarExpander(calendar: ICalParser.parse(S.calendar(body), strict: true))
        var problems: [ICalError] = []
        let catalog = ZoneCatalog(vtimezones: expander.timezones, viewer: .utc, through: 2028, problems: &problems)
        let (from, to) = S.window("2026-01-01", "2027-01-01")
        var result: [([EventInstance], [EventInstance], Int)] = []
        var failure: ICalError?
        EventGroup.forEach(byUID: expander.events) { group in
            do throws(ICalError) {
                let general = try group.instances(
                    catalog: catalog, from: from, to: to, limit: 10_000, overlapping: overlapping)
                var streamed: [EventInstance] = []
                let count = try group.forEachInstance(
                    catalog: catalog, from: from, to: to, limit: 10_000, overlapping: overlapping
                ) { streamed.append($0) }
                result.append((general, streamed, count))
            } catch { failure = error }
        }
        if let failure { throw failure }
        return result
    }

    @Test(arguments: [false, true]) func streamedSeriesMatchesTheGeneralPath(overlapping: Bool) throws {
        let body = [
            S.event("d", "DTSTART;TZID=America/New_York:20260305T090000", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=5"),
            S.event("w", "DTSTART;TZID=Europe/Berlin:20260322T023000", "RRULE:FREQ=WEEKLY;BYDAY=SU,WE;COUNT=6"),
            S.event("a", "DTSTART;VALUE=DATE:20261230", "RRULE:FREQ=DAILY;COUNT=4", "EXDATE;VALUE=DATE:20261231"),
            S.event("r", "DTSTART:20260110T080000Z", "RDATE:20260111T090000Z", "RRULE:FREQ=MONTHLY;COUNT=2"),
        ].joined(separator: "\n")
        let groups = try Self.bothPaths(body, overlapping: overlapping)
        #expect(groups.count == 4)
        for (general, streamed, count) in groups {
            #expect(streamed == general)
            #expect(count == general.count)
        }
        #expect(groups.map(\.2) == [5, 6, 1, 3])  // "a": 12-31 excluded, 2027 outside the window
    }
}
