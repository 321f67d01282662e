import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

@Suite struct NotificationPlanTests {
    typealias E = ReminderExamples

    /// Every instant the plan fires for doses, sorted.
    func planFirings(_ plan: NotificationPlan) -> [Int] {
        plan.requests.filter { if case .dose = $0.purpose { return true } else { return false } }.flatMap(\.firings).sorted()
    }

    /// The engine's (so the feed's) dose instants in the plan's window, sorted.
    func engineInstants(_ schedule: Schedule, _ plan: NotificationPlan) -> [Int] {
        WallClockEngine(schedule: schedule).occurrences(from: E.day("2026-01-01"), to: E.day("2027-12-31"))
            .map(\.instant).filter { $0 >= plan.from && $0 < plan.to }.sorted()
    }

    /// New York, 02:30 and 01:30 every day, across both daylight-saving changes of 2026.
    @Test(arguments: ["2026-03-05T00:00:00Z", "2026-10-29T00:00:00Z"])
    func planAndFeedAgreeAcrossDaylightSaving(_ start: String) throws {
        let schedule = E.schedule([
            E.medication("a", times: ["02:30"], start: "2026-01-01"), E.medication("b", times: ["01:30"], start: "2026-01-01"),
        ])
        let plan = NotificationPlanner(schedule: schedule, days: 7).plan(at: E.instant(start))
        #expect(planFirings(plan) == engineInstants(schedule, plan))
        #expect(planFirings(plan).count == 14)
    }

    @Test func aDoseInTheSpringGapGetsOneOffsAtTheRFCInstant() throws {
        let schedule = E.schedule([
            E.medication("a", times: ["02:30"], start: "2026-01-01"), E.medication("b", times: ["01:30"], start: "2026-01-01"),
        ])
        let plan = NotificationPlanner(schedule: schedule, days: 7).plan(at: E.instant("2026-03-05T00:00:00Z"))
        let gapUID = DoseIdentity.series(SlotKey(medicationID: "a", slotID: "0230"), .main).uid
        let gapDay = try #require(plan.requests.first { $0.identifier == gapUID + "/20260308T023000" })
        // RFC 5545: 02:30 does not exist on 2026-03-08 and means 03:30 EDT; a repeating trigger fires at 03:00.
        #expect(gapDay.fires == E.instant("2026-03-08T03:30:00-04:00"))
        #expect(gapDay.trigger == .once(LocalDateTime(date: E.day("2026-03-08"), time: E.time("07:30")), zone: "UTC"))
        #expect(plan.requests.filter { $0.uid == gapUID }.count == 7)
        // 01:30 exists every day of that week: one repeating request.
        let daily = plan.requests.filter { $0.uid == DoseIdentity.series(SlotKey(medicationID: "b", slotID: "0130"), .main).uid }
        #expect(
            daily.map(\.identifier) == [DoseIdentity.series(SlotKey(medicationID: "b", slotID: "0130"), .main).uid + "/daily"])
        #expect(daily.first?.trigger == .repeating(hour: 1, minute: 30, weekday: nil))
        #expect(daily.first?.fires == E.instant("2026-03-05T01:30:00-05:00"))
        // The repeating trigger's .nextTime reading of the gap, for the record.
        #expect(
            Zone("America/New_York")!.nextTimeInstant(of: LocalDateTime(date: E.day("2026-03-08"), time: E.time("02:30")))
                == E.instant("2026-03-08T03:00:00-04:00"))
        // Outside the gap week, 02:30 is repeating again.
        let later = NotificationPlanner(schedule: schedule, days: 7).plan(at: E.instant("2026-03-10T00:00:00Z"))
        #expect(later.requests.filter { $0.uid == gapUID }.map(\.identifier) == [gapUID + "/daily"])
    }

    @Test func weeklyDosesRepeatPerWeekdayAndCyclesAreOneOffs() throws {
        let weekly = E.medication("w", times: ["20:00"], recurrence: .weekly(weekdays: [.monday, .thursday], interval: 1))
        let cycle = E.medication("c", times: ["22:00"], recurrence: .cycle(daysOn: 21, daysOff: 7))
        let schedule = E.schedule([weekly, cycle])
        let plan = NotificationPlanner(schedule: schedule, days: 14).plan(at: E.instant("2026-04-01T00:00:00Z"))
        let uid = DoseIdentity.series(SlotKey(medicationID: "w", slotID: "2000"), .main).uid
        #expect(plan.requests.filter { $0.uid == uid }.map(\.identifier) == [uid + "/weekly-TH", uid + "/weekly-MO"])
        #expect(plan.requests.first { $0.identifier == uid + "/weekly-MO" }?.fires == E.instant("2026-04-06T20:00:00-04:00"))
        // Cycle from 03-01: on 03-01...03-21, off until 03-28, on 03-29...04-18: 14 one-offs 04-01 ... 04-14.
        let cycleRequests = plan.requests.filter { if case .dose("c", _) = $0.purpose { return true } else { return false } }
        #expect(cycleRequests.count == 14)
        #expect(cycleRequests.allSatisfy { !$0.trigger.repeats })
        #expect(planFirings(plan) == engineInstants(schedule, plan))
    }

    /// `check`'s plan (not described): the same UIDs, purposes and firings, without content.
    /// family.json: Sam's prednisolone (08:00 at home, the gradual policy) on its way to Tokyo's
    /// clock fires at 21:00 in Tokyo; the words say that time and zone, not the slot's 08:00.
    @Test func aDoseOnItsWayToANewZoneSaysTheTimeItFires() throws {
        let schedule = try Fixtures.schedule("family.json")
        let plan = NotificationPlanner(schedule: schedule, budget: 1000, margin: 0, days: 3)
            .plan(at: E.instant("2026-12-05T00:00:00Z"))
        let request = try #require(
            plan.requests.first {
                $0.purpose == .dose(medicationID: "prednisolone", slotID: "morning")
                    && $0.firings.contains(E.instant("2026-12-05T21:00:00+09:00"))
            })
        #expect(request.content.body == "Sam takes 40 mg (8 tablets) of Prednisolone 5 mg at 21:00 Asia/Tokyo.")
        let home = try #require(
            NotificationPlanner(schedule: schedule, budget: 1000, margin: 0, days: 1)
                .plan(at: E.instant("2026-12-02T00:00:00Z")).requests.first {
                    $0.purpose == .dose(medicationID: "prednisolone", slotID: "morning")
                })
        #expect(home.content.body.hasSuffix(" of Prednisolone 5 mg at 08:00."))
    }

    @Test(arguments: Fixtures.scheduleNames)
    func undescribedPlanFiresAsTheDescribedOne(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        var planner = NotificationPlanner(schedule: schedule, budget: Int.max, margin: 0)
        planner.plansSettledDoses = true
        var bare = planner
        bare.describesRequests = false
        var seen = 0
        for month in 1...12 {
            func key(_ r: NotificationRequest) -> String { "\(r.uid) \(r.purpose) \(r.firings)" }
            let at = E.instant("2026-\(month < 10 ? "0" : "")\(month)-06T12:00:00Z")
            let described = planner.plan(at: at).requests
            let undescribed = bare.plan(at: at).requests
            #expect(undescribed.map(key).sorted() == described.map(key).sorted(), "\(name) \(month)")
            seen += described.count
            for r in undescribed where r.trigger.repeats == false {
                if case .dose = r.purpose {
                    #expect(r.identifier == r.uid && r.content.title.isEmpty && r.content.body.isEmpty)
                }
            }
        }
        #expect((seen > 0) == schedule.medications.contains(where: \.reminder.enabled), "\(name)")
    }

    /// Every identifier's UID is one of the feed's VEVENT UIDs (cycles, tapers, every N hours).
    @Test(arguments: Fixtures.scheduleNames)
    func identifiersNameFeedEvents(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let feedUIDs = Set(FeedBuilder(schedule: schedule, now: Fixtures.now).build().items.map(\.uid))
        for at in ["2026-01-05T12:00:00Z", "2026-03-06T12:00:00Z", "2026-11-30T12:00:00Z"] {
            let plan = NotificationPlanner(schedule: schedule, budget: 10_000, margin: 0, days: 21).plan(at: E.instant(at))
            for r in plan.requests {
                #expect(feedUIDs.contains(r.uid), "\(name) \(at): \(r.identifier) names no feed event")
                #expect(r.identifier.hasPrefix(r.uid + "/"))
            }
            #expect(Set(plan.requests.map(\.identifier)).count == plan.requests.count, "\(name): identifiers are unique")
            let leads = Dictionary(uniqueKeysWithValues: schedule.medications.map { ($0.id, $0.reminder.minutesBefore * 60) })
            // What fires: a skipped dose has no reminder (decision 0037), nor one logged taken.
            let engine = WallClockEngine(schedule: schedule)
            let ledger = DoseLedger(engine: engine)
            let expected = engine.firing(engine.occurrences(from: E.day("2025-12-01"), to: E.day("2027-01-31")))
                .filter { m in schedule.medications.first { $0.id == m.medicationID }!.reminder.enabled }
                .filter { ledger.status(of: $0) != .taken }
                .map { $0.instant - leads[$0.medicationID]! }.filter { $0 >= plan.from && $0 < plan.to }.sorted()
            #expect(planFirings(plan) == expected, "\(name) \(at)")
        }
    }

    @Test func budgetArithmeticDropsTheFurthestOneOffsFirst() throws {
        // Every 4 hours: 6 one-offs a day, 84 in 14 days; a daily 08:00 dose: 1 repeating request.
        let hourly = E.medication("h", times: ["06:00"], recurrence: .everyNHours(4))
        let daily = E.medication("d", times: ["08:00"])
        let plan = NotificationPlanner(schedule: E.schedule([hourly, daily]), budget: 64, margin: 4, days: 14)
            .plan(at: E.instant("2026-06-01T00:00:00Z"))
        #expect(plan.capacity == 60)
        #expect(plan.requests.count + plan.dropped.count == 85)
        #expect(plan.requests.count == 60)
        #expect(plan.dropped.count == 25)
        #expect(plan.requests.contains { $0.trigger.repeats })
        // Anchored at 06:00 EST on 03-01 (11:00Z), so at 03:00Z, 07:00Z, ... in June. Kept: the first
        // 59 one-offs; the first dropped is the 60th.
        let oneOffs = plan.requests.filter { !$0.trigger.repeats }.map(\.fires)
        #expect(oneOffs.first == E.instant("2026-06-01T03:00:00Z"))
        #expect(oneOffs.last == E.instant("2026-06-01T03:00:00Z") + 58 * 4 * 3600)
        #expect(plan.dropped.allSatisfy { $0.fires > oneOffs.last! })
        #expect(plan.dropped.first?.fires == E.instant("2026-06-01T03:00:00Z") + 83 * 4 * 3600, "the furthest goes first")
        #expect(plan.coveredUntil == E.instant("2026-06-01T03:00:00Z") + 59 * 4 * 3600)
        #expect(plan.topUpBy == plan.coveredUntil - 86_400)
        // Within budget: nothing dropped, top up a day before the window ends.
        let roomy = NotificationPlanner(schedule: E.schedule([hourly, daily]), budget: 100, margin: 4, days: 14).plan(
            at: E.instant("2026-06-01T00:00:00Z"))
        #expect(roomy.dropped.isEmpty)
        #expect(roomy.topUpBy == E.instant("2026-06-14T00:00:00Z"))
        // A one-day window: top up half way.
        let short = NotificationPlanner(schedule: E.schedule([daily]), days: 1).plan(at: E.instant("2026-06-01T00:00:00Z"))
        #expect(short.topUpBy == E.instant("2026-06-01T12:00:00Z"))
    }

    @Test func refillWarningIsAOneOffAndTheJSONHasTheRequiredKeys() throws {
        let m = E.medication("a", times: ["08:00"], supply: Supply(pills: 5, asOf: E.day("2026-06-01"), warningDays: 2))
        let plan = NotificationPlanner(schedule: E.schedule([m])).plan(at: E.instant("2026-06-01T00:00:00Z"))
        // Runs out 06-06; warning 06-04 09:00 EDT.
        let uid = DoseIdentity.supplyWarning(medicationID: "a").uid
        let warning = try #require(plan.requests.first { $0.uid == uid })
        #expect(warning.identifier == uid + "/20260604T090000")
        #expect(warning.fires == E.instant("2026-06-04T09:00:00-04:00"))
        let json = plan.json(privacy: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let requests = try #require(parsed?["requests"] as? [[String: Any]])
        #expect(requests.count == 2)
        for r in requests {
            #expect(r["identifier"] is String && r["trigger"] is [String: Any])
            #expect((r["fires"] as? String)?.hasSuffix("Z") == true)
        }
        #expect(json.contains("\"fires\": \"2026-06-04T13:00:00Z\""))
        var hidden = E.schedule([m])
        hidden.feed.privacy = true
        let privateJSON = NotificationPlanner(schedule: hidden).plan(at: E.instant("2026-06-01T00:00:00Z")).json(privacy: true)
        #expect(!privateJSON.contains("\"a\"") && privateJSON.contains("\"medication\": \"Medication 1\""))
    }
}

@Suite struct NotificationBudgetTests {
    typealias E = ReminderExamples

    /// Over the budget, the requests dropped are those a search for the lowest-ranked one, one
    /// request at a time, drops (one-offs first, the furthest first), in that order; the kept
    /// ones stay in firing order. 40 medications, daily and weekly (repeating), every 2 days and
    /// cycles (one-offs), some at the same instants.
    @Test(arguments: [0, 1, 5, 17, 60, 200])
    func theBudgetDropsWhatDroppingOneAtATimeDrops(_ budget: Int) throws {
        let schedule = E.schedule(fortyMedications())
        let at = E.instant("2026-06-01T00:00:00Z")
        let all = NotificationPlanner(schedule: schedule, budget: 100_000, margin: 0).plan(at: at).requests
        #expect(all.count > 200)
        let plan = NotificationPlanner(schedule: schedule, budget: budget + 4, margin: 4).plan(at: at)
        var kept = all
        var dropped: [NotificationRequest] = []
        while kept.count > budget {
            func rank(_ r: NotificationRequest) -> (Int, Int, String) { (r.trigger.repeats ? 0 : 1, r.fires, r.identifier) }
            let victim = kept.indices.max { rank(kept[$0]) < rank(kept[$1]) }!
            dropped.append(kept.remove(at: victim))
        }
        #expect(plan.requests.map(\.identifier) == kept.map(\.identifier))
        #expect(plan.dropped.map(\.identifier) == dropped.map(\.identifier))
        #expect(plan.requests.count == min(budget, all.count))
    }

    /// A plan made without its dropped list chooses its requests as they are made: the same
    /// requests, dropped count, cover and top-up instant as the plan that lists them, none listed.
    @Test(arguments: [0, 1, 5, 17, 60, 200, 1000])
    func aPlanWithoutItsDroppedListKeepsWhatTheCutKeeps(_ budget: Int) throws {
        let planner = NotificationPlanner(
            schedule: E.schedule(fortyMedications(withSupply: true)), budget: budget + 4, margin: 4, days: 30)
        let at = E.instant("2026-06-01T00:00:00Z")
        let listed = planner.plan(at: at)
        let counted = planner.plan(at: at, listingDropped: false)
        #expect(listed.dropped.count > 0 || budget == 1000)
        #expect(counted.requests == listed.requests)
        #expect(counted.dropped.isEmpty)
        #expect(counted.droppedCount == listed.dropped.count)
        #expect(counted.firstDropped == listed.dropped.map(\.fires).min())
        #expect(counted.coveredUntil == listed.coveredUntil)
        #expect(counted.topUpBy == listed.topUpBy)
    }

    /// 40 medications, daily and weekly (repeating), every 2 days and cycles (one-offs), some at
    /// the same instants; with `withSupply`, every seventh with a supply that runs low in June.
    func fortyMedications(withSupply: Bool = false) -> [Medication] {
        let recurrences: [Recurrence] = [
            .daily, .weekly(weekdays: [.monday, .thursday], interval: 1), .everyNDays(2), .cycle(daysOn: 3, daysOff: 2),
        ]
        return (0..<40).map { i in
            let supply =
                withSupply && i % 7 == 0
                ? Supply(pills: Double(10 + i), asOf: E.day("2026-05-25"), warningDays: 2) : nil
            return E.medication(
                "m\(i)", times: ["0\(i % 3 + 7):\(i % 2 == 0 ? "00" : "30")", "20:15"], recurrence: recurrences[i % 4],
                start: "2026-05-0\(i % 5 + 1)", supply: supply)
        }
    }
}

@Suite struct NotificationLeadTests {
    typealias E = ReminderExamples

    /// A reminder a week ahead (10080 minutes) fires for doses up to a week after the window.
    @Test func aLongLeadPlansDosesBeyondTheWindow() throws {
        let m = E.medication(
            "inj", times: ["10:00"], recurrence: .weekly(weekdays: [], interval: 12), start: "2026-01-14",
            reminder: Reminder(minutesBefore: 10080))
        // Doses 2026-01-14, 04-08, 07-01: the 04-08 10:00 EDT dose's reminder is 04-01 14:00Z.
        let plan = NotificationPlanner(schedule: E.schedule([m]), days: 7).plan(at: E.instant("2026-03-30T00:00:00Z"))
        #expect(plan.requests.map(\.fires) == [E.instant("2026-04-01T14:00:00Z")])
        #expect(plan.requests.first?.identifier.hasSuffix("/20260408T100000") == true)
    }

}
