import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// What the text limits guarantee (decision 0192): a medication whose every text is at its
/// longest, made of the characters iCalendar escapes (each written as two bytes), still gives
/// items and a feed far below what dosecal reads back, and dosecal reads them back.
@Suite struct TextLimitFeedTests {
    static func longest() throws -> Schedule {
        let line = String(repeating: ";,", count: TextLimits.line / 2)  // 200 bytes, 400 written
        let notes = String(repeating: ";\\n", count: TextLimits.notes / 2)  // 2,000 bytes (JSON: "\n" is one)
        let json = """
            {"version": 1, "homeZone": "Europe/Berlin", "feed": {"name": "\(line)"}, "medications": [
              {"id": "m", "name": "\(line)", "strength": "\(line)", "dose": "\(line)", "notes": "\(notes)",
               "times": [{"id": "a", "time": "08:00"}, {"id": "b", "time": "20:00"}], "start": "2026-01-05",
               "taper": [{"from": "2026-01-05", "dose": "\(line)"}, {"from": "2026-06-01", "dose": "\(line)"}],
               "rescheduled": [\((1...20).map { #"{"slot": "a", "date": "2026-12-\#(String(format: "%02d", $0))", "time": "09:00"}"# }.joined(separator: ", "))],
               "supply": {"pills": 60, "asOf": "2026-11-20"}}
            ]}
            """
        let schedule = try ScheduleCodec.decode(Data(json.utf8), file: "longest.json")
        #expect(schedule.medications[0].notes?.utf8.count == TextLimits.notes)
        return schedule
    }

    @Test func itemsAndTheFeedOfTheLongestTextsAreSmallAndReadBack() throws {
        let feed = FeedBuilder(schedule: try Self.longest(), now: Fixtures.now).write()
        // The whole feed (every series, 20 moved doses, the refill warning): well under 1 MB.
        #expect(feed.bytes.count < 1_000_000, "\(feed.bytes.count) bytes")
        #expect(feed.bytes.count < InputFile.maxBytes / 64)
        let read = try ICalParser.parse(feed.bytes)
        #expect(read.calendar?.components(named: "VEVENT").count == feed.items.count + 20)
        let box = VdirSandbox()
        let report = try box.sync(try Self.longest())
        #expect(report.outcome?.created.count == feed.items.count)
        // Every event of every item (a series, each moved dose, the refill warning) under 8 KB.
        for name in box.files {
            let text = box.read(name)
            let events = text.components(separatedBy: "BEGIN:VEVENT").count - 1
            #expect(text.utf8.count < events * 8_192 + 4_096, "\(name): \(text.utf8.count) bytes, \(events) events")
        }
        // The next sync reads every item back (no status: each file is read and adopted) and
        // finds it in step.
        try FileManager.default.removeItem(atPath: box.storePath)
        let again = try box.sync(try Self.longest())
        #expect(again.plan.unusable.isEmpty && again.conflicts.isEmpty)
        #expect(again.outcome?.created == [] && again.outcome?.updated == [])
    }
}
