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
        // Same length, the line breaks elsewhere.
        let shifted = Array("DTSTAMP:1\nDTSTAMP:22\nX".utf8)
        #expect(!Reconciler.sameApartFromStamps(Array("DTSTAMP:12\nDTSTAMP:2\nX".utf8), Array("DTSTAMP:1\nDTSTAMP:2\nXY".utf8)))
        #expect(Reconciler.sameApartFromStamps(Array("DTSTAMP:12\nDTSTAMP:2\nX".utf8), shifted))
        #expect(!Reconciler.sameApartFromStamps(Array("DTSTAMP:12\nDTSTAMP:2\n\n".utf8), Array("DTSTAMP:1\nDTSTAMP:2\n\nX".utf8)))
    }

    /// The texts' lines split into arrays, compared pair by pair (the check as it was first written).
    static func splitReference(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return true }
        guard a.count == b.count else { return false }
        let x = a.split(separator: 10, omittingEmptySubsequences: false)
        let y = b.split(separator: 10, omittingEmptySubsequences: false)
        guard x.count == y.count else { return false }
        let stamps = [Array("DTSTAMP:".utf8), Array("LAST-MODIFIED:".utf8)]
        return zip(x, y).allSatisfy { p, q in p == q || stamps.contains { p.starts(with: $0) && q.starts(with: $0) } }
    }

    @Test func theLineWalkEqualsTheSplitComparison() {
        let pieces = ["DTSTAMP:", "LAST-MODIFIED:", "1", "22", "\n", "\n", "X", "DTSTAR"].map { Array($0.utf8) }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let make = { (rng: inout SystemRandomNumberGenerator) in
                (0..<Int.random(in: 0...8, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng)! }
            }
            let a = make(&rng)
            let b = Bool.random(using: &rng) ? a.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "9") : $0 } : make(&rng)
            #expect(Reconciler.sameApartFromStamps(a, b) == Self.splitReference(a, b), "\(a) \(b)")
        }
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
        // What reconcile reads back: export's bytes, those of the tree serialised.
        let written = FeedBuilder(schedule: schedule, now: later).write()
        #expect(written.bytes == Array(try feed.serialized().utf8))
        #expect(written.items.map(\.uid) == feed.items.map(\.uid))
        let plain = Reconciler(base: base, ours: schedule, theirs: theirs, now: later)
        #expect(try known.reconcile() == plain.reconcile())
    }
}
