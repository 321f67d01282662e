import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// `status --json` (the widget's snapshot) and `plan` (the app's notifications) come from the
/// same engine at the same instant: every upcoming dose status lists that the log has not settled
/// is planned at its instant less the reminder's lead, and an as-needed medicine's
/// `nextAllowed` is the plan's one-off.
@Suite struct StatusPlanAgreementTests {
    typealias E = ReminderExamples

    @Test(arguments: Fixtures.scheduleNames)
    func statusAndPlanAgree(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        for text in ["2026-01-05T12:00:00Z", "2026-03-06T12:00:00Z", "2026-11-30T12:00:00Z"] {
            let at = E.instant(text)
            let plan = NotificationPlanner(schedule: schedule, budget: 10_000, margin: 0).plan(at: at)
            let status = ReminderStatus(schedule: schedule, at: at)
            for (m, s) in zip(schedule.medications, status.statuses()) where m.reminder.enabled {
                let lead = m.reminder.minutesBefore * 60
                let mine = plan.requests.filter { r in
                    switch r.purpose {
                    case .dose(let id, _), .nextDoseAllowed(let id): return id == m.id
                    case .supplyWarning: return false
                    }
                }
                let planned = Set(mine.flatMap(\.firings).map { $0 + lead })
                let upcoming = s.next.filter { $0.state == .pending && $0.occurrence.instant - lead < plan.to }
                    .map(\.occurrence.instant).filter { $0 - lead >= at }
                #expect(upcoming.allSatisfy(planned.contains), "\(name) \(text) \(m.id)")
                if let doses = s.asNeeded {
                    let expected = doses.nextAllowed.flatMap { $0 - lead >= at && $0 - lead < plan.to ? $0 : nil }
                    #expect(mine.map { $0.fires + lead } == (expected.map { [$0] } ?? []), "\(name) \(text) \(m.id)")
                }
            }
        }
    }

    /// The snapshot's version and keys a widget reads.
    @Test func theSnapshotIsVersioned() throws {
        let schedule = try Fixtures.schedule("as-needed.json")
        let status = ReminderStatus(schedule: schedule, at: E.instant("2026-11-30T12:00:00Z"))
        let json = status.json(status.statuses(), privacy: false)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == ReminderStatus.snapshotVersion && ReminderStatus.snapshotVersion == 1)
        let first = try #require((root["medications"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "asNeeded" && first["nextAllowed"] as? String == "2026-11-30T22:00:00Z")
        #expect(first["allowedNow"] as? Bool == false)
        #expect((first["dosesLast24Hours"] as? [String])?.count == 3)
    }
}
