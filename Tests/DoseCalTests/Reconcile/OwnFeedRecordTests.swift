import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// When the records of what was written show the schedule's feed is the base (a sync by parts:
/// every medication is the entry its items were last written from), the base stands for that
/// feed: nothing dosecal wrote is read back. The flag is the caller's word, so a schedule that
/// changed since is then compared as the base: a dose the schedule and the phone both changed is
/// a conflict when the feed is read, the phone's change when the records say the feed is the base.
@Suite struct OwnFeedRecordTests {
    @Test func theBaseStandsForTheFeedTheRecordsShowWritten() throws {
        var ours = try ReconcileSupport.demo()
        let i = try #require(ours.medications.firstIndex { $0.id == "metformin" })
        let morning = try #require(ours.medications[i].times.firstIndex { $0.id == "morning" })
        ours.medications[i].times[morning].time = LocalTime(hour: 8, minute: 15)!
        let base = try ReturnedCalendar(parsing: Array(ReconcileSupport.baseText().utf8))
        let theirs = try ReturnedCalendar(parsing: Array(ReconcileSupport.theirs("google-move-one.ics").utf8))
        var reconciler = Reconciler(base: base, ours: ours, theirs: theirs, now: ReconcileSupport.now)
        let read = try reconciler.reconcile()
        #expect(!read.conflicts.isEmpty)
        reconciler.oursIsBase = true
        let recorded = try reconciler.reconcile()
        #expect(recorded.conflicts.isEmpty)
        #expect(ReconcileSupport.descriptions(recorded).contains { $0.contains("09:30") })
    }
}
