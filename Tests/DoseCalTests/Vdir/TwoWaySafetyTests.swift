import Foundation
import ICal
import Testing

@testable import DoseCal

/// What a phone can do to dosecal's items, each case with a literal edit and the safe result
/// (decisions 0036, 0037): damage changes nothing in the schedule and is repaired; a deleted dose
/// stays deleted in every feed; a deleted series is not written back; agreement converges.
@Suite struct TwoWaySafetyTests {
    let morning = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), .main).uid

    /// A merging sync as the CLI runs it; the saved changes are applied to the returned schedule.
    func sync(_ box: VdirSandbox, _ schedule: Schedule, now: Int, zone: String? = nil) throws -> (VdirSync.Report, Schedule) {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        var saved: ChangeSet? = nil
        sync.travel = zone.map { ItineraryStop(from: schedule.localDate(at: now), zone: Zone($0)!) }
        let report = try sync.run(schedule: schedule, now: now) { (merge) throws -> Void in
            saved = merge.changes
            let expected = try schedule.merging(merge.changes, now: now)
            // Merged once, into the file's schedule: no travel stop in what is saved.
            #expect(merge.schedule.itinerary == schedule.itinerary)
            #expect(merge.schedule == expected)
        }
        return (report, try saved.map { try schedule.applying($0.changes, now: now) } ?? schedule)
    }

    /// Syncs daily.json, lets `edit` change the morning item's text, syncs again.
    func damaged(_ edit: (String) -> String) throws -> (report: VdirSync.Report, schedule: Schedule, box: VdirSandbox) {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule, now: Fixtures.now)
        let name = VdirName.fileName(forUID: morning)
        let before = box.read(name)
        let after = edit(before)
        #expect(after != before, "the edit must change the item")
        box.write(name, after)
        let (report, merged) = try sync(box, schedule, now: Fixtures.now + 86_400)
        return (report, merged, box)
    }

    static let damage: [(edit: String, to: String, reason: String)] = [
        ("RRULE:FREQ=DAILY\r\n", "RRULE:FREQ=DAILY;INTERVAL=0\r\n", "INTERVAL=0 must be a whole number of at least 1"),
        ("RRULE:FREQ=DAILY\r\n", "RRULE:FREQ=DAILY;COUNT=0\r\n", "COUNT=0 must be a whole number of at least 1"),
        ("RRULE:FREQ=DAILY\r\n", "RRULE:COUNT=3\r\n", "FREQ is missing"),
        ("RRULE:FREQ=DAILY\r\n", "RRULE:FREQ=;;;==;BYDAY=+999MO\r\n", "FREQ= is not one of"),
        (
            "DTSTART;TZID=America/New_York:20260105T080000", "DTSTART;TZID=Nowhere/Atlantis:20260105T080000",
            "unknown time zone Nowhere/Atlantis"
        ),
        (
            "DTSTART;TZID=America/New_York:20260105T080000", "DTSTART;TZID=America/New_York:20261345T256199",
            "DTSTART 20261345T256199 is not a date"
        ),
        ("DTSTART;TZID=America/New_York:20260105T080000\r\n", "", "DTSTART is missing"),
    ]

    @Test(arguments: damage.indices)
    func damageChangesNothingAndIsRepaired(_ i: Int) throws {
        let (edit, to, reason) = Self.damage[i]
        let (report, schedule, box) = try damaged { $0.replacingOccurrences(of: edit, with: to) }
        let original = try Fixtures.schedule("daily.json")
        #expect(schedule == original, "\(to): the schedule changed")
        let found = try #require(report.merge?.changes.damaged.first { $0.uid == morning }, "\(to): no damage reported")
        #expect(found.reason.contains(reason), "\(to): \(found.reason)")
        #expect(found.file == VdirName.fileName(forUID: morning) && found.line != nil && found.slotID == "morning")
        #expect(report.merge?.changes.changes.isEmpty == true)
        // Repaired: the schedule's version is back, the phone's copy kept in the store.
        let repaired = try #require(report.merge?.repaired.first)
        let kept = String(decoding: repaired.data, as: UTF8.self)
        #expect(to.isEmpty ? !kept.contains(edit) : kept.contains(to.trimmingCharacters(in: .newlines)))
        #expect(try SyncStore(path: box.storePath).damagedCopies()[repaired.backup] == repaired.data)
        #expect(
            box.read(VdirName.fileName(forUID: morning)).contains("DTSTART;TZID=America/New_York:20260105T080000\r\nDURATION"))
        let (again, _) = try sync(box, schedule, now: Fixtures.now + 2 * 86_400)
        let wrote = (again.outcome?.created ?? []) + (again.outcome?.updated ?? []) + (again.outcome?.deleted ?? [])
        #expect(wrote.isEmpty && again.conflicts.isEmpty && again.merge == nil, "\(to): the next run wrote \(wrote)")
    }

    @Test func anUnreadableItemIsDamageNeverADeletion() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule, now: Fixtures.now)
        let name = VdirName.fileName(forUID: morning)
        box.write(name, "\u{0}\u{1}not a calendar")
        let (report, merged) = try sync(box, schedule, now: Fixtures.now + 86_400)
        #expect(merged == schedule)
        let found = try #require(report.merge?.changes.damaged.first)
        #expect(found.uid == morning && found.file == name && found.reason.contains("not iCalendar"))
        #expect(report.merge?.repaired.isEmpty == true, "a file that is not iCalendar is left as it is")
        #expect(box.read(name) == "\u{0}\u{1}not a calendar")
    }

    @Test func aDoseDeletedOnThePhoneStaysDeletedThroughEditsAndTravel() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule, now: Fixtures.now)
        let name = VdirName.fileName(forUID: morning)
        let exdate = "EXDATE;TZID=America/New_York:20261205T080000\r\n"
        box.write(name, box.read(name).replacingOccurrences(of: "RRULE:FREQ=DAILY\r\n", with: "RRULE:FREQ=DAILY\r\n" + exdate))
        (_, schedule) = try sync(box, schedule, now: Fixtures.now + 3600)
        let last = try #require(schedule.log.last)
        #expect(last.slot == "morning" && last.date?.description == "2026-12-05" && last.status == .skipped)
        // A later schedule edit of the medication rewrites the item: the EXDATE stays.
        schedule.medications[0].strength = "850 mg"
        _ = try sync(box, schedule, now: Fixtures.now + 7200)
        #expect(box.read(name).contains("850 mg") && box.read(name).contains(exdate))
        #expect(try FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized().contains(exdate))
        // Travelling from 2026-12-01: the dose of 12-05 is in the Tokyo part, deleted there.
        let tokyo = schedule.travelling(to: Zone("Asia/Tokyo")!, from: LocalDate(year: 2026, month: 12, day: 1)!)
        #expect(
            try FeedBuilder(schedule: tokyo, now: Fixtures.now).build().serialized().contains(
                "EXDATE;TZID=Asia/Tokyo:20261205T080000"))
        // Nothing expects it: check finds no missing dose, the plan has no reminder for it.
        let dose = 1_796_475_600  // 2026-12-05T08:00-05:00
        let dayBefore = dose - 86_400
        #expect(plan(schedule).contains(dayBefore - 300), "the plan has the reminder of the day before")
        #expect(!plan(schedule).contains(dose - 300), "the deleted dose has a reminder in the plan")
    }

    /// Every instant the notification plan fires at in the two weeks from `Fixtures.now`.
    func plan(_ schedule: Schedule) -> Set<Int> {
        Set(
            NotificationPlanner(schedule: schedule, budget: 10_000, margin: 0, days: 14).plan(at: Fixtures.now).requests.flatMap(
                \.firings))
    }

    @Test func aSeriesDeletedOnThePhoneIsNotWrittenBackUntilResumed() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule, now: Fixtures.now)
        let name = VdirName.fileName(forUID: morning)
        box.remove(name)
        var report: VdirSync.Report
        (report, schedule) = try sync(box, schedule, now: Fixtures.now + 86_400)
        #expect(schedule.medications[0].times.first { $0.id == "morning" }?.until == LocalDate(year: 2026, month: 11, day: 30))
        #expect(!box.files.contains(name), "the deleted series was written back")
        #expect(report.conflicts.isEmpty)
        (report, _) = try sync(box, schedule, now: Fixtures.now + 2 * 86_400)
        #expect(!box.files.contains(name) && report.merge == nil && (report.outcome?.created ?? []).isEmpty)
        // The person resumes the dose time in the schedule: it is written again.
        let i = schedule.medications[0].times.firstIndex { $0.id == "morning" }!
        schedule.medications[0].times[i].until = nil
        (report, _) = try sync(box, schedule, now: Fixtures.now + 3 * 86_400)
        #expect(box.file(holding: morning) != nil, "a resumed series is written again")
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule, now: Fixtures.now)
        let name = VdirName.fileName(forUID: morning)
        // The phone moves the morning series to 09:00 (LF, another PRODID); the schedule does too.
        box.write(
            name,
            box.read(name).replacingOccurrences(of: "T080000\r\n", with: "T090000\r\n")
                .replacingOccurrences(of: "PRODID:-//dosecal", with: "PRODID:-//phone").replacingOccurrences(
                    of: "\r\n", with: "\n"))
        let i = schedule.medications[0].times.firstIndex { $0.id == "morning" }!
        schedule.medications[0].times[i].time = LocalTime(hour: 9, minute: 0)!
        let (report, merged) = try sync(box, schedule, now: Fixtures.now + 3600)
        #expect(report.conflicts.isEmpty && merged == schedule)
        let (again, _) = try sync(box, merged, now: Fixtures.now + 7200)
        let wrote = (again.outcome?.created ?? []) + (again.outcome?.updated ?? []) + (again.outcome?.deleted ?? [])
        #expect(wrote.isEmpty && again.conflicts.isEmpty && again.merge == nil)
    }
}
