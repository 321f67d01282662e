import Foundation
import Testing

@testable import DoseCal

/// The schedule's feed is not read back when its text is the base's apart from time stamps:
/// the base's reading stands for it, and every result is the same.
@Suite struct OwnFeedReadingTests {
    @Test func textsDifferingOnlyInTimeStampsAreTheSame() {
        let a = Array("BEGIN:VEVENT\r\nDTSTAMP:20261120T000000Z\r\nLAST-MODIFIED:20261120T000000Z\r\nEND:VEVENT\r\n".utf8)
        let b = Array("BEGIN:VEVENT\r\nDTSTAMP:20261215T120000Z\r\nLAST-MODIFIED:20261215T120000Z\r\nEND:VEVENT\r\n".utf8)
        let other = Array("BEGIN:VEVENT\r\nDTSTAMP:20261215T120000Z\r\nLAST-MODIFIED:20261215T120001Z\r\nEND:VEVENX\r\n".utf8)
        let moved = Array("BEGIN:VEVENT\r\nDTSTART:20261215T120000Z\r\nLAST-MODIFIED:20261215T120000Z\r\nEND:VEVENT\r\n".utf8)
        #expect(Reconciler.sameApartFromStamps(a, b))
        #expect(!Reconciler.sameApartFromStamps(a, other))
        #expect(!Reconciler.sameApartFromStamps(a, moved))
        #expect(!Reconciler.sameApartFromStamps(a, Array(a.dropLast())))
    }

    @Test(arguments: try ClientFixtures.names())
    func withTheBaseTextEveryResultIsTheSame(_ fixture: String) throws {
        let text = Array(try ReconcileSupport.baseText().utf8)
        let base = try ReturnedCalendar(parsing: text)
        let theirs = try ReturnedCalendar(parsing: Array(try ReconcileSupport.theirs(fixture).utf8))
        // A day after the fixtures: the feed is the base with other time stamps.
        let later = ReconcileSupport.now + 86_400
        let schedule = try ReconcileSupport.demo()
        var known = Reconciler(base: base, ours: schedule, theirs: theirs, now: later)
        known.baseText = text
        let feed = FeedBuilder(schedule: schedule, now: later).build()
        #expect(Reconciler.sameApartFromStamps(Array(try feed.serialized().utf8), text))
        let plain = Reconciler(base: base, ours: schedule, theirs: theirs, now: later)
        #expect(try known.reconcile() == plain.reconcile())
    }
}
