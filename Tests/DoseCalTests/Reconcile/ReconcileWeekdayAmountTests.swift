import Foundation
import ICal
import Testing

@testable import DoseCal

/// Reconcile over a medication written as a series per weekday amount (decision 0211): an edit
/// of the Monday series is a dose of the slot like any other, and the merged schedule's feed
/// writes it back into the Monday series, so a second reconcile finds nothing.
@Suite struct ReconcileWeekdayAmountTests {
    static let evening = SlotKey(medicationID: "warfarin", slotID: "evening")
    static let monday = DoseIdentity.series(evening, SeriesPart(stretchStart: nil, weekday: .monday)).uid

    @Test func mondaySeriesEditsComeBackAsDoses() throws {
        let schedule = try WeekdayAmountFeedTests.schedule(WeekdayAmountFeedTests.warfarin())
        let base = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        // The phone deletes Monday 2026-12-07 and moves Monday 2026-12-14 from 18:00 to 19:15.
        var calendar = try #require(try ICalParser.parse(Array(base.utf8)).calendar)
        let i = try #require(calendar.components.firstIndex { $0.property("UID")?.value == Self.monday })
        calendar.components[i].add(
            ICalProperty("EXDATE", "20261207T180000", parameters: [ICalParameter("TZID", "America/Chicago")]))
        var moved = ICalComponent("VEVENT")
        moved.add(ICalProperty("UID", Self.monday))
        moved.add(ICalProperty("DTSTAMP", "20261201T090000Z"))
        moved.add(ICalProperty("RECURRENCE-ID", "20261214T180000", parameters: [ICalParameter("TZID", "America/Chicago")]))
        moved.add(ICalProperty("DTSTART", "20261214T191500", parameters: [ICalParameter("TZID", "America/Chicago")]))
        moved.add(ICalProperty("DURATION", "PT15M"))
        calendar.components.append(moved)
        let theirs = ICalSerializer.serialize(calendar)
        let now = 1_797_336_000  // 2026-12-15T12:00:00Z
        let set = try Reconciler(baseText: Array(base.utf8), ours: schedule, theirsText: Array(theirs.utf8), now: now)
            .reconcile(prefer: nil)
        let d = { (day: Int) in LocalDate(year: 2026, month: 12, day: day)! }
        let six = LocalTime(hour: 18, minute: 0)!
        #expect(
            set.changes.map(\.kind) == [
                .skipped(slotID: "evening", date: d(7), time: six),
                .rescheduled(slotID: "evening", date: d(14), old: six, new: LocalTime(hour: 19, minute: 15)!),
            ])
        #expect(set.conflicts.isEmpty && set.unmapped.isEmpty)
        let merged = try schedule.merging(set, now: now)
        let feed = FeedBuilder(schedule: merged, now: now).build()
        let mondayEvents = feed.calendar.components.filter { $0.property("UID")?.value == Self.monday }
        #expect(mondayEvents.count == 2)
        #expect(mondayEvents[0].properties(named: "EXDATE").map(\.value) == ["20261207T180000"])
        #expect(mondayEvents[1].property("RECURRENCE-ID")?.value == "20261214T180000")
        #expect(mondayEvents[1].property("SUMMARY")?.value == "Warfarin 5 mg tablets: 1 tablet (5 mg)")
        let again = try Reconciler(
            baseText: Array(feed.serialized().utf8), ours: merged, theirsText: Array(theirs.utf8), now: now
        ).reconcile(prefer: nil)
        #expect(again.changes.isEmpty && again.conflicts.isEmpty)
    }
}
