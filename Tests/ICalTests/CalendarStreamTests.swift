import Foundation
import Testing

@testable import ICal

/// A calendar expanded one UID group at a time (`CalendarStream`) gives what parsing it whole and
/// expanding the tree gives: the same instances in the same order, the same problems (parse and
/// expansion), failures and errors, the same groups cut by the budget.
@Suite struct CalendarStreamTests {
    /// Both expansions of `bytes` over `[from, to)` in `zone` with a budget of `budget` instances,
    /// as text: (whole tree, streamed).
    static func both(
        _ bytes: [UInt8], from: Int, to: Int, zone: Zone, budget: Int = 1_000_000,
        hash: @escaping (String) -> UInt64 = CalendarIndex.hash
    ) -> (String, String) {
        let whole: String
        do {
            let parsed = try ICalParser.parse(bytes)
            var instances: [EventInstance] = []
            let expansion = CalendarExpander(calendar: parsed, viewerZone: zone, budget: ExpansionBudget(instances: budget))
                .forEachInstance(overlapping: from, to: to) { instances.append($0) }
            whole = describe(instances, parsed.problems, parsed.warnings, expansion)
        } catch {
            whole = "error: \(error)"
        }
        let streamed: String
        do {
            final class Found: @unchecked Sendable { var instances: [EventInstance] = [] }
            let found = Found()
            let (reading, expansion) = try stream(
                bytes, from: from, to: to, zone: zone, budget: budget, restart: { found.instances = [] }, hash: hash,
                { found.instances.append($0) })
            streamed = describe(found.instances, reading.problems, reading.warnings, expansion)
        } catch {
            streamed = "error: \(error)"
        }
        return (whole, streamed)
    }

    /// `CalendarStream.forEachInstance` over an array's bytes.
    static func stream(
        _ bytes: [UInt8], from: Int, to: Int, zone: Zone = .utc, budget: Int = 1_000_000,
        release: @escaping (Int) -> Void = { _ in }, restart: @escaping () -> Void = {},
        hash: @escaping (String) -> UInt64 = CalendarIndex.hash, _ body: @escaping (EventInstance) -> Void
    ) throws(ICalError) -> (reading: CalendarStream.Reading, expansion: CalendarExpansion) {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(ICalError) in
                try CalendarStream.forEachInstance(
                    in: raw, viewerZone: zone, budget: ExpansionBudget(instances: budget), instanceLimit: 500_000,
                    overlapping: from, to: to, release: release, restart: restart, hash: hash, body)
            }
        }.get()
    }

    static func describe(
        _ instances: [EventInstance], _ problems: [ICalError], _ warnings: [ICalWarning], _ expansion: CalendarExpansion
    ) -> String {
        let failures = expansion.failures.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return instances.map { "\($0) \($0.end) \($0.local) \($0.zoneID) \($0.line ?? -1) \($0.summary ?? "-")" }
            .joined(separator: "\n")
            + "\nproblems: \(problems)\nwarnings: \(warnings)\nexpansion: \(expansion.problems)\nfailures: \(failures)\n"
    }

    static let y2026 = (from: 1_767_225_600, to: 1_798_761_600)  // 2026-01-01 .. 2027-01-01 UTC
    static let wide = (from: 946_684_800, to: 1_893_456_000)  // 2000-01-01 .. 2030-01-01 UTC

    static var fixtures: [URL] {
        FileManager.default.enumerator(at: OwnReadingTests.root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "ics" }.sorted { $0.path < $1.path }
    }

    @Test func everyFixtureStreamsAsItsTreeExpands() throws {
        let files = Self.fixtures
        #expect(files.count > 100)
        var instances = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            for (window, zone) in [(Self.y2026, Zone("Europe/Berlin")!), (Self.wide, Zone.utc)] {
                let (whole, streamed) = Self.both(bytes, from: window.from, to: window.to, zone: zone)
                #expect(whole == streamed, "\(file.path)")
                instances += whole.split(separator: "\n").count
            }
        }
        #expect(instances > 10_000)
    }

    /// With a small budget the same groups are expanded and the same ones cut, in file order.
    @Test func theBudgetCutsTheSameGroups() throws {
        for name in ["realistic-work-family", "realistic-long-descriptions"] {
            let bytes = Array(try Data(contentsOf: OwnReadingTests.root.appendingPathComponent("calendars/\(name).ics")))
            for budget in [0, 1, 200, 2_000] {
                let (whole, streamed) = Self.both(bytes, from: Self.wide.from, to: Self.wide.to, zone: .utc, budget: budget)
                #expect(whole == streamed, "\(name), budget \(budget)")
                #expect(budget == 2_000 || whole.contains("budgetExceeded") || whole.contains("more than"))
            }
        }
    }

    /// Every UID given one hash: every event is in one group of the index, each UID's events are
    /// still expanded together and in the place of its first event.
    @Test func uidsSharingAHashAreToldApartByTheirText() throws {
        for file in Self.fixtures where file.path.contains("realistic") || file.path.contains("overrides") {
            let bytes = Array(try Data(contentsOf: file))
            for budget in [300, 1_000_000] {
                let (whole, streamed) = Self.both(
                    bytes, from: Self.y2026.from, to: Self.y2026.to, zone: .utc, budget: budget, hash: { _ in 42 })
                #expect(whole == streamed, "\(file.path), budget \(budget)")
            }
        }
    }

    /// A UID read otherwise by the second pass than by the first sends the calendar the whole-tree
    /// way, with the budget spent by the streamed part given back and the instances handed over
    /// before forgotten: from the first event on, and from an event late in the file on.
    @Test func anIndexTheReadingDisagreesWithFallsBackToTheTree() throws {
        let bytes = Array(
            try Data(contentsOf: OwnReadingTests.root.appendingPathComponent("calendars/realistic-work-family.ics")))
        let events = try ICalParser.parse(bytes).calendar!.components(named: "VEVENT")
        let uids = events.compactMap { $0.property("UID")?.text }
        let shared = Dictionary(uids.map { ($0, 1) }, uniquingKeysWith: +)
        let early = uids.first { shared[$0] == 1 }!
        let late = uids.last { shared[$0] == 1 }!
        final class Counter: @unchecked Sendable { var n: UInt64 = 0 }
        for misread in [early, late] {
            let counter = Counter()
            // The UID hashes otherwise the second time it is read (in the stream's pass).
            let (whole, streamed) = Self.both(bytes, from: Self.y2026.from, to: Self.y2026.to, zone: .utc, budget: 2_000) {
                guard $0 == misread else { return CalendarIndex.hash($0) }
                counter.n += 1
                return counter.n
            }
            #expect(whole == streamed)
            #expect(counter.n == 2)
        }
    }

    static func calendar(_ body: String) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + body + "END:VCALENDAR\r\n").utf8)
    }

    static let berlin = """
        BEGIN:VTIMEZONE\r\nTZID:Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r
        BEGIN:DAYLIGHT\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n
        """

    /// An override that comes before its series, and another far after it with other events in
    /// between; the VTIMEZONE they name comes last.
    @Test func overridesBeforeAndFarAfterTheirSeriesAndAZoneDefinedLast() throws {
        let bytes = Self.calendar(
            """
            BEGIN:VEVENT\r\nUID:s@x\r\nRECURRENCE-ID;TZID=Berlin:20260303T090000\r\nDTSTART;TZID=Berlin:20260303T110000\r
            SUMMARY:moved\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:s@x\r\nDTSTART;TZID=Berlin:20260301T090000\r\nRRULE:FREQ=DAILY;COUNT=5\r\nSUMMARY:pill\r
            END:VEVENT\r
            BEGIN:VEVENT\r\nUID:other@x\r\nDTSTART:20260302T120000Z\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:s@x\r\nRECURRENCE-ID;TZID=Berlin:20260305T090000\r\nDTSTART;TZID=Berlin:20260305T080000\r
            END:VEVENT\r\n
            """ + Self.berlin)
        let (whole, streamed) = Self.both(bytes, from: Self.y2026.from, to: Self.y2026.to, zone: .utc)
        #expect(whole == streamed)
        final class Starts: @unchecked Sendable { var list: [String] = [] }
        let starts = Starts()
        _ = try Self.stream(bytes, from: Self.y2026.from, to: Self.y2026.to) {
            starts.list.append("\($0.uid) \(RFC3339.utc($0.start))")
        }
        // The series' group comes first (its first event is the first override), then the other UID.
        #expect(
            starts.list == [
                "s@x 2026-03-01T08:00:00Z", "s@x 2026-03-02T08:00:00Z", "s@x 2026-03-04T08:00:00Z",
                "s@x 2026-03-03T10:00:00Z", "s@x 2026-03-05T07:00:00Z", "other@x 2026-03-02T12:00:00Z",
            ])
    }

    static func event(_ lines: String...) -> String {
        "BEGIN:VEVENT\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\n"
    }

    static func text(_ body: String) -> String { String(decoding: calendar(body), as: UTF8.self) }

    static let unusual: [String] = [
        event("UID:a", "DTSTART:20260105T090000Z") + event("UID:a", "DTSTART:20260106T090000Z"),
        "BEGIN:VCALENDAR\r\n" + event("UID:a", "DTSTART:20260105T090000Z") + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n"
            + event("UID:a", "RECURRENCE-ID:20260105T090000Z", "DTSTART:20260107T090000Z") + "END:VCALENDAR\r\n",
        text(event("DTSTART:20260105T090000Z") + event("DTSTART:20260106T090000Z")),
        text(
            event("UID:m", "DTSTART:20260105T090000Z", "RRULE:FREQ=DAILY;COUNT=3")
                + event("UID:m", "DTSTART:20260105T100000Z", "RRULE:FREQ=DAILY;COUNT=2")),
        text(
            event("UID:a\\tb", "DTSTART:20260105T090000Z", "RRULE:FREQ=DAILY;COUNT=3")
                + event("UID:a\\tb", "RECURRENCE-ID:20260106T090000Z", "DTSTART:20260106T120000Z")),
        text(event("UID;X-A=1:x", "UID:y", "DTSTART:20260105T090000Z") + event("UID:x", "DTSTART:20260106T090000Z")),
        text(berlin + berlin + event("UID:z", "DTSTART;TZID=Berlin:20260105T090000", "DTEND:garbage")),
        text(
            event("UID:q", "DTSTART;TZID=Nowhere/Land:20260105T090000")
                + "BEGIN:VTODO\r\nUID:t\r\nDUE:bad\r\nEND:VTODO\r\n"),
    ]

    /// Bare events without a VCALENDAR, two VCALENDARs, events without a UID, two masters of one
    /// UID, a UID only libical reads, a VTIMEZONE defined twice, a property libical rejects.
    @Test(arguments: unusual)
    func unusualCalendarsStreamAsTheirTreesExpand(text: String) {
        let (whole, streamed) = Self.both(Array(text.utf8), from: Self.y2026.from, to: Self.y2026.to, zone: .utc)
        #expect(whole == streamed)
        #expect(!whole.hasPrefix("error"))
    }

    /// The errors are the parser's, also when a bad byte comes after a nesting error.
    @Test(arguments: [
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nSUMMARY:caf\u{00}\r\nEND:VCALENDAR\r\n",
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n", "", "no calendar here\r\n",
        "BEGIN:VCALENDAR\r\nnot a line\r\nEND:VCALENDAR\r\n",
    ])
    func errorsAreTheParsers(text: String) {
        let (whole, streamed) = Self.both(Array(text.utf8), from: Self.y2026.from, to: Self.y2026.to, zone: .utc)
        #expect(whole == streamed)
        #expect(whole.hasPrefix("error"))
    }

    /// A bad byte deep in a large file is found before any line is read, and the bytes checked are
    /// let go as the check passes them: every offset handed to `release` is later than the last
    /// within a pass, and each pass ends at the end of the input.
    @Test func releasedOffsetsFollowEachPass() throws {
        var text = "BEGIN:VCALENDAR\r\n"
        for k in 0..<30_000 { text += "BEGIN:VEVENT\r\nUID:e\(k)\r\nDTSTART:20260105T090000Z\r\nSUMMARY:\(k)\r\nEND:VEVENT\r\n" }
        text += "END:VCALENDAR\r\n"
        let bytes = Array(text.utf8)
        final class Seen: @unchecked Sendable {
            var offsets: [Int] = []
            var count = 0
        }
        let seen = Seen()
        _ = try Self.stream(
            bytes, from: Self.y2026.from, to: Self.y2026.to, release: { seen.offsets.append($0) }, { _ in seen.count += 1 })
        let offsets = seen.offsets
        #expect(seen.count == 30_000)
        let restarts = zip(offsets, offsets.dropFirst()).filter { $0.1 < $0.0 }.count
        #expect(restarts == 2)  // the encoding check, the index, the expansion
        #expect(offsets.filter { $0 == bytes.count }.count == 3)
        var bad = bytes
        bad[bytes.count - 40] = 0xFF
        let (whole, streamed) = Self.both(bad, from: Self.y2026.from, to: Self.y2026.to, zone: .utc)
        let line = bad[..<(bytes.count - 40)].filter { $0 == 10 }.count + 1
        #expect(whole == streamed)
        #expect(whole.hasPrefix("error: line \(line):"), "\(whole.prefix(80))")
    }
}
