import DoseCal
import Foundation
import ICal
import Testing

/// Series deleted, alarms, privacy, foreign events, conflicts and preferences.
@Suite struct ReconcileMergeTests {
    static let levothyroxine = "dose-77a988eee115e846fa275e03@dosecal.app"
    static let metformin0800 = "dose-bbc7306c05e0f4dde4e11953@dosecal.app"
    static let metformin1900 = "dose-2104fe0d82263d7add254334@dosecal.app"

    /// A one-slot medication's series deleted: it stops from today (2026-12-15); history stays.
    @Test func seriesDeletedStopsFromToday() throws {
        let theirs = try ReconcileSupport.removing(Self.levothyroxine, from: ReconcileSupport.baseText())
        let set = try ReconcileSupport.reconcile(theirs: theirs)
        #expect(set.changes.map(\.description) == ["Levothyroxine stops from 2026-12-15"])
        let s = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        #expect(s.medications[1].end == LocalDate(parsing: "2026-12-14"))
        #expect(s.log == (try ReconcileSupport.demo()).log, "the log is untouched")
    }

    /// Both series of a two-slot medication deleted: the medication stops.
    @Test func allSlotsDeletedStopsTheMedication() throws {
        var theirs = try ReconcileSupport.removing(Self.metformin0800, from: ReconcileSupport.baseText())
        theirs = try ReconcileSupport.removing(Self.metformin1900, from: theirs)
        let set = try ReconcileSupport.reconcile(theirs: theirs)
        #expect(set.changes.map(\.description) == ["Metformin stops from 2026-12-15"])
    }

    /// Nextcloud "delete this and all following": UNTIL cuts the series after 2026-12-09.
    @Test func deleteFollowingStopsFromTheCut() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("nextcloud-delete-following.ics"))
        #expect(set.changes.map(\.description) == ["Levothyroxine stops from 2026-12-10"])
    }

    @Test func alarmEditsChangeTheReminder() throws {
        let apple = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("apple-alarm-edit.ics"))
        #expect(
            apple.changes.map(\.description) == [
                "Methotrexate reminder 15 minutes before, repeated 2x every 10 min -> 60 minutes before"
            ])
        let thunderbird = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("thunderbird-alarm-edit.ics"))
        #expect(thunderbird.changes.map(\.description) == ["Metformin reminder at the dose time -> 10 minutes before"])
        let s = try ReconcileSupport.demo().applying(thunderbird.changes, now: ReconcileSupport.now)
        #expect(s.medications[0].reminder == Reminder(minutesBefore: 10))
    }

    /// Google and Outlook drop alarms: absent alarms are not a change (google-move-one has none).
    @Test func absentAlarmsAreIgnored() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-series-edit.ics"))
        #expect(!set.changes.contains { if case .reminder = $0.kind { true } else { false } })
    }

    /// A cancelled instance (Google's API form) is a skipped dose; foreign events, even dose-like
    /// ones, are ignored.
    @Test func cancelledInstanceAndForeignEvents() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-cancelled-instance.ics"))
        #expect(set.changes.map(\.description) == ["Vitamin D3 12:30 on 2026-12-26: skipped"])
        #expect(set.unmapped.isEmpty && set.conflicts.isEmpty)
    }

    /// In privacy mode a retitled event is ignored, and no medicine name reaches the calendar.
    @Test func privacySummaryEditIsIgnored() throws {
        var schedule = try ReconcileSupport.demo()
        schedule.feed.privacy = true
        let base = FeedBuilder(schedule: schedule, now: ReconcileSupport.exportedAt).build().serialized()
        #expect(!base.contains("Metformin"))
        let theirs = base.replacingOccurrences(of: "SUMMARY:Medication reminder", with: "SUMMARY:Morning pills")
        #expect(theirs != base)
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: schedule, base: base)
        #expect(set.isEmpty)
    }

    /// The schedule moved the morning dose to 08:15 since the export; the calendar moved every
    /// dose to 08:30: a conflict, untouched unless a side is preferred.
    @Test func bothSidesChangedIsAConflict() throws {
        var ours = try ReconcileSupport.demo()
        ours.medications[0].times[0].time = LocalTime(parsing: "08:15")!
        let theirs = try ReconcileSupport.theirs("google-series-edit.ics")
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: ours)
        #expect(set.changes.isEmpty)
        #expect(
            set.conflicts.map(\.description) == [
                "Metformin 08:00 from 2026-01-05 through 2028-01-17: the schedule says 08:15, the calendar says 08:30"
            ])
        #expect(set.conflicts.map(\.schedule) == ["08:15"] && set.conflicts.map(\.calendar) == ["08:30"])
        let calendar = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, prefer: .calendar)
        #expect(calendar.changes.map(\.description) == ["Metformin 08:00 -> 08:30 (every dose)"] && calendar.conflicts.isEmpty)
        let merged = try ours.applying(calendar.changes, now: ReconcileSupport.now)
        #expect(merged.medications[0].times[0].time == LocalTime(parsing: "08:30"))
        let schedule = try ReconcileSupport.reconcile(theirs: theirs, ours: ours, prefer: .schedule)
        #expect(schedule.isEmpty)
    }

    /// The same edit on both sides is no change and no conflict.
    @Test func sameEditOnBothSidesIsNothing() throws {
        var ours = try ReconcileSupport.demo()
        ours.medications[0].times[0].time = LocalTime(parsing: "08:30")!
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-series-edit.ics"), ours: ours)
        #expect(set.isEmpty)
    }

    /// A dose logged as taken but deleted in the calendar: a conflict (the log is history).
    @Test func deletingALoggedDoseIsAConflict() throws {
        var ours = try ReconcileSupport.demo()
        ours.log.append(
            DoseLogEntry(
                medication: "metformin", slot: "morning", date: LocalDate(parsing: "2026-12-03"), status: .taken,
                at: Date(timeIntervalSince1970: 1_796_303_000)))
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-delete-one.ics"), ours: ours)
        #expect(set.changes.map(\.description) == ["Metformin 08:00 on 2026-12-05: skipped"])
        #expect(
            set.conflicts.map(\.description) == [
                "Metformin 08:00 on 2026-12-03: the schedule says logged as taken, the calendar says no dose"
            ])
    }

    /// An empty calendar, or one without dosecal's events, is refused rather than read as
    /// "everything deleted".
    @Test func calendarWithoutOurEventsIsRefused() throws {
        let foreign = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nEND:VCALENDAR\r\n"
        #expect(throws: ReconcileError.noDosecalEvents) { try ReconcileSupport.reconcile(theirs: foreign) }
    }

    /// Without a base, the schedule is taken as what was exported.
    @Test func withoutBaseTheScheduleIsTheBase() throws {
        let reconciler = try Reconciler(
            baseText: nil as [UInt8]?, ours: ReconcileSupport.demo(),
            theirsText: Array(ReconcileSupport.theirs("google-move-one.ics").utf8), now: ReconcileSupport.now)
        let set = try reconciler.reconcile()
        #expect(set.changes.map(\.description) == ["Metformin 08:00 on 2026-12-03 moved to 09:30"])
        #expect(set.warnings == ["no base calendar: the schedule is taken as what was last exported"])
    }
}

/// A vdir folder (one item per file) reads as one calendar for reconcile.
@Suite struct ReturnedCalendarItemsTests {
    @Test func itemsReadAsOneCalendar() throws {
        let base = try ReconcileSupport.baseText()
        let calendar = try ICalParser.parse(Array(base.utf8)).calendar!
        let zones = calendar.components.filter { $0.name == "VTIMEZONE" }
        let items = calendar.components.filter { $0.name == "VEVENT" }.map { event -> [UInt8] in
            var item = ICalComponent("VCALENDAR")
            item.properties = calendar.properties
            item.components = zones + [event]
            return Array(ICalSerializer.serialize(item).utf8)
        }
        #expect(items.count == 9)
        let folder = try ReturnedCalendar(parsingItems: items)
        #expect(folder.series.count == 9 && folder.timezones.count == 1)
        let set = try Reconciler(base: nil, ours: ReconcileSupport.demo(), theirs: folder, now: ReconcileSupport.now).reconcile()
        #expect(set.changes.isEmpty && set.conflicts.isEmpty)
    }
}

/// A series of a medication removed from the schedule since the export, edited in the calendar:
/// reported, nothing to change.
@Suite struct ReconcileOrphanTests {
    @Test func editToARemovedMedicationIsReported() throws {
        var ours = try ReconcileSupport.demo()
        ours.medications.removeAll { $0.id == "levothyroxine" }
        ours.log.removeAll { $0.medication == "levothyroxine" }
        let theirs = try ReconcileSupport.theirs("evolution-move-one-utc.ics")
        let set = try ReconcileSupport.reconcile(theirs: theirs, ours: ours)
        #expect(set.changes.isEmpty && set.conflicts.isEmpty)
        #expect(set.unmapped.map(\.description) == ["edited calendar series dose-77a988eee115e846fa275e03@dosecal.app"])
    }
}
