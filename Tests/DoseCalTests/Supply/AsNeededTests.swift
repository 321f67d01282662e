import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// As-needed medicines: doses only from the log, the next dose allowed after the gap and within
/// the daily maximum, and every command's reading of them.
@Suite struct AsNeededTests {
    typealias E = ReminderExamples

    func ibuprofen(maxPerDay: Int? = 3, reminder: Reminder = Reminder()) -> Medication {
        var m = E.medication("ibu", times: [], recurrence: .asNeeded(minimumHours: 6, maxPerDay: maxPerDay), reminder: reminder)
        m.supply = Supply(pills: 20, asOf: E.day("2026-03-01"))
        return m
    }

    func taken(_ at: String...) -> [DoseLogEntry] {
        at.map { DoseLogEntry(medication: "ibu", status: .taken, at: E.date($0)) }
    }

    @Test func theGapDecidesWhileUnderTheDailyMaximum() throws {
        let doses = try #require(AsNeededDoses(ibuprofen(), log: taken("2026-03-02T08:00:00Z", "2026-03-02T15:00:00Z")))
        #expect(doses.nextAllowed == E.instant("2026-03-02T21:00:00Z"))
        #expect(!doses.isAllowed(at: E.instant("2026-03-02T20:59:59Z")))
        #expect(doses.isAllowed(at: E.instant("2026-03-02T21:00:00Z")))
    }

    /// Three in 24 hours: the fourth waits until the first of them is 24 hours old.
    @Test func theDailyMaximumIsARolling24Hours() throws {
        let log = taken("2026-03-02T00:00:00Z", "2026-03-02T06:00:00Z", "2026-03-02T12:00:00Z")
        let doses = try #require(AsNeededDoses(ibuprofen(), log: log))
        #expect(doses.nextAllowed == E.instant("2026-03-03T00:00:00Z"))
        #expect(doses.lastDay(at: E.instant("2026-03-02T23:00:00Z")).count == 3)
        #expect(doses.lastDay(at: E.instant("2026-03-03T00:00:00Z")).count == 2)
        // Without a maximum the gap alone decides.
        #expect(AsNeededDoses(ibuprofen(maxPerDay: nil), log: log)?.nextAllowed == E.instant("2026-03-02T18:00:00Z"))
        // Doses logged after the status instant do not count yet.
        let before = try #require(AsNeededDoses(ibuprofen(), log: log, until: E.instant("2026-03-02T07:00:00Z")))
        #expect(before.nextAllowed == E.instant("2026-03-02T12:00:00Z"))
    }

    @Test func noLogYetMeansAllowedNowAndNothingPlanned() throws {
        let schedule = E.schedule([ibuprofen()])
        let at = E.instant("2026-03-02T12:00:00Z")
        let doses = try #require(AsNeededDoses(ibuprofen(), log: []))
        #expect(doses.nextAllowed == nil && doses.isAllowed(at: at))
        #expect(NotificationPlanner(schedule: schedule).plan(at: at).requests.isEmpty)
        #expect(FeedBuilder(schedule: schedule, now: at).build().items.isEmpty)
        let status = ReminderStatus(schedule: schedule, at: at)
        let json = status.json(status.statuses(), privacy: false)
        #expect(json.contains("\"nextAllowed\": null") && json.contains("\"allowedNow\": true"))
        #expect(json.contains("\"dosesLast24Hours\": []") && json.contains("\"pillsLeft\": 20"))
    }

    /// The feed's event, the plan's one-off and status all give the same instant; supply counts
    /// the logged doses only.
    @Test func feedPlanAndStatusAgree() throws {
        let log = taken("2026-03-02T08:00:00Z", "2026-03-02T15:00:00Z")
        let schedule = E.schedule([ibuprofen()], log: log)
        let at = E.instant("2026-03-02T16:00:00Z")
        let next = E.instant("2026-03-02T21:00:00Z")
        let uid = DoseIdentity.nextDoseAllowed(medicationID: "ibu").uid
        let feed = FeedBuilder(schedule: schedule, now: at).build()
        let event = try #require(feed.items.first { $0.uid == uid })
        #expect(event.kind == .nextDoseAllowed)
        #expect(event.event.property("DTSTART")?.value == "20260302T210000Z")
        #expect(event.event.components.map(\.name) == ["VALARM"])
        let plan = NotificationPlanner(schedule: schedule).plan(at: at)
        #expect(plan.requests.map(\.identifier) == [uid + "/20260302T210000Z"])
        #expect(plan.requests.first?.trigger == .once(LocalDateTime(secondsSinceEpoch: next), zone: "UTC"))
        #expect(plan.requests.first?.content.categoryIdentifier == "dosecal.allowed")
        let status = ReminderStatus(schedule: schedule, at: at)
        let s = try #require(status.statuses().first)
        #expect(s.asNeeded?.nextAllowed == next && s.pillsLeft == 18 && s.next.isEmpty && s.forecast == nil)
        #expect(status.json([s], privacy: false).contains("\"nextAllowed\": \"2026-03-02T21:00:00Z\""))
        // Reminder off: the event has no alarm and nothing is planned.
        let quiet = E.schedule([ibuprofen(reminder: Reminder(enabled: false))], log: log)
        #expect(FeedBuilder(schedule: quiet, now: at).build().items.first?.event.components.isEmpty == true)
        #expect(NotificationPlanner(schedule: quiet).plan(at: at).requests.isEmpty)
    }

    /// Travel moves the clock, not the instant: the same next dose in London and New York.
    @Test func travelKeepsTheInstant() throws {
        let schedule = try Fixtures.schedule("as-needed.json")
        var home = schedule
        home.itinerary = []
        let at = E.instant("2026-11-30T12:00:00Z")
        for s in [schedule, home] {
            let plan = NotificationPlanner(schedule: s).plan(at: at)
            let allowed = plan.requests.filter { if case .nextDoseAllowed = $0.purpose { true } else { false } }
            // Three doses from 2026-11-29T22:00Z: the fourth waits for 24 hours after the first.
            #expect(allowed.map(\.fires) == [E.instant("2026-11-30T22:00:00Z")])
        }
        let report = DoseChecker(schedule: schedule, from: E.day("2026-11-29"), to: E.day("2026-12-01"))
        let feed = FeedBuilder(schedule: schedule, now: at).build()
        let uid = DoseIdentity.nextDoseAllowed(medicationID: "ibuprofen").uid
        let rows = report.check(calendar: [uid: [E.instant("2026-11-30T22:00:00Z")]]).doses
            .filter { $0.slotID == DoseChecker.nextDoseAllowedSlot }
        // In time order: paracetamol at 13:00Z (not in this calendar), ibuprofen at 22:00Z.
        #expect(rows.map(\.status) == [.missing, .ok])
        let moved = report.check(calendar: [uid: [E.instant("2026-11-30T23:00:00Z")]]).doses.first { $0.uid == uid }
        #expect(moved?.status == .moved)
        #expect(feed.items.filter { $0.kind == .nextDoseAllowed }.count == 2)
    }

    /// `dosecal log taken` records an as-needed dose at its instant, about no scheduled dose.
    @Test func loggingADoseNeedsNoScheduledDose() throws {
        let schedule = E.schedule([ibuprofen()])
        let record = try schedule.recording(.taken, medication: "ibu", at: E.instant("2026-03-02T21:00:00Z"))
        #expect(record.entry == DoseLogEntry(medication: "ibu", status: .taken, at: E.date("2026-03-02T21:00:00Z")))
        #expect(record.nextAllowed == E.instant("2026-03-03T03:00:00Z"))
        #expect(record.warnings.isEmpty)
        let after = record.schedule
        #expect(AsNeededDoses(after.medications[0], log: after.log)?.nextAllowed == E.instant("2026-03-03T03:00:00Z"))
    }

    @Test func theScheduleFileRoundTripsAndBadValuesAreErrors() throws {
        let schedule = try Fixtures.schedule("as-needed.json")
        #expect(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "a.json") == schedule)
        let cases = [
            (#""recurrence": {"kind": "asNeeded"}"#, "missing required key \"minimumHours\""),
            (#""recurrence": {"kind": "asNeeded", "minimumHours": 0}"#, "minimumHours: 0 is out of range"),
            (#""recurrence": {"kind": "asNeeded", "minimumHours": 6, "maxPerDay": 0}"#, "maxPerDay: 0 is out of range"),
            (#""times": ["08:00"], "recurrence": {"kind": "asNeeded", "minimumHours": 6}"#, "has no dose times"),
        ]
        for (fields, expected) in cases {
            let text = """
                {"version": 1, "homeZone": "Europe/London", "medications": [
                  {"id": "ibu", "name": "Ibuprofen", "start": "2026-11-01", \(fields)}]}
                """
            do {
                _ = try ScheduleCodec.decode(Data(text.utf8), file: "a.json")
                Issue.record("accepted \(fields)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }

    /// Reconcile reads the next-allowed event as dosecal's own and not a dose: deleting or moving
    /// it in the calendar changes nothing (the log decides). Import reads it back as the
    /// as-needed medicine, or reports it when its next dose would come back too early (decisions
    /// 0206, 0268, `ImportAsNeededTests`).
    @Test func reconcileAndImportLeaveTheEventAlone() throws {
        let schedule = try Fixtures.schedule("as-needed.json")
        let now = E.instant("2026-11-30T12:00:00Z")
        let base = FeedBuilder(schedule: schedule, now: now).build().serialized()
        let uid = DoseIdentity.nextDoseAllowed(medicationID: "ibuprofen").uid
        let moved = base.replacingOccurrences(of: "DTSTART:20261130T220000Z", with: "DTSTART:20261201T010000Z")
        for theirs in [moved, try ReconcileSupport.removing(uid, from: base)] {
            let changes = try Reconciler(baseText: Array(base.utf8), ours: schedule, theirsText: Array(theirs.utf8), now: now)
                .reconcile()
            #expect(changes.changes.isEmpty && changes.conflicts.isEmpty && changes.unmapped.isEmpty)
        }
        let report = try CalendarImporter(zone: "Europe/London").run([ReturnedCalendar(parsing: Array(base.utf8))])
        // The scheduled medicine comes back whole, with its travel stop (the stretch after it is open);
        // ibuprofen's next dose would come back too early, so it is reported (decision 0268).
        #expect(report.schedule.medications.map(\.name) == ["Vitamin D", "Paracetamol"])
        #expect(report.unmapped.map(\.summary) == ["Ibuprofen: next dose allowed"])
        #expect(report.schedule.itinerary == [ItineraryStop(from: E.day("2026-11-30"), zone: Zone("America/New_York")!)])
    }
}
