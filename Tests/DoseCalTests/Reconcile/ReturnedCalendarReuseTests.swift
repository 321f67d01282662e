import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// The phone's items read with the base's series of the items it did not change
/// (`ReturnedCalendar.reading(items:names:reusing:uids:)`) must be the calendar read from all of
/// them: the same series, zones, properties and warnings, whichever items changed.
@Suite struct ReturnedCalendarReuseTests {
    /// Every item of `schedule`'s feed; the base is the whole feed read. Each `every`-th UID (and
    /// the first) is "changed on the phone": its item moved an hour, the others recorded.
    func check(_ schedule: Schedule, _ label: String, every: Int) throws {
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        let items = VdirItem.items(of: feed)
        guard !items.isEmpty else { return }
        let whole = Array(feed.serialized().utf8)
        let parsed = try ICalParser.parse(whole)
        let base = ReturnedCalendar(parsed)
        var texts: [[UInt8]] = []
        var names: [String] = []
        var recorded = Set<String>()
        for (i, item) in items.enumerated() {
            guard i % every == 0 else {
                recorded.insert(item.uid)
                continue
            }
            let text = String(decoding: item.serialized(), as: UTF8.self)
            texts.append(Array(Self.moved(text).utf8))
            names.append(VdirName.fileName(forUID: item.uid))
        }
        var kept = try #require(parsed.calendar, "\(label)")
        kept.components.removeAll { $0.name == "VEVENT" && !recorded.contains($0.property("UID")?.value ?? "") }
        var read = parsed
        read.components = [kept]
        let full = try ReturnedCalendar(parsingItems: texts, names: names, read: recorded.isEmpty ? [] : [read])
        let reused = try #require(
            try ReturnedCalendar.reading(items: texts, names: names, reusing: base, uids: recorded), "\(label)")
        #expect(reused.series == full.series, "\(label)")
        #expect(reused.positions == full.positions, "\(label)")
        #expect(reused.splits.isEmpty && full.splits.isEmpty, "\(label)")
        #expect(reused.timezones == full.timezones && reused.definedZones == full.definedZones, "\(label)")
        #expect(reused.properties == full.properties && reused.calendarZone == full.calendarZone, "\(label)")
        #expect(reused.warnings == full.warnings && reused.dropped == full.dropped, "\(label)")
        #expect(reused.eventsWithoutUID == full.eventsWithoutUID && reused.isFolder == full.isFolder, "\(label)")
    }

    /// The item's first DTSTART an hour later (as a phone's move writes it).
    static func moved(_ text: String) -> String {
        guard let range = text.range(of: #"\nDTSTART[^:\r\n]*:\d{8}T\d{2}"#, options: .regularExpression) else {
            return text
        }
        let line = text[range]
        let hour = Int(line.suffix(2))!
        return text.replacingCharacters(in: range, with: line.dropLast(2) + String(format: "%02d", (hour + 1) % 24))
    }

    @Test(arguments: Fixtures.scheduleNames) func everyFixture(_ name: String) throws {
        for every in [1, 2, 5] { try check(Fixtures.schedule(name), "\(name) every \(every)", every: every) }
    }

    @Test func generatedSchedules() throws {
        for seed in UInt64(1)...20 {
            var generator = ScheduleGenerator(seed: seed)
            let schedule = generator.schedule()
            for every in [1, 3] { try check(schedule, "seed \(seed) every \(every)", every: every) }
        }
    }

    /// A link between series, or a UID that is not dosecal's, is not read this way.
    @Test func anItemLinkedToAnotherIsReadInFull() throws {
        let feed = FeedBuilder(schedule: try Fixtures.schedule(Fixtures.scheduleNames[0]), now: Fixtures.now).build()
        let items = VdirItem.items(of: feed)
        try #require(items.count >= 2)
        let base = ReturnedCalendar(try ICalParser.parse(Array(feed.serialized().utf8)))
        let text = String(decoding: items[0].serialized(), as: UTF8.self)
        let linked = text.replacingOccurrences(
            of: "\r\nUID:", with: "\r\nRELATED-TO;RELTYPE=SIBLING:\(items[1].uid)\r\nUID:")
        #expect(linked != text)
        let uids: Set = [items[1].uid]
        #expect(try ReturnedCalendar.reading(items: [Array(linked.utf8)], names: ["a.ics"], reusing: base, uids: uids) == nil)
        let foreign = text.replacingOccurrences(of: items[0].uid, with: "someone-else@example.com")
        #expect(try ReturnedCalendar.reading(items: [Array(foreign.utf8)], names: ["a.ics"], reusing: base, uids: uids) == nil)
        #expect(try ReturnedCalendar.reading(items: [Array(text.utf8)], names: ["a.ics"], reusing: base, uids: uids) != nil)
    }
}
