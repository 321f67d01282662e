import DoseCal
import Foundation
import ICal
import Testing

/// Reminders seen on a calendar (RFC 9074 ACKNOWLEDGED, Thunderbird X-MOZ-LASTACK, Apple's snooze
/// pair) read back as hints: mapped to the medication, slot and dose, changing nothing else.
@Suite struct SeenHintTests {
    typealias S = ReconcileSupport

    /// Metformin 08:00 as a client writes it back, with `alarms` in place of its VALARMs.
    static func event(alarms: String, extra: String = "") -> String {
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//test//EN
        BEGIN:VEVENT
        UID:dose-bbc7306c05e0f4dde4e11953@dosecal.app
        DTSTAMP:20261210T131000Z
        SUMMARY:Metformin 500 mg (1 tablet)
        DTSTART;TZID=America/New_York:20260105T080000
        DTEND;TZID=America/New_York:20260105T081500
        RRULE:FREQ=DAILY
        \(extra)\(alarms)END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")
    }

    static let rfc9074 = """
        BEGIN:VALARM
        UID:7E2B0C1A-0001
        ACTION:DISPLAY
        TRIGGER:PT0S
        DESCRIPTION:Time to take Metformin
        ACKNOWLEDGED:20261210T130500Z
        END:VALARM

        """

    /// Apple: the original alarm acknowledged when snoozed, the snooze alarm naming it, itself
    /// acknowledged ten minutes later.
    static let appleSnooze = """
        BEGIN:VALARM
        UID:5B0F4D36-1E70-4C2E-9F0B-2B7C8E9D1A11
        X-WR-ALARMUID:5B0F4D36-1E70-4C2E-9F0B-2B7C8E9D1A11
        ACTION:DISPLAY
        TRIGGER:PT0S
        DESCRIPTION:Time to take Metformin
        ACKNOWLEDGED:20261210T131000Z
        END:VALARM
        BEGIN:VALARM
        UID:9C4E2A77-5D1B-4F3A-8E6C-7A8B9C0D1E22
        X-WR-ALARMUID:9C4E2A77-5D1B-4F3A-8E6C-7A8B9C0D1E22
        RELATED-TO:5B0F4D36-1E70-4C2E-9F0B-2B7C8E9D1A11
        ACTION:DISPLAY
        TRIGGER;VALUE=DATE-TIME:20261210T131500Z
        ACKNOWLEDGED:20261210T132000Z
        END:VALARM
        BEGIN:VALARM
        ACTION:NONE
        TRIGGER;VALUE=DATE-TIME:19760401T005545Z
        X-APPLE-DEFAULT-ALARM:TRUE
        ACKNOWLEDGED:20261211T000000Z
        END:VALARM

        """

    static func seen(_ set: ChangeSet) -> [String] {
        set.seen.map { "\($0.reminder.medication)/\($0.reminder.slot) \($0.reminder.at) \($0.reminder.date?.description ?? "-")" }
    }

    @Test func acknowledgedAlarmIsAHintAndNothingElse() throws {
        let set = try S.reconcile(theirs: S.merged(base: S.baseText(), edits: Array(Self.event(alarms: Self.rfc9074).utf8)))
        #expect(Self.seen(set) == ["metformin/morning 1796907900 2026-12-10"])
        #expect(
            set.seen.map(\.description) == [
                "Metformin 08:00 reminder seen at 2026-12-10 08:05 on a calendar (dose of 2026-12-10)"
            ])
        #expect(set.isEmpty)
        #expect(set.changes.isEmpty && set.conflicts.isEmpty && set.unmapped.isEmpty)
    }

    @Test func appleSnoozePairGivesTheLatestAcknowledgement() throws {
        let set = try S.reconcile(theirs: S.merged(base: S.baseText(), edits: Array(Self.event(alarms: Self.appleSnooze).utf8)))
        // The placeholder's ACKNOWLEDGED is no reminder seen.
        #expect(Self.seen(set) == ["metformin/morning 1796908800 2026-12-10"])
        #expect(set.isEmpty)
    }

    @Test func thunderbirdLastAckOnTheEvent() throws {
        let set = try S.reconcile(theirs: S.theirs("thunderbird-xmoz.ics"))
        #expect(Self.seen(set) == ["metformin/morning 1796389512 2026-12-04"])
        #expect(S.descriptions(set) == ["Metformin 08:00 on 2026-12-03: skipped", "Metformin 08:00 on 2026-12-05: skipped"])
    }

    @Test func appleSplitFixture() throws {
        let set = try S.reconcile(theirs: S.theirs("apple-split.ics"))
        #expect(Self.seen(set) == ["metformin/morning 1796216412 2026-12-02"])
        #expect(S.descriptions(set) == ["Metformin 08:00 -> 08:30 from 2026-12-03"])
    }

    @Test func acknowledgementBeforeAnyDoseHasNoDoseAndOneAfterNowIsLeftOut() throws {
        let early = Self.rfc9074.replacingOccurrences(of: "20261210T130500Z", with: "20260105T120000Z")
        var set = try S.reconcile(theirs: S.merged(base: S.baseText(), edits: Array(Self.event(alarms: early).utf8)))
        #expect(Self.seen(set) == ["metformin/morning 1767614400 -"])
        let late = Self.rfc9074.replacingOccurrences(of: "20261210T130500Z", with: "20270101T000000Z")
        set = try S.reconcile(theirs: S.merged(base: S.baseText(), edits: Array(Self.event(alarms: late).utf8)))
        #expect(set.seen.isEmpty)
    }

    @Test func applyThenReconcileAgainGivesNothingNew() throws {
        let theirs = try S.merged(base: S.baseText(), edits: Array(Self.event(alarms: Self.appleSnooze).utf8))
        let first = try S.reconcile(theirs: theirs)
        let merged = try S.demo().merging(first, now: S.now)
        #expect(
            merged.seen == [
                SeenReminder(
                    medication: "metformin", slot: "morning", at: 1_796_908_800, date: LocalDate(year: 2026, month: 12, day: 10))
            ])
        let reread = try ScheduleCodec.decode(ScheduleCodec.encode(merged), file: "s.json")
        #expect(reread == merged)
        let text = String(decoding: ScheduleCodec.encode(merged), as: UTF8.self)
        #expect(
            text.hasSuffix(
                """
                  "seen": [
                    {"medication": "metformin", "slot": "morning", "date": "2026-12-10", "at": "2026-12-10T13:20:00Z", "source": "calendar"}
                  ]
                }

                """))
        let second = try S.reconcile(theirs: theirs, ours: reread)
        #expect(second.isEmpty)
        #expect(try reread.merging(second, now: S.now) == reread)
        // An older hint never replaces a later one.
        let older = SeenReminder(medication: "metformin", slot: "morning", at: 1_796_907_900)
        #expect(reread.merging(seen: [older]).seen == merged.seen)
    }

    @Test func damagedSeriesGivesNoHint() throws {
        let uid = "dose-bbc7306c05e0f4dde4e11953@dosecal.app"
        let theirs = try S.merged(base: S.baseText(), edits: Array(Self.event(alarms: Self.rfc9074).utf8))
        let set = try Reconciler(
            base: ReturnedCalendar(parsing: Array(S.baseText().utf8)), ours: S.demo(),
            theirs: ReturnedCalendar(parsing: Array(theirs.utf8)), now: S.now,
            damaged: [uid: SeriesDamage(uid: uid, .unreadableFile)]
        ).reconcile()
        #expect(set.seen.isEmpty)
        #expect(set.damaged.map(\.uid) == [uid])
    }

    /// Sync takes the same path: a reminder dismissed on the phone (its item now carries
    /// ACKNOWLEDGED) is saved as a hint with no change; the next run has nothing to save.
    @Test func syncSavesTheHint() throws {
        let box = VdirSandbox()
        let schedule = try S.demo()
        func sync(_ schedule: Schedule, now: Int) throws -> (VdirSync.Report, ChangeSet?) { try S.sync(box, schedule, now: now) }
        _ = try sync(schedule, now: S.exportedAt)
        let name = VdirName.fileName(forUID: "dose-bbc7306c05e0f4dde4e11953@dosecal.app")
        let text = box.read(name)
        let end = try #require(text.range(of: "END:VALARM\r\n"))
        box.write(name, text.replacingCharacters(in: end, with: "ACKNOWLEDGED:20261210T130500Z\r\nEND:VALARM\r\n"))
        let (report, saved) = try sync(schedule, now: S.now)
        let set = try #require(saved)
        #expect(set.changes.isEmpty && report.conflicts.isEmpty)
        #expect(Self.seen(set) == ["metformin/morning 1796907900 2026-12-10"])
        let merged = try schedule.merging(set, now: S.now)
        #expect(report.merge?.schedule == merged)
        let (_, none) = try sync(merged, now: S.now + 3600)
        #expect(none == nil)
    }
}
