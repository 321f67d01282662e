import DoseCal
import Foundation
import ICal
import Testing

/// Damage and edits the schedule cannot hold, each as a literal client calendar read by
/// `dosecal reconcile` (with the demo export as base): nothing stops, nothing is clamped, each is
/// reported (decisions 0201, 0202, 0203). `DamageRowSyncTests` runs the same edits through a sync.
@Suite struct DamageRowTests {
    typealias S = ReconcileSupport
    static let morning = ClientFixtures.metformin0800

    static func reconcile(_ text: String) throws -> ChangeSet {
        try AbsenceTests.reconcile(Array(text.utf8))
    }

    static func fixture(_ name: String) throws -> String { String(decoding: try ClientFixtures.bytes(name), as: UTF8.self) }

    /// Nothing stops: no change ends a medication or a dose time.
    static func stopsNothing(_ set: ChangeSet) -> Bool {
        !set.changes.contains {
            if case .stopped = $0.kind { return true }
            if case .slotStopped = $0.kind { return true }
            return false
        }
    }

    /// An added dose (RDATE) is an edit the schedule cannot hold, never "08:00 moved to 14:00".
    @Test func anAddedDoseIsReportedNotAMove() throws {
        let set = try Self.reconcile(Self.fixture("rdate-added-dose.ics"))
        #expect(set.changes.isEmpty && set.damaged.isEmpty)
        #expect(set.unmapped.map(\.description) == ["Metformin 08:00: extra dose on 2026-12-05 at 14:00"])
        #expect(set.unmapped.first?.reason.hasPrefix("the calendar added doses (RDATE)") == true)
    }

    /// 10,000 added doses are one report, no expansion and no failure.
    @Test func tenThousandAddedDosesCostNoFailure() throws {
        let one = "RDATE;TZID=America/New_York:20261205T140000\r\n"
        let many = (0..<10_000).map { i -> String in
            let d = LocalDate(year: 2026, month: 12, day: 5)!.adding(days: i)
            return "RDATE;TZID=America/New_York:\(d.description.replacingOccurrences(of: "-", with: ""))T140000\r\n"
        }.joined()
        let text = try Self.fixture("rdate-added-dose.ics").replacingOccurrences(of: one, with: many)
        let set = try Self.reconcile(text)
        #expect(set.changes.isEmpty && set.damaged.isEmpty && set.warnings.isEmpty, "\(set.warnings)")
        #expect(set.unmapped.map(\.description) == ["Metformin 08:00: 10000 extra doses from 2026-12-05 through 2054-04-21"])
    }

    /// UNTIL eleven months before DTSTART: damage, never "stops, backdated".
    @Test func untilBeforeTheStartIsDamage() throws {
        let set = try Self.reconcile(Self.fixture("until-before-dtstart.ics"))
        #expect(set.changes.isEmpty && Self.stopsNothing(set))
        let damage = try #require(set.damaged.first)
        #expect(set.damaged.count == 1 && damage.uid == Self.morning && damage.line == 32)
        #expect(
            damage.reason
                == "RRULE FREQ=DAILY;UNTIL=20250205T045959Z: UNTIL is before DTSTART 20260105T080000; a rule cannot end "
                + "before its first dose, so this is not read as the series ending")
    }

    /// REPEAT:2147483647 is reported as a value no reminder holds, never clamped to 20.
    @Test func anAlarmRepeatOutsideTheScheduleIsReported() throws {
        let set = try Self.reconcile(Self.fixture("alarm-repeat-overflow.ics"))
        #expect(set.changes.isEmpty)
        #expect(set.unmapped.map(\.description) == ["Metformin reminder changed in the calendar"])
        #expect(
            set.unmapped.first?.reason == "the calendar's alarm has REPEAT:2147483647; a reminder repeats 0 to 20 times")
        // Every other value outside the format's ranges, alike.
        let outside: [(String, String)] = [
            ("REPEAT:2147483647\r\n", "REPEAT:-3\r\n"), ("REPEAT:2147483647\r\n", "REPEAT:99999999999999999999\r\n"),
            ("DURATION:PT1M\r\n", "DURATION:PT30S\r\n"), ("DURATION:PT1M\r\n", "DURATION:P2D\r\n"),
            ("REPEAT:2147483647\r\nDURATION:PT1M\r\n", "REPEAT:2\r\n"),
        ]
        for (edit, to) in outside {
            let other = try Self.reconcile(Self.fixture("alarm-repeat-overflow.ics").replacingOccurrences(of: edit, with: to))
            #expect(
                other.changes.isEmpty && other.unmapped.count == 1, "\(to): \(other.changes.map(\.description)) \(other.unmapped)"
            )
        }
        // In range, it is a change.
        let fine = try Self.reconcile(
            Self.fixture("alarm-repeat-overflow.ics").replacingOccurrences(of: "REPEAT:2147483647", with: "REPEAT:3"))
        #expect(S.descriptions(fine) == ["Metformin reminder at the dose time -> at the dose time, repeated 3x every 1 min"])
    }

    /// 800 EXDATEs one per line or on one line read the same: 409 skipped doses through the
    /// window's last compared day (2028-01-17), the 391 after it reported; never a stop.
    @Test func eightHundredDeletionsReadTheSameInEitherLayout() throws {
        let perLine = try Self.reconcile(Self.fixture("exdate-800-one-per-line.ics"))
        let oneLine = try Self.reconcile(Self.fixture("exdate-800-one-line.ics"))
        #expect(perLine == oneLine)
        #expect(Self.stopsNothing(perLine))
        let skipped = perLine.changes.compactMap { c -> LocalDate? in
            if case .skipped("morning", let date, LocalTime(hour: 8, minute: 0)!) = c.kind, c.medicationID == "metformin" {
                return date
            }
            return nil
        }
        #expect(skipped.count == 409 && perLine.changes.count == 409)
        #expect(skipped.first?.description == "2026-12-05" && skipped.last?.description == "2028-01-17")
        #expect(
            perLine.unmapped.map(\.description) == ["Metformin 08:00: 391 dose(s) deleted from 2028-01-18 through 2029-02-11"])
    }

    /// The 08:00 series moved onto 19:00 (Metformin's evening time) is reported and left; the
    /// other series' move in the same calendar is a change, and the result applies.
    @Test func aMoveOntoAnotherDoseTimeIsLeftAndTheRestApplies() throws {
        let set = try Self.reconcile(Self.fixture("series-moved-onto-another-slot.ics"))
        #expect(S.descriptions(set) == ["Levothyroxine 06:30 -> 07:00 (every dose)"])
        #expect(set.unmapped.map(\.description) == ["Metformin 08:00 -> 19:00 (every dose)"])
        #expect(set.unmapped.first?.reason.hasPrefix("19:00 is the time of this medication's dose time \"evening\"") == true)
        let merged = try S.demo().merging(set, now: S.now)
        #expect(merged.medications[1].times[0].time == LocalTime(hour: 7, minute: 0)!)
        #expect(merged.medications[0].times.map(\.time) == [LocalTime(hour: 8, minute: 0)!, LocalTime(hour: 19, minute: 0)!])
        // Both dose times swapped at once is valid together: both are changes.
        let swapped = try S.baseText().replacingOccurrences(
            of: "DTSTART;TZID=America/New_York:20260105T080000", with: "DTSTART;TZID=America/New_York:20260105T1X0000"
        ).replacingOccurrences(
            of: "DTSTART;TZID=America/New_York:20260105T190000", with: "DTSTART;TZID=America/New_York:20260105T080000"
        )
        .replacingOccurrences(of: "T1X0000", with: "T190000")
        let both = try Self.reconcile(swapped)
        #expect(S.descriptions(both) == ["Metformin 08:00 -> 19:00 (every dose)", "Metformin 19:00 -> 08:00 (every dose)"])
        #expect(both.unmapped.isEmpty)
    }
}
