import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// A reminder seen on a calendar shows in `status`, and no count changes because of it.
@Suite struct SeenStatusTests {
    typealias E = ReminderExamples

    let daily = E.medication("a", times: ["08:00"], supply: Supply(pills: 30, asOf: E.day("2026-03-01")))

    @Test func aSeenReminderChangesNoCount() {
        let plain = E.schedule([daily])
        var seen = plain
        seen.seen = [
            SeenReminder(medication: "a", slot: "0800", at: E.instant("2026-03-02T13:05:00Z"), date: E.day("2026-03-02"))
        ]
        let at = E.instant("2026-03-04T12:00:00Z")
        let before = ReminderStatus(schedule: plain, at: at).statuses()
        let after = ReminderStatus(schedule: seen, at: at).statuses()
        #expect(after == before)
        #expect(after[0].week.taken == 0)
        #expect(
            after[0].notRecorded.map { "\($0.date)" }.contains("2026-03-02"), "seen is not taken: the dose stays not recorded")
        let json = ReminderStatus(schedule: seen, at: at).json(after, privacy: false)
        #expect(
            json.contains(
                """
                      "seen": [
                        {"slot": "0800", "date": "2026-03-02", "at": "2026-03-02T13:05:00Z"}
                      ],
                """))
        #expect(ReminderStatus(schedule: plain, at: at).json(before, privacy: false).contains(#""seen": []"#))
    }
}
