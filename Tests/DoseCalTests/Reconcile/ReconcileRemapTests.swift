import DoseCal
import Foundation
import ICal
import Testing

/// The edits reconcile maps beyond slot times, single moves and deletions: every-N-hours series
/// moved or thinned, a dose moved to another day, a changed repeat rule. Each: literal calendar
/// text as the client writes it, a literal change set, then apply and reconcile again gives nothing.
@Suite struct ReconcileRemapTests {
    /// 2026-11-20T00:00:00Z: the export.
    static let exportedAt = 1_795_132_800
    /// 2026-12-02T12:00:00Z: after the phone's edits.
    static let now = 1_796_212_800

    static func schedule(_ medication: String) throws -> Schedule {
        let text = #"{"version": 1, "homeZone": "America/New_York", "medications": ["# + medication + "]}"
        return try ScheduleCodec.decode(Data(text.utf8), file: "remap.json")
    }

    static let q8h = #"""
        {"id": "amoxicillin", "name": "Amoxicillin", "times": [{"id": "first", "time": "07:00"}],
         "recurrence": {"kind": "everyNHours", "hours": 8}, "start": "2026-12-01", "end": "2026-12-20"}
        """#
    static let q8hUID = "dose-820138859cbf283627c3b2bd@dosecal.app"

    /// Google's short VTIMEZONE for America/New_York.
    static let newYork = """
        BEGIN:VTIMEZONE\r
        TZID:America/New_York\r
        X-LIC-LOCATION:America/New_York\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        TZNAME:EST\r
        DTSTART:19701101T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        TZNAME:EDT\r
        DTSTART:19700308T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r

        """

    /// The export of `schedule`, its events edited as `edits` (VEVENTs) say, the merged change set,
    /// and the schedule after applying it; checks that reconciling again (against the old base and
    /// against the merged schedule's feed) finds nothing.
    /// `added`: the edits are overrides added to the exported series (Apple), not the series
    /// written anew.
    static func roundTrip(_ schedule: Schedule, edits: String, added: Bool = false) throws -> (ChangeSet, Schedule) {
        let base = FeedBuilder(schedule: schedule, now: exportedAt).build().serialized()
        let edit =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\n" + newYork + edits
            + "END:VCALENDAR\r\n"
        let theirs =
            added
            ? base.replacingOccurrences(of: "END:VCALENDAR\r\n", with: edits + "END:VCALENDAR\r\n")
            : try ReconcileSupport.merged(base: base, edits: Array(edit.utf8))
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: schedule, base: base, now: now)
        let merged = try schedule.applying(set.changes, now: now)
        let again = try ReconcileSupport.reconcile(theirs: theirs, ours: merged, base: base, now: now)
        #expect(again.changes.isEmpty && again.conflicts.isEmpty && again.unmapped.isEmpty, "\(again)")
        let newBase = FeedBuilder(schedule: merged, now: now).build().serialized()
        let fresh = try ReconcileSupport.reconcile(theirs: theirs, ours: merged, base: newBase, now: now)
        #expect(fresh.changes.isEmpty && fresh.conflicts.isEmpty && fresh.unmapped.isEmpty, "\(fresh)")
        return (set, merged)
    }

    static func t(_ s: String) -> LocalTime { LocalTime(parsing: s)! }
    static func d(_ s: String) -> LocalDate { LocalDate(parsing: s)! }

    /// Google "all events" 30 minutes later, then one dose deleted: the slot's time and a skipped
    /// entry stamped with the dose's own instant; the feed carries the deletion as a UTC EXDATE.
    @Test func everyEightHoursMovedAndOneDoseDeleted() throws {
        let edits = """
            BEGIN:VEVENT\r
            DTSTART;TZID=America/New_York:20261201T073000\r
            DTEND;TZID=America/New_York:20261201T074500\r
            RRULE:FREQ=HOURLY;UNTIL=20261221T045959Z;INTERVAL=8\r
            EXDATE;TZID=America/New_York:20261205T153000\r
            DTSTAMP:20261202T090000Z\r
            UID:\(Self.q8hUID)\r
            CREATED:20261120T000000Z\r
            LAST-MODIFIED:20261202T085900Z\r
            SEQUENCE:1\r
            STATUS:CONFIRMED\r
            SUMMARY:Amoxicillin (1 dose)\r
            TRANSP:TRANSPARENT\r
            END:VEVENT\r

            """
        let (set, merged) = try Self.roundTrip(Self.schedule(Self.q8h), edits: edits)
        #expect(
            set.changes.map(\.kind) == [
                .slotTime(slotID: "first", from: nil, through: nil, old: Self.t("07:00"), new: Self.t("07:30")),
                .skipped(slotID: "first", date: Self.d("2026-12-05"), time: Self.t("15:30")),
            ])
        #expect(
            set.changes.map(\.description) == [
                "Amoxicillin 07:00 -> 07:30 (every dose)", "Amoxicillin 15:30 on 2026-12-05: skipped",
            ])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
        #expect(merged.medications[0].times == [DoseSlot(id: "first", time: Self.t("07:30"))])
        #expect(
            merged.log == [
                DoseLogEntry(
                    medication: "amoxicillin", slot: "first", date: Self.d("2026-12-05"), status: .skipped,
                    at: Date(timeIntervalSince1970: 1_796_502_600))
            ], "at: 2026-12-05T20:30:00Z, the dose itself")
        let feed = FeedBuilder(schedule: merged, now: Self.now).build().serialized()
        #expect(
            feed.contains(
                "DTSTART:20261201T123000Z\r\nDURATION:PT15M\r\nRRULE:FREQ=HOURLY;UNTIL=20261221T045959Z;INTERVAL=8\r\n"
                    + "EXDATE:20261205T203000Z\r\n"))
    }

    static let metformin = #"""
        {"id": "metformin", "name": "Metformin", "times": [{"id": "morning", "time": "08:00"}], "start": "2026-12-01"}
        """#
    static let metforminUID = "dose-bbc7306c05e0f4dde4e11953@dosecal.app"

    /// Apple: the 08:00 dose of 2026-12-03 dragged to 07:30 the next morning (an override in the
    /// series' TZID form): a rescheduled dose with its new date, exported back as the same override.
    @Test func doseMovedToTheNextDay() throws {
        let edits = """
            BEGIN:VEVENT\r
            CREATED:20261120T000000Z\r
            DTEND;TZID=America/New_York:20261204T074500\r
            DTSTAMP:20261202T091500Z\r
            DTSTART;TZID=America/New_York:20261204T073000\r
            LAST-MODIFIED:20261202T091500Z\r
            RECURRENCE-ID;TZID=America/New_York:20261203T080000\r
            SEQUENCE:0\r
            SUMMARY:Metformin (1 dose)\r
            TRANSP:TRANSPARENT\r
            UID:\(Self.metforminUID)\r
            END:VEVENT\r

            """
        let (set, merged) = try Self.roundTrip(Self.schedule(Self.metformin), edits: edits, added: true)
        #expect(
            set.changes.map(\.kind) == [
                .movedToDay(
                    slotID: "morning", date: Self.d("2026-12-03"), old: Self.t("08:00"), toDate: Self.d("2026-12-04"),
                    new: Self.t("07:30"))
            ])
        #expect(set.changes.map(\.description) == ["Metformin 08:00 on 2026-12-03 moved to 2026-12-04 07:30"])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
        #expect(
            merged.medications[0].rescheduled == [
                RescheduledDose(slot: "morning", date: Self.d("2026-12-03"), time: Self.t("07:30"), toDate: Self.d("2026-12-04"))
            ])
        let json = String(decoding: ScheduleCodec.encode(merged), as: UTF8.self)
        #expect(json.contains(#"{"slot": "morning", "date": "2026-12-03", "time": "07:30", "toDate": "2026-12-04"}"#))
        let feed = FeedBuilder(schedule: merged, now: Self.now).build().serialized()
        #expect(
            feed.contains(
                "RECURRENCE-ID;TZID=America/New_York:20261203T080000\r\nDTSTART;TZID=America/New_York:20261204T073000\r\n"))
        let doses = WallClockEngine(schedule: merged).occurrences(
            of: merged.medications[0], from: Self.d("2026-12-03"), to: Self.d("2026-12-04"))
        #expect(doses.map(\.instant) == [1_796_387_400, 1_796_389_200], "2026-12-04 07:30 (moved) and 08:00 EST")
    }

    /// Google "all events", repeat every 2 days: the medication's recurrence.
    @Test func dailyBecomesEveryTwoDays() throws {
        let edits = """
            BEGIN:VEVENT\r
            DTSTART;TZID=America/New_York:20261201T080000\r
            DTEND;TZID=America/New_York:20261201T081500\r
            RRULE:FREQ=DAILY;INTERVAL=2\r
            DTSTAMP:20261202T090000Z\r
            UID:\(Self.metforminUID)\r
            SEQUENCE:1\r
            STATUS:CONFIRMED\r
            SUMMARY:Metformin (1 dose)\r
            TRANSP:TRANSPARENT\r
            END:VEVENT\r

            """
        let (set, merged) = try Self.roundTrip(Self.schedule(Self.metformin), edits: edits)
        #expect(set.changes.map(\.kind) == [.recurrence(old: .daily, new: .everyNDays(2))])
        #expect(set.changes.map(\.description) == ["Metformin repeats every 2 days (was every day)"])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
        #expect(merged.medications[0].recurrence == .everyNDays(2))
        var ours = try Self.schedule(Self.metformin)
        ours.medications[0].recurrence = .everyNDays(3)
        let base = try FeedBuilder(schedule: Self.schedule(Self.metformin), now: Self.exportedAt).build().serialized()
        let theirs = try ReconcileSupport.merged(
            base: base, edits: Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + edits + "END:VCALENDAR\r\n").utf8))
        let both = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, base: base, now: Self.now)
        #expect(
            both.conflicts.map(\.description) == [
                "Metformin repeat rule: the schedule says every 3 days, the calendar says every 2 days"
            ])
        #expect(both.changes.isEmpty)
    }

    static let weekly = #"""
        {"id": "methotrexate", "name": "Methotrexate", "times": [{"id": "evening", "time": "19:00"}],
         "recurrence": {"kind": "weekly", "weekdays": ["MO", "WE", "FR"]}, "start": "2026-12-01"}
        """#

    /// Apple: the weekdays of a weekly series changed from Monday, Wednesday, Friday to Wednesday
    /// and Saturday, every second week.
    @Test func weekdaysAndIntervalChanged() throws {
        let schedule = try Self.schedule(Self.weekly)
        let uid = DoseIdentity.series(SlotKey(medicationID: "methotrexate", slotID: "evening"), .main).uid
        let edits = """
            BEGIN:VEVENT\r
            CREATED:20261120T000000Z\r
            DTEND;TZID=America/New_York:20261202T191500\r
            DTSTAMP:20261202T091500Z\r
            DTSTART;TZID=America/New_York:20261202T190000\r
            LAST-MODIFIED:20261202T091500Z\r
            RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,SA;WKST=MO\r
            SEQUENCE:0\r
            SUMMARY:Methotrexate (1 dose)\r
            TRANSP:TRANSPARENT\r
            UID:\(uid)\r
            END:VEVENT\r

            """
        let (set, merged) = try Self.roundTrip(schedule, edits: edits)
        #expect(
            set.changes.map(\.kind) == [
                .recurrence(
                    old: .weekly(weekdays: [.monday, .wednesday, .friday], interval: 1),
                    new: .weekly(weekdays: [.wednesday, .saturday], interval: 2))
            ])
        #expect(
            set.changes.map(\.description) == [
                "Methotrexate repeats every 2 weeks on WE, SA (was every week on MO, WE, FR)"
            ])
        #expect(merged.medications[0].recurrence == .weekly(weekdays: [.wednesday, .saturday], interval: 2))
    }

    /// What still cannot be held is reported with the reason: a monthly rule, and a weekly rule
    /// whose first dose is not on one of its days.
    @Test func unmappableRulesSayWhy() throws {
        func unmapped(_ rule: String, start: String = "20261201T080000") throws -> [String] {
            let edits = """
                BEGIN:VEVENT\r
                DTSTART;TZID=America/New_York:\(start)\r
                DTEND;TZID=America/New_York:20261201T081500\r
                RRULE:\(rule)\r
                DTSTAMP:20261202T090000Z\r
                UID:\(Self.metforminUID)\r
                SUMMARY:Metformin (1 dose)\r
                END:VEVENT\r

                """
            let base = try FeedBuilder(schedule: Self.schedule(Self.metformin), now: Self.exportedAt).build().serialized()
            let edit = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\n" + edits + "END:VCALENDAR\r\n"
            let theirs = try ReconcileSupport.merged(base: base, edits: Array(edit.utf8))
            let set = try ReconcileSupport.reconcile(
                theirs: theirs, ours: Self.schedule(Self.metformin), base: base, now: Self.now)
            #expect(set.changes.isEmpty)
            return set.unmapped.map { "\($0.description): \($0.reason)" }
        }
        #expect(
            try unmapped("FREQ=MONTHLY;BYMONTHDAY=1") == [
                "Metformin 08:00: repeat rule changed in the calendar to FREQ=MONTHLY;BYMONTHDAY=1: dosecal keeps the "
                    + "schedule's recurrence (no schedule kind repeats this way); change it in the schedule by hand"
            ])
        #expect(
            try unmapped("FREQ=WEEKLY;BYDAY=WE") == [
                "Metformin 08:00: repeat rule changed in the calendar to FREQ=WEEKLY;BYDAY=WE: the first dose is not on "
                    + "the first of the new days; change the schedule by hand"
            ])
    }

    /// Sync takes the same path: the phone's item (vdirsyncer, LF endings) with the series moved
    /// and a dose deleted is merged, accepted, and the folder then settles.
    @Test func syncMergesAnEveryEightHoursEdit() throws {
        let box = VdirSandbox()
        let schedule = try Self.schedule(Self.q8h)
        func sync(_ schedule: Schedule, now: Int) throws -> (VdirSync.Report, ChangeSet?) {
            try ReconcileSupport.sync(box, schedule, now: now)
        }
        _ = try sync(schedule, now: Self.exportedAt)
        let name = VdirName.fileName(forUID: Self.q8hUID)
        let phone = box.read(name).replacingOccurrences(of: "DTSTART:20261201T120000Z\r\n", with: "DTSTART:20261201T123000Z\r\n")
            .replacingOccurrences(of: "INTERVAL=8\r\n", with: "INTERVAL=8\r\nEXDATE:20261205T203000Z\r\n")
            .replacingOccurrences(of: "\r\n", with: "\n")
        box.write(name, phone)
        let (report, saved) = try sync(schedule, now: Self.now)
        #expect(
            try #require(saved).changes.map(\.description) == [
                "Amoxicillin 07:00 -> 07:30 (every dose)", "Amoxicillin 15:30 on 2026-12-05: skipped",
            ])
        #expect(report.conflicts.isEmpty && report.merge?.accepted == [Self.q8hUID])
        #expect(box.read(name).contains("DTSTART:20261201T123000Z\r\n"))
        #expect(box.read(name).contains("EXDATE:20261205T203000Z\r\n"))
        let merged = try schedule.applying(try #require(saved).changes, now: Self.now)
        let (again, none) = try sync(merged, now: Self.now + 3600)
        #expect(none == nil)
        #expect(again.outcome?.created == [] && again.outcome?.updated == [] && again.outcome?.deleted == [])
    }
}
