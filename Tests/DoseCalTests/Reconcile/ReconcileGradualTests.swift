import DoseCal
import Foundation
import ICal
import Testing

/// Reconcile and the gradual time policy (decision 0231): the moves the feed writes as overrides
/// are the schedule's own, never read as calendar edits; a person's edit of one of them still is.
@Suite struct ReconcileGradualTests {
    /// 2026-11-30T12:00:00Z.
    static let exportedAt = 1_796_040_000
    /// 2026-12-06T12:00:00Z, during the trip.
    static let now = 1_796_558_400

    static func schedule(policy: TimePolicy = .gradual(maxShiftMinutes: 120)) -> Schedule {
        let m = Medication(
            id: "amoxicillin", name: "Amoxicillin",
            times: [
                DoseSlot(id: "morning", time: LocalTime(hour: 7, minute: 0)!),
                DoseSlot(id: "night", time: LocalTime(hour: 21, minute: 0)!),
            ],
            start: LocalDate(year: 2026, month: 11, day: 20)!, timePolicy: policy)
        return Schedule(
            version: 2, home: Zone("America/Chicago")!, medications: [m],
            itinerary: [
                ItineraryStop(from: LocalDate(year: 2026, month: 12, day: 5)!, zone: Zone("Asia/Tokyo")!),
                ItineraryStop(from: LocalDate(year: 2026, month: 12, day: 12)!, zone: Zone("America/Chicago")!),
            ])
    }

    static func feed(_ s: Schedule) throws -> String { FeedBuilder(schedule: s, now: exportedAt).build().serialized() }

    static func reconcile(base: String?, ours: Schedule, theirs: String) throws -> ChangeSet {
        try Reconciler(baseText: base.map { Array($0.utf8) }, ours: ours, theirsText: Array(theirs.utf8), now: now).reconcile()
    }

    @Test func theMovesAreNoEdit() throws {
        let s = Self.schedule()
        let text = try Self.feed(s)
        for base in [text, nil] {
            let set = try Self.reconcile(base: base, ours: s, theirs: text)
            #expect(set.changes.isEmpty && set.conflicts.isEmpty && set.unmapped.isEmpty)
        }
        // The calendar as a client writes it back (parsed and written again).
        let rewritten = ICalSerializer.serialize(try #require(try ICalParser.parse(Array(text.utf8)).calendar))
        #expect(try Self.reconcile(base: text, ours: s, theirs: rewritten).changes.isEmpty)
    }

    /// Exported on the wall clock, then switched to gradual: only the schedule changed.
    @Test func switchingThePolicyIsNoEdit() throws {
        let base = try Self.feed(Self.schedule(policy: .wallClock))
        let set = try Self.reconcile(base: base, ours: Self.schedule(), theirs: base)
        #expect(set.changes.isEmpty && set.conflicts.isEmpty && set.unmapped.isEmpty)
    }

    /// The person moves the moved dose of 2026-12-07 (16:00 JST on the way) to 18:00.
    @Test func anEditOfAMovedDoseIsAReschedule() throws {
        let s = Self.schedule()
        let text = try Self.feed(s)
        let moved = "RECURRENCE-ID;TZID=Asia/Tokyo:20261207T070000\r\nDTSTART;TZID=Asia/Tokyo:20261207T160000\r\n"
        #expect(text.contains(moved))
        let theirs = text.replacingOccurrences(
            of: moved, with: "RECURRENCE-ID;TZID=Asia/Tokyo:20261207T070000\r\nDTSTART;TZID=Asia/Tokyo:20261207T180000\r\n")
        let set = try Self.reconcile(base: text, ours: s, theirs: theirs)
        #expect(
            set.changes.map(\.kind) == [
                .rescheduled(
                    slotID: "morning", date: LocalDate(year: 2026, month: 12, day: 7)!, old: LocalTime(hour: 16, minute: 0)!,
                    new: LocalTime(hour: 18, minute: 0)!)
            ])
    }
}
