import Foundation
import ICal
import Testing

/// Real calendars from fixtures/corpus (attribution in fixtures/corpus/PROVENANCE.md) with
/// literal expected instants; scripts/interop/check_corpus.py compares the whole corpus with
/// recurring-ical-events.
@Suite struct CorpusExpansionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/corpus")

    static func instances(_ name: String, from: String, to: String, uid: String? = nil) throws -> [EventInstance] {
        let bytes = try Data(contentsOf: root.appendingPathComponent(name))
        let (f, t) = ExpansionSupport.window(from, to)
        let all = try CalendarExpander(calendar: ICalParser.parse(bytes)).instances(from: f, to: t)
        return all.filter { uid == nil || $0.uid == uid }
    }

    @Test func outlookWindowsZoneNamesWithOwnVTimezones() throws {
        // "Central European Standard Time" 15:00 every second Tuesday; UNTIL 2026-05-05T13:00Z is inclusive.
        let starts = try Self.instances("office_356_custom_timezone.ics", from: "2026-01-01", to: "2027-01-01").map {
            RFC3339.utc($0.start)
        }
        #expect(
            starts == [
                "2026-01-13T14:00:00Z", "2026-01-27T14:00:00Z", "2026-02-10T14:00:00Z", "2026-02-24T14:00:00Z",
                "2026-03-10T14:00:00Z",
                "2026-03-24T14:00:00Z", "2026-04-07T13:00:00Z", "2026-04-21T13:00:00Z", "2026-05-05T13:00:00Z",
            ])
    }

    @Test func exchangeMovedAllDayOccurrence() throws {
        let instances = try Self.instances("exchange_whole_day_moved_recurrence.ics", from: "2026-02-01", to: "2026-03-04")
        #expect(
            instances.map(\.description) == [
                "exchange-moved-recurrence 2026-02-19T00:00:00Z 2026-02-19T00:00:00Z",
                "exchange-moved-recurrence 2026-02-24T00:00:00Z 2026-02-24T00:00:00Z",
                "exchange-moved-recurrence 2026-02-26T00:00:00Z 2026-02-27T00:00:00Z",
                "exchange-moved-recurrence 2026-03-03T00:00:00Z 2026-03-03T00:00:00Z",
            ])
    }

    @Test func rangeThisAndFutureTwiceWithAnRdate() throws {
        let instances = try Self.instances("issue_75_range_parameter.ics", from: "2024-09-10", to: "2024-09-26")
        #expect(
            instances.map(\.description) == [
                "210 2024-09-11T12:00:00Z 2024-09-11T12:00:00Z",
                "210 2024-09-13T12:00:00Z 2024-09-13T09:00:00Z",  // THISANDFUTURE: 3 h earlier from here on
                "210 2024-09-14T09:00:00Z 2024-09-14T06:00:00Z",  // the RDATE, shifted too
                "210 2024-09-15T12:00:00Z 2024-09-15T17:00:00Z",  // single override
                "210 2024-09-17T12:00:00Z 2024-09-17T09:00:00Z",
                "210 2024-09-19T12:00:00Z 2024-09-19T09:00:00Z",
                "210 2024-09-21T12:00:00Z 2024-09-22T14:22:00Z",  // second THISANDFUTURE: +1 d 2 h 22 min
                "210 2024-09-23T12:00:00Z 2024-09-24T14:22:00Z",
            ])
        // UNTIL=20250920 (a DATE on a UTC series) includes all of 2025-09-20.
        let last = try Self.instances("issue_75_range_parameter.ics", from: "2025-09-15", to: "2025-10-01").last
        #expect(last?.description == "210 2025-09-20T12:00:00Z 2025-09-21T14:22:00Z")
    }

    @Test func googleChicagoSeriesAcrossSpringForwardWithExdates() throws {
        let starts = try Self.instances("issue_48_dst.ics", from: "2020-11-20", to: "2020-12-01", uid: "c4p6@google.com")
            .map { RFC3339.utc($0.start) }
        // EXDATEs remove Thanksgiving 11-26 and 11-27.
        #expect(starts == ["2020-11-20T14:15:00Z", "2020-11-23T14:15:00Z", "2020-11-24T14:15:00Z", "2020-11-30T14:15:00Z"])
        let march = try Self.instances("issue_48_dst.ics", from: "2021-03-12", to: "2021-03-16", uid: "c4p6@google.com")
            .map { RFC3339.utc($0.start) }
        #expect(march == ["2021-03-12T14:15:00Z", "2021-03-15T13:15:00Z"])
    }
}
