import DoseCalCore
import Foundation
import Testing

/// Privacy mode never prints a medication id (ids are often the medicine's name): validation
/// errors, log and refill errors and `status --json` number medications by position instead.
@Suite struct PrivacyMessageTests {
    static func schedule(privacy: Bool, extra: String = "", log: String = "") -> Data {
        Data(
            """
            {"version": 1, "homeZone": "Europe/Berlin", "feed": {"privacy": \(privacy)}, "medications": [
              {"id": "sertraline", "name": "Sertraline", "start": "2026-01-01", "times": ["08:00"]},
              {"id": "lithium", "name": "Lithium carbonate", "start": "2026-01-01", "times": ["20:00"]}\(extra)
            ]\(log)}
            """.utf8)
    }

    static let duplicate = ",\n  {\"id\": \"lithium\", \"name\": \"Lithium\", \"start\": \"2026-01-01\", \"times\": [\"09:00\"]}"
    static let unknownLog = ", \"log\": [{\"medication\": \"quetiapine\", \"date\": \"2026-01-02\", \"status\": \"taken\"}]"

    func message(_ data: Data) -> String {
        do {
            _ = try ScheduleCodec.decode(data, file: "meds.json")
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test func validationErrorsNumberMedications() {
        #expect(
            message(Self.schedule(privacy: true, extra: Self.duplicate))
                == "meds.json:4: medications[2].id: duplicate medication id Medication 2 (first used at line 3); each medication needs its own id"
        )
        #expect(
            message(Self.schedule(privacy: true, log: Self.unknownLog))
                == "meds.json:4: log[0].medication: no medication has the id (not shown in privacy mode); known ids: Medication 1, Medication 2"
        )
    }

    @Test func withoutPrivacyTheIdsAreGiven() {
        #expect(
            message(Self.schedule(privacy: false, log: Self.unknownLog))
                == "meds.json:4: log[0].medication: no medication has the id \"quetiapine\"; known ids: sertraline, lithium")
    }

    @Test func logAndRefillErrorsNumberMedications() throws {
        let schedule = try ScheduleCodec.decode(Self.schedule(privacy: true), file: "meds.json")
        let at = 1_796_040_000  // 2026-12-01T12:00:00Z
        func privately(_ body: () throws(ReminderError) -> Void) -> String {
            do {
                try body()
                return "recorded"
            } catch {
                return error.privateDescription(in: schedule)
            }
        }
        #expect(
            privately { () throws(ReminderError) in _ = try schedule.recording(.taken, medication: "quetiapine", at: at) }
                == "no medication has that id or a name or id containing it; the schedule has 2 medication(s) (privacy mode: their ids and names are not shown)"
        )
        #expect(
            privately { () throws(ReminderError) in
                _ = try schedule.recording(.taken, medication: "lithium", slot: "noon", at: at)
            }
                == "Medication 2 has no slot \"noon\"; use a slot id or time: 1 (20:00)")
        #expect(
            privately { () throws(ReminderError) in _ = try schedule.refilling(medication: "sertraline", amount: 30, at: at) }
                == "Medication 1 has no supply record; add \"supply\": {\"pills\": N, \"asOf\": \"YYYY-MM-DD\"} to it first")
    }

    @Test func statusJSONNumbersMedications() throws {
        let schedule = try ScheduleCodec.decode(Self.schedule(privacy: true), file: "meds.json")
        let status = ReminderStatus(schedule: schedule, at: 1_796_040_000)
        let json = status.json(status.statuses(), privacy: true)
        #expect(json.contains("\"id\": \"Medication 1\""))
        #expect(json.contains("\"id\": \"Medication 2\""))
        for secret in ["sertraline", "Sertraline", "lithium", "Lithium"] { #expect(!json.contains(secret), "\(secret)") }
    }
}
