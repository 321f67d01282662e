import DoseCal
import Foundation
import ICal
import Testing

/// Import reads back a moved every-N-hours dose (decision 0138): the override of the UTC series
/// becomes a `rescheduled` entry naming the dose by its original home-zone time (`at`).
@Suite struct ImportHourlyMoveTests {
    typealias R = ReconcileRemapTests

    @Test func movedDoseComesBack() throws {
        var schedule = try R.schedule(R.q8h)
        schedule.medications[0].rescheduled = [
            RescheduledDose(slot: "first", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))
        ]
        let text = FeedBuilder(schedule: schedule, now: R.exportedAt).build().serialized()
        let report = try CalendarImporter(zone: "America/New_York").run([ReturnedCalendar(parsing: Array(text.utf8))])
        let m = try #require(report.schedule.medications.first)
        #expect(m.rescheduled == [RescheduledDose(slot: "1", date: R.d("2026-12-05"), time: R.t("16:30"), at: R.t("15:00"))])
        let doses = WallClockEngine(schedule: report.schedule).occurrences(
            of: m, from: R.d("2026-12-05"), to: R.d("2026-12-05"))
        // 07:00 EST, 16:30 EST (moved from 15:00), 23:00 EST.
        #expect(doses.map(\.instant) == [1_796_472_000, 1_796_506_200, 1_796_529_600])
        #expect(report.sources.flatMap(\.notes).allSatisfy { !$0.contains("moved") }, "\(report.sources)")
    }
}
