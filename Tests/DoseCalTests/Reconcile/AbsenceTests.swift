import DoseCal
import Foundation
import ICal
import Testing

/// Absence is not deletion (decision 0200): a calendar that lacks a series stops nothing unless
/// it is shown to be a whole copy of the export; the other missing series are reported as absent.
@Suite struct AbsenceTests {
    typealias S = ReconcileSupport
    static let levothyroxine = "dose-77a988eee115e846fa275e03@dosecal.app"
    static let vitaminD = "dose-f2c935f99e0dadf60bb31e75@dosecal.app"
    static let others = ["Metformin 19:00", "Levothyroxine 06:30", "Methotrexate 20:00", "Vitamin D3 12:30"]

    /// `theirs` reconciled with the demo schedule; the base is the demo export unless `base` is false.
    static func reconcile(_ theirs: [UInt8], base: Bool = true) throws -> ChangeSet {
        let read = try ReturnedCalendar(parsingForReconcile: theirs)
        let b = base ? try ReturnedCalendar(parsing: Array(S.baseText().utf8)) : nil
        return try Reconciler(base: b, ours: S.demo(), theirs: read, now: S.now).reconcile()
    }

    /// `dosecal reconcile fixtures/schedules/demo.json fixtures/clients/google-move-one.ics`: a
    /// calendar holding one of the schedule's five dose series gives the move and no stop.
    @Test(arguments: [true, false])
    func aCalendarOfOneSeriesStopsNothing(_ withBase: Bool) throws {
        let set = try Self.reconcile(ClientFixtures.bytes("google-move-one.ics"), base: withBase)
        #expect(S.descriptions(set) == ["Metformin 08:00 on 2026-12-03 moved to 09:30"])
        #expect(set.absent.map(\.description) == Self.others)
        let reason = try #require(set.absent.first?.reason)
        #expect(
            withBase
                ? reason.hasPrefix("the calendar lacks the series of 4 medications")
                : reason.hasPrefix("there is no base"), "\(reason)")
        #expect(set.conflicts.isEmpty && set.unmapped.isEmpty && set.damaged.isEmpty)
        // Applied, the schedule holds the move and stops nothing.
        let merged = try S.demo().merging(set, now: S.now)
        #expect(merged.medications.allSatisfy { $0.end == nil && $0.times.allSatisfy { $0.until == nil } })
        #expect(merged.medications[0].rescheduled.map(\.date) == [LocalDate(year: 2026, month: 12, day: 3)!])
    }

    /// A whole copy (the export's name, a base, one medication lacking) is a deletion.
    @Test func aWholeCopyLackingOneMedicationStopsIt() throws {
        let theirs = try S.removing(Self.levothyroxine, from: S.baseText())
        let set = try Self.reconcile(Array(theirs.utf8))
        #expect(S.descriptions(set) == ["Levothyroxine stops from 2026-12-15"])
        #expect(set.absent.isEmpty)
        // A vdir folder holding the same items is a whole copy too.
        let items = try S.baseText().components(separatedBy: "BEGIN:VEVENT").dropFirst().map { event in
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT"
                + event.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
                + "END:VCALENDAR\r\n"
        }.filter { !$0.contains(Self.levothyroxine) }
        var folder = try ReturnedCalendar(parsingItems: items.map { Array($0.utf8) })
        let base = try ReturnedCalendar(parsing: Array(S.baseText().utf8))
        let inFolder = try Reconciler(base: base, ours: S.demo(), theirs: folder, now: S.now).reconcile()
        #expect(S.descriptions(inFolder) == ["Levothyroxine stops from 2026-12-15"])
        // ...unless an item of it could not be read.
        folder.unreadItems = ["x.ics": "is a folder, not a file"]
        let unread = try Reconciler(base: base, ours: S.demo(), theirs: folder, now: S.now).reconcile()
        #expect(S.descriptions(unread).isEmpty && unread.absent.map(\.description) == ["Levothyroxine 06:30"])
        #expect(unread.absent[0].reason.hasPrefix("an item of the folder could not be read (x.ics is a folder"))
    }

    /// Each missing piece of evidence keeps the series: a literal copy of the export lacking
    /// Levothyroxine, changed as the reason says.
    static let notWhole: [(edit: String, to: String, reason: String)] = [
        ("X-WR-CALNAME:My medications\r\n", "", "the calendar carries no calendar name"),
        ("METHOD:PUBLISH\r\n", "METHOD:REQUEST\r\n", "the calendar is a scheduling message (METHOD:REQUEST)"),
        ("UID:\(vitaminD)\r\n", "UID:other@example.com\r\n", "the calendar lacks the series of 2 medications"),
    ]

    @Test(arguments: notWhole.indices)
    func withoutTheEvidenceNothingStops(_ i: Int) throws {
        let (edit, to, reason) = Self.notWhole[i]
        var theirs = try S.removing(Self.levothyroxine, from: S.baseText()).replacingOccurrences(of: edit, with: to)
        if edit.hasPrefix("X-WR-CALNAME") { theirs = theirs.replacingOccurrences(of: "NAME:My medications\r\n", with: "") }
        let set = try Self.reconcile(Array(theirs.utf8))
        #expect(S.descriptions(set).isEmpty, "\(to)")
        #expect(set.absent.contains { $0.description == "Levothyroxine 06:30" && $0.reason.hasPrefix(reason) }, "\(set.absent)")
        #expect(try Self.reconcile(Array(theirs.utf8), base: false).changes.isEmpty, "without a base")
    }

    /// The UID line removed from a series: damage, named with the event's line, never a stop.
    @Test func aSeriesThatLostItsUIDIsDamage() throws {
        let uid = "UID:\(ClientFixtures.metformin0800)\r\n"
        let theirs = try S.baseText().replacingOccurrences(of: uid, with: "")
        let set = try Self.reconcile(Array(theirs.utf8))
        #expect(set.changes.isEmpty && set.absent.isEmpty)
        let damage = try #require(set.damaged.first)
        #expect(set.damaged.count == 1 && damage.uid == ClientFixtures.metformin0800 && damage.slotID == "morning")
        #expect(damage.kind == .lostUID && damage.line != nil)
        #expect(
            damage.reason
                == "the series' event has lost its UID (this VEVENT has its start and rule but no UID line); a VEVENT needs its UID"
        )
    }
}
