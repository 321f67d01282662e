import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

@Suite struct ReminderStatusTests {
    typealias E = ReminderExamples

    /// 08:00 New York on 2026-03-02 is 13:00Z; the default grace period is 2 hours.
    let daily = E.medication("a", times: ["08:00"], supply: Supply(pills: 30, asOf: E.day("2026-03-01")))

    func missed(at text: String, log: [DoseLogEntry] = [], grace: Int = 120) -> [String] {
        let status = ReminderStatus(schedule: E.schedule([daily], log: log), at: E.instant(text), graceMinutes: grace)
        return status.status(of: daily).missed.map { "\($0.date)" }
    }

    func notRecorded(at text: String, log: [DoseLogEntry] = [], grace: Int = 120) -> [String] {
        let status = ReminderStatus(schedule: E.schedule([daily], log: log), at: E.instant(text), graceMinutes: grace)
        return status.status(of: daily).notRecorded.map { "\($0.date)" }
    }

    @Test func notRecordedOnlyAfterTheGracePeriodAndNeverMissed() {
        #expect(notRecorded(at: "2026-03-02T14:59:00Z") == ["2026-03-01"])
        #expect(notRecorded(at: "2026-03-02T15:00:00Z") == ["2026-03-01"], "exactly at the end of grace: still pending")
        #expect(notRecorded(at: "2026-03-02T15:01:00Z") == ["2026-03-01", "2026-03-02"], "one minute after: not recorded")
        #expect(notRecorded(at: "2026-03-02T13:31:00Z", grace: 30) == ["2026-03-01", "2026-03-02"])
        #expect(notRecorded(at: "2026-03-02T13:30:00Z", grace: 30) == ["2026-03-01"])
        #expect(missed(at: "2026-03-02T15:01:00Z") == [], "no entry is never missed")
    }

    @Test func aTakenOrSkippedEntryIsNotMissedAndACorrectionWins() {
        let taken = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-02"), status: .taken, at: E.date("2026-03-02T13:04:00Z"))
        let skipped = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-02"), status: .skipped, at: E.date("2026-03-02T13:04:00Z"))
        let marked = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-02"), status: .missed, at: E.date("2026-03-02T20:00:00Z"))
        #expect(missed(at: "2026-03-02T20:00:00Z", log: [taken]) == [])
        #expect(notRecorded(at: "2026-03-02T20:00:00Z", log: [taken]) == ["2026-03-01"])
        #expect(notRecorded(at: "2026-03-02T20:00:00Z", log: [skipped]) == ["2026-03-01"])
        #expect(missed(at: "2026-03-02T13:10:00Z", log: [marked]) == ["2026-03-02"], "logged missed counts before grace ends")
        #expect(notRecorded(at: "2026-03-02T13:10:00Z", log: [marked]) == ["2026-03-01"])
        #expect(missed(at: "2026-03-02T20:00:00Z", log: [marked, taken]) == [], "a later taken entry corrects it")
    }

    @Test func pillsLeftCountsDosesUpToTheInstant() throws {
        let m = E.medication("a", times: ["08:00", "20:00"], supply: Supply(pills: 10, asOf: E.day("2026-03-01")))
        // At 2026-03-02 12:00 EST: 03-01 08:00, 20:00 and 03-02 08:00 are past -> 7 left.
        let at = E.instant("2026-03-02T12:00:00-05:00")
        #expect(ReminderStatus(schedule: E.schedule([m]), at: at).pillsLeft(of: m, at: at) == 7)
        let skipped = DoseLogEntry(
            medication: "a", slot: "2000", date: E.day("2026-03-01"), status: .skipped, at: E.date("2026-03-02T01:00:00Z"))
        #expect(ReminderStatus(schedule: E.schedule([m], log: [skipped]), at: at).pillsLeft(of: m, at: at) == 8)
        let extra = DoseLogEntry(medication: "a", status: .taken, at: E.date("2026-03-02T15:00:00Z"))
        #expect(ReminderStatus(schedule: E.schedule([m], log: [extra]), at: at).pillsLeft(of: m, at: at) == 6)
        // A dose exactly at the instant is counted; never below zero.
        let eight = E.instant("2026-03-02T08:00:00-05:00")
        #expect(ReminderStatus(schedule: E.schedule([m]), at: eight).pillsLeft(of: m, at: eight) == 7)
        let late = E.instant("2026-03-20T12:00:00-04:00")
        #expect(ReminderStatus(schedule: E.schedule([m]), at: late).pillsLeft(of: m, at: late) == 0)
    }

    /// Many instants at once, in any order, give what each gives alone (one expansion for all).
    @Test func pillsLeftAtEachInstantInAnyOrder() throws {
        let m = E.medication("a", times: ["08:00", "20:00"], supply: Supply(pills: 10, asOf: E.day("2026-03-01")))
        let extra = DoseLogEntry(medication: "a", status: .taken, at: E.date("2026-03-02T15:00:00Z"))
        let status = ReminderStatus(schedule: E.schedule([m], log: [extra]), at: 0)
        let instants = [
            "2026-03-02T12:00:00-05:00", "2026-02-28T12:00:00-05:00", "2026-03-02T08:00:00-05:00",
            "2026-03-20T12:00:00-04:00", "2026-03-01T20:00:00-05:00",
        ].map(E.instant)
        #expect(status.pillsLeft(of: m, atEach: instants) == [6, 10, 7, 0, 8])
        #expect(status.pillsLeft(of: m, atEach: instants) == instants.map { status.pillsLeft(of: m, at: $0)! })
        #expect(status.pillsLeft(of: m, atEach: []) == [])
    }

    @Test func adherenceOverSevenAndThirtyDays() throws {
        let m = E.medication("a", times: ["08:00"], start: "2026-03-01")
        // At 2026-03-10 12:00 EDT: doses 03-01 ... 03-10 (10). Taken 03-04...03-09, skipped 03-03,
        // nothing for 03-01, 03-02 (not recorded), 03-10 08:00 is within grace (pending).
        var log = (4...9).map { d in
            DoseLogEntry(
                medication: "a", slot: "0800", date: E.day("2026-03-0\(d)"), status: .taken, at: E.date("2026-03-0\(d)T14:00:00Z")
            )
        }
        log.append(
            DoseLogEntry(
                medication: "a", slot: "0800", date: E.day("2026-03-03"), status: .skipped, at: E.date("2026-03-03T14:00:00Z")))
        let s = ReminderStatus(schedule: E.schedule([m], log: log), at: E.instant("2026-03-10T09:00:00-04:00")).status(of: m)
        #expect(s.month == Adherence(days: 30, taken: 6, skipped: 1, missed: 0, pending: 1, notRecorded: 2))
        // The last 7 days start after 03-03 13:00Z, which is the 03-03 dose itself: 03-04 ... 03-10.
        #expect(s.week == Adherence(days: 7, taken: 6, skipped: 0, missed: 0, pending: 1))
        #expect(s.week.rate == 1)
        #expect(s.month.rate == 6.0 / 7.0, "taken ÷ recorded: the two doses without an entry are left out")
        #expect(
            s.next.map(\.occurrence.instant) == [
                E.instant("2026-03-11T08:00:00-04:00"), E.instant("2026-03-12T08:00:00-04:00"),
                E.instant("2026-03-13T08:00:00-04:00"),
            ])
    }

    /// Someone who never logs: every past dose is counted for pills left and none is missed; the
    /// adherence rate is unknown, not 0%.
    @Test func withoutALogDosesAreTakenForSupplyAndNotRecordedForAdherence() throws {
        let at = E.instant("2026-03-10T15:00:00Z")
        let status = ReminderStatus(schedule: E.schedule([daily]), at: at)
        let s = status.status(of: daily)
        // 03-01 ... 03-10 08:00 EST/EDT: ten doses are past and over their grace period.
        #expect(s.pillsLeft == 20)
        #expect(s.missed.isEmpty)
        #expect(s.notRecorded.map { "\($0.date)" } == (4...10).map { String(format: "2026-03-%02d", $0) })
        #expect(s.month == Adherence(days: 30, notRecorded: 10))
        #expect(s.month.rate == nil)
        let json = status.json([s], privacy: false)
        let rule =
            #""noEntryRule": {"text": "A past dose with no log entry counts as taken for pills left and as not recorded "#
            + #"(not missed) for adherence.", "pillsLeft": "taken", "adherence": "notRecorded"},"#
        #expect(json.contains(rule))
        #expect(
            json.contains(
                #""days30": {"taken": 0, "skipped": 0, "missed": 10, "pending": 0, "rate": 0, "#
                    + #""missedLogged": 0, "notRecorded": 10, "recorded": 0, "recordedRate": null}"#
            ), "version 1's missed and rate keep their meaning; the new keys follow the rule")
        let dose = #"{"slot": "0800", "date": "2026-03-10", "at": "2026-03-10T12:00:00Z", "state": "#
        #expect(json.contains(dose + #""not-recorded"}"#))
        #expect(json.contains(dose + #""missed-no-entry"}"#), "version 1's missed list")
    }

    /// The refill warning in the feed and the dates of `status` come from the same forecast.
    @Test(arguments: Fixtures.scheduleNames)
    func feedWarningAgreesWithStatus(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        let status = ReminderStatus(schedule: schedule, at: Fixtures.now)
        for m in schedule.medications {
            let s = status.status(of: m)
            let warning = feed.items.first { $0.medicationID == m.id && $0.kind == .supplyWarning }
            #expect((warning == nil) == (s.refillBy == nil), "\(name) \(m.id)")
            guard let warning, let refillBy = s.refillBy, let due = s.forecast?.refillDue else { continue }
            let start = try #require(warning.event.property("DTSTART").flatMap(DateTimeValue.init(property:)))
            guard case .zoned(let local, let tzid) = start else {
                Issue.record("\(name): refill warning is not zoned")
                continue
            }
            #expect(local == due)
            #expect(ZoneResolver.resolve(local, in: try #require(Zone(tzid))).instant == refillBy)
            let summary = warning.event.property("SUMMARY")?.value ?? ""
            #expect(summary.contains(try #require(s.forecast?.runOut).description) || schedule.feed.privacy, "\(summary)")
        }
    }
}
