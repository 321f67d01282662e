import DoseCal
import Foundation
import ICal
import Testing

/// One moved dose of an every-N-hours series: a `rescheduled` entry with `at`, the dose's original
/// home-zone time (decision 0138). Literal client text, literal change sets, then apply and
/// reconcile again gives nothing (`ReconcileRemapTests.roundTrip`). Amoxicillin every 8 hours from
/// 2026-12-01 07:00 New York (12:00Z) to 2026-12-20.
@Suite struct ReconcileHourlyMoveTests {
    typealias R = ReconcileRemapTests

    /// Google: the 15:00 dose of 2026-12-05 (20:00Z) moved to 16:30, an override in Google's
    /// TZID form of the exported UTC series.
    static let googleOverride = """
        BEGIN:VEVENT\r
        DTSTART;TZID=America/New_York:20261205T163000\r
        DTEND;TZID=America/New_York:20261205T164500\r
        DTSTAMP:20261202T090000Z\r
        UID:\(R.q8hUID)\r
        RECURRENCE-ID;TZID=America/New_York:20261205T150000\r
        CREATED:20261120T000000Z\r
        LAST-MODIFIED:20261202T085900Z\r
        SEQUENCE:1\r
        STATUS:CONFIRMED\r
        SUMMARY:Amoxicillin (1 dose)\r
        TRANSP:TRANSPARENT\r
        END:VEVENT\r

        """

    @Test func googleMovesOneDose() throws {
        let (set, merged) = try R.roundTrip(R.schedule(R.q8h), edits: Self.googleOverride, added: true)
        #expect(
            set.changes.map(\.kind) == [
                .movedHourlyDose(
                    slotID: "first", date: R.d("2026-12-05"), at: R.t("15:00"), toDate: R.d("2026-12-05"), new: R.t("16:30"))
            ])
        #expect(set.changes.map(\.description) == ["Amoxicillin 15:00 on 2026-12-05 moved to 16:30"])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
        #expect(
            merged.medications[0].rescheduled == [
                RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))
            ])
        let json = String(decoding: ScheduleCodec.encode(merged), as: UTF8.self)
        #expect(json.contains(#"{"slot": "first", "date": "2026-12-05", "at": "15:00", "time": "16:30"}"#))
        let doses = WallClockEngine(schedule: merged).occurrences(
            of: merged.medications[0], from: R.d("2026-12-05"), to: R.d("2026-12-05"))
        // 07:00 EST, 16:30 EST (moved from 15:00), 23:00 EST.
        #expect(doses.map(\.instant) == [1_796_472_000, 1_796_506_200, 1_796_529_600])
    }

    /// Apple: the 23:00 dose of 2026-12-05 (04:00Z) dragged to 00:30 the next day, in UTC as the
    /// series is: a moved dose with its new day.
    @Test func appleMovesOneDoseToTheNextDay() throws {
        let override = """
            BEGIN:VEVENT\r
            UID:\(R.q8hUID)\r
            RECURRENCE-ID:20261206T040000Z\r
            DTSTART:20261206T053000Z\r
            DURATION:PT15M\r
            DTSTAMP:20261202T090000Z\r
            SEQUENCE:1\r
            SUMMARY:Amoxicillin (1 dose)\r
            END:VEVENT\r

            """
        let (set, merged) = try R.roundTrip(R.schedule(R.q8h), edits: override, added: true)
        #expect(
            set.changes.map(\.kind) == [
                .movedHourlyDose(
                    slotID: "first", date: R.d("2026-12-05"), at: R.t("23:00"), toDate: R.d("2026-12-06"), new: R.t("00:30"))
            ])
        #expect(set.changes.map(\.description) == ["Amoxicillin 23:00 on 2026-12-05 moved to 2026-12-06 00:30"])
        #expect(
            merged.medications[0].rescheduled == [
                RescheduledDose(
                    slot: "first", date: R.d("2026-12-05"), time: R.t("00:30"), toDate: R.d("2026-12-06"), at: R.t("23:00"))
            ])
    }

    /// The schedule moved the same dose to 17:00 since the export: a conflict; `--prefer calendar`
    /// takes the calendar's 16:30, `--prefer schedule` keeps 17:00.
    @Test func bothSidesMovedTheDose() throws {
        let base = try FeedBuilder(schedule: R.schedule(R.q8h), now: R.exportedAt).build().serialized()
        let theirs = base.replacingOccurrences(of: "END:VCALENDAR\r\n", with: Self.googleOverride + "END:VCALENDAR\r\n")
        var ours = try R.schedule(R.q8h)
        ours.medications[0].rescheduled = [
            RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("17:00"), at: R.t("15:00"))
        ]
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, base: base, now: R.now)
        #expect(set.changes.isEmpty && set.unmapped.isEmpty)
        #expect(
            set.conflicts.map(\.description) == [
                "Amoxicillin 15:00 on 2026-12-05: the schedule says 17:00, the calendar says 16:30"
            ])
        let calendar = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, base: base, now: R.now, prefer: .calendar)
        #expect(
            calendar.changes.map(\.kind) == [
                .movedHourlyDose(
                    slotID: "first", date: R.d("2026-12-05"), at: R.t("15:00"), toDate: R.d("2026-12-05"), new: R.t("16:30"))
            ])
        let merged = try ours.applying(calendar.changes, now: R.now)
        #expect(merged.medications[0].rescheduled.map(\.time) == [R.t("16:30")])
        let schedule = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, base: base, now: R.now, prefer: .schedule)
        #expect(schedule.changes.isEmpty && schedule.conflicts.isEmpty && schedule.unmapped.isEmpty)
    }

    /// Export: the moved dose is an override of the UTC series, RECURRENCE-ID the original
    /// instant (2026-12-05 15:00 EST, 20:00Z), DTSTART the new one (16:30 EST, 21:30Z).
    @Test func exportWritesTheOverride() throws {
        var schedule = try R.schedule(R.q8h)
        schedule.medications[0].rescheduled = [
            RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))
        ]
        let feed = FeedBuilder(schedule: schedule, now: R.exportedAt).build().serialized()
        #expect(feed.contains("RECURRENCE-ID:20261205T200000Z\r\nDTSTART:20261205T213000Z\r\n"))
        #expect(feed.components(separatedBy: "RECURRENCE-ID").count == 2, "one override")
    }
}

extension ReconcileHourlyMoveTests {
    /// The series moved 30 minutes: the 15:00 dose is no more, so its move is dropped (the
    /// calendar's override of the new chain comes back as an entry of its own); the result is valid.
    @Test func aSeriesMoveDropsAMoveItLeavesUnnamed() throws {
        var schedule = try R.schedule(R.q8h)
        schedule.medications[0].rescheduled = [
            RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))
        ]
        let change = ScheduleChange(
            medicationID: "amoxicillin",
            kind: .slotTime(slotID: "first", from: nil, through: nil, old: R.t("07:00"), new: R.t("07:30")), description: "")
        let merged = try schedule.applying([change], now: R.now)
        #expect(merged.medications[0].rescheduled.isEmpty)
        #expect(merged.medications[0].times == [DoseSlot(id: "first", time: R.t("07:30"))])
    }
}

extension ReconcileHourlyMoveTests {
    /// The moved dose also logged as skipped (at its new instant, 16:30 EST): no override, and the
    /// EXDATE names the original instance (15:00 EST, 20:00Z).
    @Test func aMovedDoseSkippedIsExcluded() throws {
        var schedule = try R.schedule(R.q8h)
        schedule.medications[0].rescheduled = [
            RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))
        ]
        schedule.log = [
            DoseLogEntry(
                medication: "amoxicillin", slot: "first", date: R.d("2026-12-05"), status: .skipped,
                at: Date(timeIntervalSince1970: 1_796_506_200))
        ]
        let feed = FeedBuilder(schedule: schedule, now: R.exportedAt).build().serialized()
        #expect(feed.contains("RRULE:FREQ=HOURLY;UNTIL=20261221T045959Z;INTERVAL=8\r\nEXDATE:20261205T200000Z\r\n"))
        #expect(!feed.contains("RECURRENCE-ID"))
    }
}
