import DoseCal
import Foundation
import ICal
import Testing

/// Export -> edit in a client -> reconcile, for each edit kind in each client's form
/// (fixtures/clients, copies of real forms on the demo export). Literal expected changes.
@Suite struct ReconcileClientTests {
    static let expected: [(fixture: String, changes: [String], unmapped: [String])] = [
        ("google-delete-one.ics", ["Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-05: skipped"], []),
        ("khal-comma-exdate.ics", ["Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-05: skipped"], []),
        ("thunderbird-xmoz.ics", ["Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-05: skipped"], []),
        ("google-move-one.ics", ["Metformin 08:00 on 2026-12-03 moved to 09:30"], []),
        ("apple-move-one.ics", ["Metformin 19:00 on 2026-12-08 moved to 21:30"], []),
        ("evolution-move-one-utc.ics", ["Levothyroxine 06:30 on 2026-12-06 moved to 07:45"], []),
        (
            "google-recurrence-edit.ics", [],
            ["Metformin 08:00: repeat rule changed in the calendar to FREQ=DAILY;INTERVAL=2"]
        ),
        ("google-series-edit.ics", ["Metformin 08:00 -> 08:30 (every dose)"], []),
        (
            "google-split.ics",
            ["Metformin 08:00 -> 08:30 from 2026-12-03 through 2026-12-09", "Metformin 08:00 -> 09:00 from 2026-12-10"], []
        ),
        ("apple-split.ics", ["Metformin 08:00 -> 08:30 from 2026-12-03"], []),
        ("nextcloud-sibling-split.ics", ["Metformin 08:00 -> 09:00 from 2026-12-03"], []),
        (
            "davx5-exdate-split.ics",
            [
                "Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-05: skipped",
                "Metformin 08:00 on 2026-12-06: skipped", "Metformin 08:00 -> 08:30 from 2026-12-10",
            ], []
        ),
        (
            "outlook-windows-tz.ics",
            [
                "Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-04: skipped",
                "Metformin 08:00 stops from 2027-01-01",
            ], []
        ),
        ("dosecal-demo-export.ics", [], []),
        ("lf-only.ics", [], []),
        ("cr-only.ics", [], []),
        ("tab-folding.ics", [], []),
        ("broken-folding.ics", [], []),
    ]

    @Test(arguments: 0..<expected.count)
    func clientEdit(_ i: Int) throws {
        let (fixture, changes, unmapped) = Self.expected[i]
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs(fixture))
        #expect(set.changes.map(\.description) == changes, "\(fixture)")
        #expect(set.unmapped.map(\.description) == unmapped, "\(fixture)")
        #expect(set.conflicts.isEmpty, "\(fixture)")
    }

    /// Applying the changes, then reconciling again (old base or the merged schedule's feed as
    /// base) finds nothing: the log, taper steps and rescheduled doses say what the calendar says.
    @Test(arguments: 0..<expected.count)
    func applyIsIdempotent(_ i: Int) throws {
        let fixture = Self.expected[i].fixture
        let theirs = try ReconcileSupport.theirs(fixture)
        let set = try ReconcileSupport.reconcile(theirs: theirs)
        let merged = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        let again = try ReconcileSupport.reconcile(theirs: theirs, ours: merged)
        #expect(again.changes.isEmpty && again.conflicts.isEmpty, "\(fixture): \(again.changes.map(\.description))")
        let newBase = FeedBuilder(schedule: merged, now: ReconcileSupport.now).build().serialized()
        let fresh = try ReconcileSupport.reconcile(theirs: theirs, ours: merged, base: newBase)
        #expect(fresh.changes.isEmpty && fresh.conflicts.isEmpty, "\(fixture): \(fresh.changes.map(\.description))")
    }

    @Test func changeKindsAreTyped() throws {
        let split = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-split.ics"))
        let d = { (s: String) in LocalDate(parsing: s)! }
        let t = { (s: String) in LocalTime(parsing: s)! }
        #expect(
            split.changes.map(\.kind) == [
                .slotTime(slotID: "morning", from: d("2026-12-03"), through: d("2026-12-09"), old: t("08:00"), new: t("08:30")),
                .slotTime(slotID: "morning", from: d("2026-12-10"), through: nil, old: t("08:00"), new: t("09:00")),
            ])
        let move = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-move-one.ics"))
        #expect(
            move.changes.map(\.kind) == [.rescheduled(slotID: "morning", date: d("2026-12-03"), old: t("08:00"), new: t("09:30"))]
        )
    }
}
