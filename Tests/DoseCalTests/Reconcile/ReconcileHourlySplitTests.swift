import DoseCal
import Foundation
import ICal
import Testing

/// Every-N-hours series split "this and following" at a new time: literal client text, literal
/// change sets, then apply and reconcile again gives nothing (`ReconcileRemapTests.roundTrip`). Amoxicillin every 8 hours from 2026-12-01 07:00 New York
/// (12:00Z) to 2026-12-20.
@Suite struct ReconcileHourlySplitTests {
    typealias R = ReconcileRemapTests

    static func series(uid: String, start: String, until: String, exdate: String? = nil) -> String {
        """
        BEGIN:VEVENT\r
        DTSTART;TZID=America/New_York:\(start)\r
        DURATION:PT15M\r
        RRULE:FREQ=HOURLY;UNTIL=\(until);INTERVAL=8\r
        \(exdate.map { "EXDATE;TZID=America/New_York:\($0)\r\n" } ?? "")DTSTAMP:20261202T090000Z\r
        UID:\(uid)\r
        SEQUENCE:1\r
        SUMMARY:Amoxicillin (1 dose)\r
        END:VEVENT\r

        """
    }

    /// Google: "this and following" from the 15:00 dose of 2026-12-05, moved to 15:30. Google cuts
    /// the old series at 23:59:59 the day before (so the 07:00 dose of 12-05 goes too) and starts
    /// `<uid>_R<UTC start>@google.com`; one dose of the new series deleted.
    @Test func googleSplitAtANewTime() throws {
        let edits =
            Self.series(uid: R.q8hUID, start: "20261201T070000", until: "20261205T045959Z")
            + Self.series(
                uid: "dose-820138859cbf283627c3b2bd_R20261205T203000@google.com", start: "20261205T153000",
                until: "20261221T045959Z", exdate: "20261207T073000")
        let (set, merged) = try R.roundTrip(R.schedule(R.q8h), edits: edits)
        #expect(
            set.changes.map(\.kind) == [
                .slotTime(slotID: "first", from: R.d("2026-12-05"), through: nil, old: R.t("15:00"), new: R.t("15:30")),
                .skipped(slotID: "first", date: R.d("2026-12-07"), time: R.t("07:30")),
            ])
        #expect(
            set.changes.map(\.description) == [
                "Amoxicillin every 8 hours from 2026-12-05 15:30 (30 minutes later)", "Amoxicillin 07:30 on 2026-12-07: skipped",
            ])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
        let m = merged.medications[0]
        #expect(m.times == [DoseSlot(id: "first", time: R.t("07:00"))])
        #expect(
            m.taper == [
                TaperStep(from: R.d("2026-12-01")),
                TaperStep(from: R.d("2026-12-05"), times: [DoseSlot(id: "first", time: R.t("15:30"))]),
            ])
        let doses = WallClockEngine(schedule: merged).occurrences(from: R.d("2026-12-04"), to: R.d("2026-12-05")).map(\.instant)
        // 12-04 07:00, 15:00, 23:00 EST; 12-05 15:30 and 23:30 EST.
        #expect(doses == [1_796_385_600, 1_796_414_400, 1_796_443_200, 1_796_502_600, 1_796_531_400])
        let feed = FeedBuilder(schedule: merged, now: R.now).build().serialized()
        #expect(
            feed.contains("DTSTART:20261205T203000Z\r\nDURATION:PT15M\r\nRRULE:FREQ=HOURLY;UNTIL=20261221T045959Z;INTERVAL=8\r\n")
        )
    }

    /// Android (DAVx5): the old series cut a second before the split dose, the new one with a new
    /// UID; split at the first dose of 2026-12-05 (07:00) moved to 07:20.
    @Test func androidSplitAtADaysFirstDose() throws {
        let edits =
            Self.series(uid: R.q8hUID, start: "20261201T070000", until: "20261205T115959Z")
            + Self.series(uid: "4d1f0c2a-5b7e-4c8e-9f1a-2b3c4d5e6f70", start: "20261205T072000", until: "20261221T045959Z")
        let (set, _) = try R.roundTrip(R.schedule(R.q8h), edits: edits)
        #expect(
            set.changes.map(\.kind) == [
                .slotTime(slotID: "first", from: R.d("2026-12-05"), through: nil, old: R.t("07:00"), new: R.t("07:20"))
            ])
        #expect(set.changes.map(\.description) == ["Amoxicillin every 8 hours from 2026-12-05 07:20 (20 minutes later)"])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
    }

    /// Android split at the 15:00 dose: 07:00 of that day stays in the calendar, which no taper step
    /// can hold (a stretch begins on a day's first dose): reported with the reason, nothing changed.
    @Test func aSplitInsideADaySaysWhy() throws {
        let edits =
            Self.series(uid: R.q8hUID, start: "20261201T070000", until: "20261205T195959Z")
            + Self.series(uid: "4d1f0c2a-5b7e-4c8e-9f1a-2b3c4d5e6f70", start: "20261205T153000", until: "20261221T045959Z")
        let base = try FeedBuilder(schedule: R.schedule(R.q8h), now: R.exportedAt).build().serialized()
        let edit = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//DAVx5//EN\r\n" + R.newYork + edits + "END:VCALENDAR\r\n"
        let theirs = try ReconcileSupport.merged(base: base, edits: Array(edit.utf8))
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: R.schedule(R.q8h), base: base, now: R.now)
        #expect(set.changes.isEmpty && set.conflicts.isEmpty)
        #expect(set.unmapped.map(\.description) == ["Amoxicillin: every 8 hours from 2026-12-05 15:30"])
        #expect(set.unmapped.first?.reason.contains("not the first of its day") == true)
    }
}
