import DoseCal
import Foundation
import ICal
import Testing

/// Reading the returned calendar for reconcile passes over events no result depends on
/// (decision 0167): every result is the one of the full reading.
@Suite struct PassOverReconcileTests {
    typealias F = ClientFixtures

    /// `text` with plain single events of other people added before its END:VCALENDAR.
    static func withForeignEvents(_ text: String) -> String {
        let foreign = (1...3).map { n in
            "BEGIN:VEVENT\r\nUID:lunch-\(n)@example.com\r\nDTSTART:2026120\(n)T120000Z\r\nDTEND:2026120\(n)T130000Z\r\n"
                + "SUMMARY:Lunch\r\nEND:VEVENT\r\n"
        }.joined()
        guard let end = text.range(of: "END:VCALENDAR", options: .backwards) else { return text }
        return text.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: foreign)
    }

    static func changes(_ theirs: ReturnedCalendar, base: ReturnedCalendar?) throws -> ChangeSet {
        try Reconciler(base: base, ours: ReconcileSupport.demo(), theirs: theirs, now: ReconcileSupport.now).reconcile()
    }

    @Test(arguments: try ClientFixtures.names())
    func everyClientFixtureReconcilesAlike(_ fixture: String) throws {
        let base = try ReturnedCalendar(parsing: Array(ReconcileSupport.baseText().utf8))
        for text in [String(decoding: try F.bytes(fixture), as: UTF8.self), try ReconcileSupport.theirs(fixture)] {
            let bytes = Array(Self.withForeignEvents(text).utf8)
            let (full, passed) = (try ReturnedCalendar(parsing: bytes), try ReturnedCalendar(parsingForReconcile: bytes))
            #expect(try ICalParser.parse(bytes, passingOver: ReturnedCalendar.reconcilePassOver).passedOver.count >= 3)
            for b in [base, nil] {
                #expect(try Self.changes(passed, base: b) == Self.changes(full, base: b))
            }
            #expect(passed.damage() == full.damage())
            #expect(passed.splits == full.splits)
        }
    }

    /// A plain event that another names (a sibling link, a Google split's parent, an override
    /// of its UID) is read: the whole file is read again.
    @Test func aPlainEventThatIsNamedIsRead() throws {
        func calendar(_ named: String) -> [UInt8] {
            let plain = "BEGIN:VEVENT\r\nUID:plain@example.com\r\nDTSTART:20261203T130000Z\r\nEND:VEVENT\r\n"
            return Array(("BEGIN:VCALENDAR\r\n" + plain + named + "END:VCALENDAR\r\n").utf8)
        }
        let naming = [
            "BEGIN:VEVENT\r\nUID:\(F.metformin0800)\r\nDTSTART:20261203T130000Z\r\nRRULE:FREQ=DAILY\r\n"
                + "RELATED-TO;RELTYPE=SIBLING:plain@example.com\r\nEND:VEVENT\r\n",
            "BEGIN:VEVENT\r\nUID:plain_R20261210T130000@example.com\r\nDTSTART:20261210T130000Z\r\nEND:VEVENT\r\n",
            "BEGIN:VEVENT\r\nUID:plain@example.com\r\nRECURRENCE-ID:20261203T130000Z\r\nDTSTART:20261203T140000Z\r\nEND:VEVENT\r\n",
        ]
        for text in naming {
            let bytes = calendar(text)
            #expect(try ICalParser.parse(bytes, passingOver: ReturnedCalendar.reconcilePassOver).passedOver.count == 1)
            let read = try ReturnedCalendar(parsingForReconcile: bytes)
            #expect(read.series.map(\.uid).contains("plain@example.com"))
            let full = try ReturnedCalendar(parsing: bytes)
            #expect(read.series == full.series)
            #expect(read.splits == full.splits)
        }
    }
}
