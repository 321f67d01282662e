import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// The plan as an iOS or macOS app uses it: content, payload, Apple's weekday numbers, privacy,
/// logged doses, and the diff against the app's pending requests.
@Suite struct AppPlanTests {
    typealias E = ReminderExamples

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func requests(_ json: String) throws -> [[String: Any]] {
        try #require(try object(json)["requests"] as? [[String: Any]])
    }

    /// Metformin 08:00 daily; an injection on Sundays and Saturdays at 20:00; New York.
    var weekly: Schedule {
        var m = E.medication("metformin", times: ["08:00"], name: "Metformin")
        m.strength = "500 mg"
        m.dose = "1 tablet"
        let w = E.medication("inj", times: ["20:00"], recurrence: .weekly(weekdays: [.sunday, .saturday, .monday], interval: 1))
        return E.schedule([m, w])
    }

    @Test func everyRequestHasContentUserInfoAndAppleTrigger() throws {
        let json = NotificationPlanner(schedule: weekly).plan(at: E.instant("2026-03-02T00:00:00Z")).json(privacy: false)
        let root = try object(json)
        let categories = try #require(root["categories"] as? [[String: Any]])
        #expect(categories.compactMap { $0["identifier"] as? String } == ["dosecal.dose", "dosecal.refill", "dosecal.allowed"])
        let actions = try #require(categories[0]["actions"] as? [[String: Any]])
        #expect(actions.compactMap { $0["identifier"] as? String } == ["dosecal.taken", "dosecal.snooze", "dosecal.skip"])
        let all = try requests(json)
        let daily = try #require(all.first { ($0["identifier"] as? String)?.hasSuffix("/daily") == true })
        let content = try #require(daily["content"] as? [String: String])
        #expect(
            content == [
                "title": "Metformin 500 mg", "body": "Take 1 tablet at 08:00.", "categoryIdentifier": "dosecal.dose",
                "threadIdentifier": "metformin", "interruptionLevel": "timeSensitive",
            ])
        let info = try #require(daily["userInfo"] as? [String: Any])
        #expect(info["payloadVersion"] as? Int == 1)
        #expect(info["medication"] as? String == "metformin" && info["slot"] as? String == "0800")
        #expect(info["doseDate"] is NSNull)
        #expect(info["feedUID"] as? String == DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "0800"), .main).uid)
        let trigger = try #require(daily["trigger"] as? [String: Any])
        #expect(Set(trigger.keys) == ["repeats", "hour", "minute"])
        #expect(trigger["repeats"] as? Bool == true && trigger["hour"] as? Int == 8 && trigger["minute"] as? Int == 0)
    }

    /// Apple's `DateComponents.weekday`: Sunday 1, Monday 2, Saturday 7.
    @Test func weekdaysAreApplesNumbers() throws {
        let json = NotificationPlanner(schedule: weekly).plan(at: E.instant("2026-03-02T00:00:00Z")).json(privacy: false)
        var byToken: [String: Int] = [:]
        for r in try requests(json) {
            guard let id = r["identifier"] as? String, let t = r["trigger"] as? [String: Any], let day = t["weekday"] as? Int
            else { continue }
            byToken[String(id.split(separator: "/").last ?? "")] = day
        }
        #expect(byToken == ["weekly-MO": 2, "weekly-SA": 7, "weekly-SU": 1])
        #expect(NotificationPlan.appleWeekday(.wednesday) == 4)
    }

    @Test func privacyNamesNoMedicineAndNoMedicationID() throws {
        var schedule = weekly
        schedule.feed.privacy = true
        let plan = NotificationPlanner(schedule: schedule).plan(at: E.instant("2026-03-02T00:00:00Z"))
        let json = plan.json(privacy: true)
        for word in ["metformin", "Metformin", "inj", "500 mg", "tablet", "Inj"] { #expect(!json.contains(word), "\(word)") }
        let first = try #require(try requests(json).first)
        let content = try #require(first["content"] as? [String: String])
        #expect(content["title"] == "Medication reminder" && content["body"] == "It is time for a dose.")
        let info = try #require(first["userInfo"] as? [String: Any])
        #expect(["Medication 1", "Medication 2"].contains(info["medication"] as? String ?? ""))
        #expect(first["medication"] == nil && first["slot"] == nil)
    }

    /// A dose logged taken (or skipped) gets no reminder; the rest of the week are one-offs.
    @Test func loggedDosesAreNotPlanned() throws {
        let m = E.medication("a", times: ["08:00"])
        let log = [
            DoseLogEntry(
                medication: "a", slot: "0800", date: E.day("2026-03-03"), status: .taken, at: E.date("2026-03-03T12:50:00Z")),
            DoseLogEntry(
                medication: "a", slot: "0800", date: E.day("2026-03-05"), status: .skipped, at: E.date("2026-03-04T20:00:00Z")),
            DoseLogEntry(
                medication: "a", slot: "0800", date: E.day("2026-03-06"), status: .missed, at: E.date("2026-03-04T20:00:00Z")),
        ]
        let plan = NotificationPlanner(schedule: E.schedule([m], log: log)).plan(at: E.instant("2026-03-02T00:00:00Z"))
        let tokens = plan.requests.map { String($0.identifier.split(separator: "/").last ?? "") }
        #expect(tokens == ["20260302T080000", "20260304T080000", "20260306T080000", "20260307T080000", "20260308T080000"])
        #expect(plan.requests.first?.doseDate == E.day("2026-03-02"))
        // check compares the plan with the feed dose by dose, so it plans them all.
        var all = NotificationPlanner(schedule: E.schedule([m], log: log))
        all.plansSettledDoses = true
        #expect(all.plan(at: E.instant("2026-03-02T00:00:00Z")).requests.contains { $0.identifier.hasSuffix("/20260303T080000") })
    }
}

@Suite struct PendingDiffTests {
    typealias E = ReminderExamples

    var plan: NotificationPlan {
        let schedule = E.schedule([E.medication("a", times: ["08:00"]), E.medication("b", times: ["02:30"])])
        return NotificationPlanner(schedule: schedule).plan(at: E.instant("2026-03-05T00:00:00Z"))
    }

    /// What the app has pending after applying `diff` to `pending`.
    func applied(_ diff: PendingDiff, to pending: [PendingRequest], plan: NotificationPlan) -> [PendingRequest] {
        let removed = Set(diff.remove)
        var result = pending.filter { !removed.contains($0.identifier) }
        for id in diff.add {
            if let r = plan.requests.first(where: { $0.identifier == id }) {
                result.append(PendingRequest(identifier: id, trigger: NotificationPlan.json(r.trigger)))
            }
        }
        return result
    }

    @Test func addRemoveKeepGiveExactlyThePlanAndAgainNothing() throws {
        let plan = plan
        let daily = DoseIdentity.series(SlotKey(medicationID: "a", slotID: "0800"), .main).uid + "/daily"
        let gone = DoseIdentity.series(SlotKey(medicationID: "a", slotID: "0800"), .main).uid + "/20260301T080000"
        let moved = try #require(plan.requests.first { $0.identifier.hasSuffix("/20260308T023000") })
        let stale = JSONValue(object: ["repeats": JSONValue(false), "hour": JSONValue(3), "minute": JSONValue(0)])
        let pending = [
            PendingRequest(identifier: daily), PendingRequest(identifier: gone),
            PendingRequest(identifier: moved.identifier, trigger: stale), PendingRequest(identifier: "snooze-42"),
        ]
        let diff = PendingDiff(plan: plan, pending: pending)
        #expect(diff.keep == [daily])
        #expect(diff.remove == [gone, moved.identifier])
        #expect(diff.ignored == ["snooze-42"])
        #expect(diff.add.count == plan.requests.count - 1 && diff.add.contains(moved.identifier))
        let after = applied(diff, to: pending, plan: plan)
        #expect(Set(after.map(\.identifier)) == Set(plan.requests.map(\.identifier) + ["snooze-42"]))
        let again = PendingDiff(plan: plan, pending: after)
        #expect(again.add.isEmpty && again.remove.isEmpty)
        #expect(again.keep == plan.requests.map(\.identifier))
    }

    @Test func aPlanReadAsPendingIsItsOwnFixedPoint() throws {
        let plan = plan
        let pending = try PendingRequest.decode(Data(plan.json(privacy: false).utf8), file: "plan.json")
        let diff = PendingDiff(plan: plan, pending: pending)
        #expect(diff.add.isEmpty && diff.remove.isEmpty && diff.keep.count == plan.requests.count)
        let strings = try PendingRequest.decode(
            Data("[\"a/b\", {\"identifier\": \"x\", \"trigger\": null}]".utf8), file: "p.json")
        #expect(strings == [PendingRequest(identifier: "a/b"), PendingRequest(identifier: "x")])
    }

    @Test(arguments: [
        ("{\"pending\": []}", "p.json:1:1: found an object without \"requests\""),
        ("[\"a\", 3]", "p.json:1:7: found the number 3"),
        ("[{\"trigger\": {}}]", "p.json:1:2: found an object without a non-empty \"identifier\" string"),
        ("[{\"identifier\": \"a\", \"trigger\": 8}]", "p.json:1:33: found a \"trigger\" that is the number 8, not an object"),
        ("[\"a\",", "p.json:1:6:"),
    ])
    func badPendingFilesSayWhereAndWhatIsValid(_ text: String, _ start: String) throws {
        do {
            _ = try PendingRequest.decode(Data(text.utf8), file: "p.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix(start), "\(error.description)")
            #expect(error.description.contains("expected a JSON array of identifiers"))
        }
    }
}
