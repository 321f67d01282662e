import DoseCal
import Foundation
import ICal
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The rows of `DamageRowTests` and `AbsenceTests` through `dosecal sync`: the demo schedule
/// synced into a folder, its Metformin 08:00 item changed as a broken or surprising phone
/// would, synced again with the merge on. Absence or damage never stops a medication; every
/// such edit is reported; the rest of the sync goes on (decisions 0200-0203).
@Suite struct DamageRowSyncTests {
    typealias S = ReconcileSupport
    static let morning = ClientFixtures.metformin0800
    static let levothyroxine = AbsenceTests.levothyroxine
    static let name = VdirName.fileName(forUID: morning)

    /// The demo schedule synced at the export's time; `edit` changes the folder; synced again at
    /// `ReconcileSupport.now` with the merge on, as the CLI runs it.
    static func run(_ edit: (VdirSandbox) -> Void) throws -> (report: VdirSync.Report, schedule: Schedule, box: VdirSandbox) {
        let box = VdirSandbox()
        let schedule = try S.demo()
        _ = try S.sync(box, schedule, now: S.exportedAt)
        edit(box)
        let (report, saved) = try S.sync(box, schedule, now: S.now)
        return (report, try saved.map { try schedule.applying($0.changes, now: S.now) } ?? schedule, box)
    }

    /// `run` with the morning item's text changed by `change`.
    static func run(item change: @escaping (String) -> String) throws -> (
        report: VdirSync.Report, schedule: Schedule, box: VdirSandbox
    ) {
        try run { box in
            let before = box.read(name)
            let after = change(before)
            precondition(after != before, "the edit must change the item")
            box.write(name, after)
        }
    }

    /// Nothing in the schedule stops and the morning dose time is as it was.
    static func keptEverything(_ s: Schedule) -> Bool {
        s.medications.allSatisfy { $0.end == nil && $0.times.allSatisfy { $0.until == nil } }
            && s.medications[0].times[0].time == LocalTime(hour: 8, minute: 0)!
    }

    /// A FIFO or a folder in place of the item: damage, the series kept, reported every run.
    @Test(arguments: [true, false])
    func somethingElseInPlaceOfTheItemIsDamage(_ fifo: Bool) throws {
        let reason = fifo ? "is a named pipe, socket or device, not a file" : "is a folder, not a file"
        let (report, schedule, box) = try Self.run { box in
            box.remove(Self.name)
            let path = box.folder + "/" + Self.name
            if fifo {
                precondition(mkfifo(path, 0o600) == 0, "mkfifo")
            } else {
                try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }
        let demo = try S.demo()
        #expect(Self.keptEverything(schedule) && schedule == demo, "\(reason)")
        let damage = try #require(report.merge?.changes.damaged.first, "\(reason): no damage reported")
        #expect(damage.uid == Self.morning && damage.file == Self.name && damage.reason == reason)
        #expect(report.merge?.changes.absent.isEmpty == true && report.merge?.repaired.isEmpty == true)
        // The next run says so again and still stops nothing.
        let (again, saved) = try S.sync(box, demo, now: S.now + 3600)
        #expect(saved == nil && again.merge?.changes.damaged.map(\.uid) == [Self.morning], "\(reason)")
    }

    /// A second VEVENT of another UID in the item, or its UID line removed: damage, kept.
    @Test func anItemWithASecondUIDOrNoUIDIsDamage() throws {
        let second =
            "BEGIN:VEVENT\r\nUID:lunch@phone.example\r\nDTSTAMP:20261202T101500Z\r\nDTSTART:20261216T170000Z\r\n"
            + "SUMMARY:Lunch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let cases: [(edit: (String) -> String, reason: String)] = [
            (
                { $0.replacingOccurrences(of: "END:VCALENDAR\r\n", with: second) },
                "holds 2 different UIDs (a vdir item holds one)"
            ),
            ({ $0.replacingOccurrences(of: "UID:\(Self.morning)\r\n", with: "") }, "holds no UID"),
        ]
        for (edit, reason) in cases {
            let (report, schedule, box) = try Self.run(item: edit)
            #expect(Self.keptEverything(schedule) && report.merge?.changes.changes.isEmpty == true, "\(reason)")
            #expect(report.merge?.changes.damaged.map(\.reason) == [reason])
            // Left as the phone wrote it: it holds someone else's event, or no UID to rewrite.
            #expect(box.read(Self.name).contains("Lunch") || !box.read(Self.name).contains("UID:\(Self.morning)"))
        }
    }

    /// The UID line removed and the file renamed: no owned file, but a file no item owns; the
    /// missing item is not read as deleted while it is there.
    @Test func aMissingItemBesideAFileWithoutUIDIsNotADeletion() throws {
        let (report, schedule, _) = try Self.run { box in
            let text = box.read(Self.name).replacingOccurrences(of: "UID:\(Self.morning)\r\n", with: "")
            box.remove(Self.name)
            box.write("3f1c2a9e-7d1b-4c55-9a3e-0b5f4e2d6c71.ics", text)
        }
        #expect(Self.keptEverything(schedule) && report.merge?.changes.changes.isEmpty == true)
        let absent = try #require(report.merge?.changes.absent.first)
        #expect(absent.description == "Metformin 08:00" && absent.uids == [Self.morning])
        #expect(absent.reason.hasPrefix("the folder holds 3f1c2a9e-7d1b-4c55-9a3e-0b5f4e2d6c71.ics, which holds no UID"))
        #expect(report.conflicts.map(\.uid) == [Self.morning], "reported, and no tombstone")
        #expect(report.plan.status.entries[Self.morning]?.owner == .schedule)
    }

    /// An item deleted on the phone is still a deletion (the status recorded it as written).
    @Test func aDeletedItemStillStopsItsDoseTime() throws {
        let (report, schedule, _) = try Self.run { $0.remove(VdirName.fileName(forUID: Self.levothyroxine)) }
        #expect(report.merge?.changes.changes.map(\.description) == ["Levothyroxine stops from 2026-12-15"])
        #expect(schedule.medications[1].end == LocalDate(year: 2026, month: 12, day: 14))
    }

    @Test func anAddedDoseIsReportedAndTheItemLeft() throws {
        let rdate = "RRULE:FREQ=DAILY\r\nRDATE;TZID=America/New_York:20261205T140000\r\n"
        let (report, schedule, box) = try Self.run(item: { $0.replacingOccurrences(of: "RRULE:FREQ=DAILY\r\n", with: rdate) })
        #expect(schedule == (try S.demo()) as Schedule)
        #expect(report.merge?.changes.unmapped.map(\.description) == ["Metformin 08:00: extra dose on 2026-12-05 at 14:00"])
        #expect(box.read(Self.name).contains(rdate) && report.conflicts.map(\.uid) == [Self.morning])
    }

    @Test func tenThousandAddedDosesMakeNoFailingSync() throws {
        let many = (0..<10_000).map { i -> String in
            let d = LocalDate(year: 2026, month: 12, day: 5)!.adding(days: i)
            return "RDATE;TZID=America/New_York:\(d.description.replacingOccurrences(of: "-", with: ""))T140000\r\n"
        }.joined()
        let (report, schedule, _) = try Self.run(item: {
            $0.replacingOccurrences(of: "RRULE:FREQ=DAILY\r\n", with: "RRULE:FREQ=DAILY\r\n" + many)
        })
        #expect(schedule == (try S.demo()) as Schedule)
        #expect(
            report.merge?.changes.unmapped.map(\.description) == [
                "Metformin 08:00: 10000 extra doses from 2026-12-05 through 2054-04-21"
            ])
    }

    @Test func untilBeforeTheStartIsDamageAndRepaired() throws {
        let (report, schedule, box) = try Self.run(item: {
            $0.replacingOccurrences(of: "RRULE:FREQ=DAILY\r\n", with: "RRULE:FREQ=DAILY;UNTIL=20250205T045959Z\r\n")
        })
        #expect(schedule == (try S.demo()) as Schedule)
        let damage = try #require(report.merge?.changes.damaged.first)
        #expect(damage.kind == .ruleEndsBeforeStart(rule: "FREQ=DAILY;UNTIL=20250205T045959Z", start: "20260105T080000"))
        #expect(
            damage.reason
                == "RRULE FREQ=DAILY;UNTIL=20250205T045959Z: UNTIL is before DTSTART 20260105T080000; a rule cannot end "
                + "before its first dose, so this is not read as the series ending")
        #expect(report.merge?.repaired.map(\.uid) == [Self.morning] && box.read(Self.name).contains("RRULE:FREQ=DAILY\r\n"))
    }

    @Test func anAlarmRepeatOutsideTheScheduleIsReportedNotClamped() throws {
        let (report, schedule, box) = try Self.run(item: {
            $0.replacingOccurrences(of: "TRIGGER:PT0S\r\n", with: "TRIGGER:PT0S\r\nREPEAT:2147483647\r\nDURATION:PT1M\r\n")
        })
        #expect(schedule == (try S.demo()) as Schedule)
        #expect(
            report.merge?.changes.unmapped.map(\.reason) == [
                "the calendar's alarm has REPEAT:2147483647; a reminder repeats 0 to 20 times"
            ])
        #expect(box.read(Self.name).contains("REPEAT:2147483647"))
    }

    /// The same 800 deletions one per line or on one line merge the same: 409 skipped doses,
    /// the later ones reported and left on the phone; nothing stops.
    @Test func eightHundredDeletionsMergeTheSameInEitherLayout() throws {
        let dates = (0..<800).map { i in
            LocalDate(year: 2026, month: 12, day: 5)!.adding(days: i).description.replacingOccurrences(of: "-", with: "")
                + "T080000"
        }
        let perLine = dates.map { "EXDATE;TZID=America/New_York:\($0)\r\n" }.joined()
        let oneLine = "EXDATE;TZID=America/New_York:\(dates.joined(separator: ","))\r\n"
        var results: [Schedule] = []
        for lines in [perLine, oneLine] {
            let (report, schedule, box) = try Self.run(item: {
                $0.replacingOccurrences(of: "RRULE:FREQ=DAILY\r\n", with: "RRULE:FREQ=DAILY\r\n" + lines)
            })
            #expect(Self.keptEverything(schedule))
            #expect(schedule.log.count(where: { $0.status == .skipped }) == 409)
            #expect(
                report.merge?.changes.unmapped.map(\.description) == [
                    "Metformin 08:00: 391 dose(s) deleted from 2028-01-18 through 2029-02-11"
                ])
            #expect(box.read(Self.name).contains(lines), "the phone's deletions stay on the phone")
            results.append(schedule)
        }
        #expect(results[0] == results[1])
    }

    /// The phone moves the 08:00 series onto 19:00 and Levothyroxine to 07:00: the clash is
    /// reported and its item left; Levothyroxine's move is merged and its item rewritten.
    @Test func aClashIsLeftWhileTheRestOfTheSyncGoesOn() throws {
        let levo = VdirName.fileName(forUID: Self.levothyroxine)
        let (report, schedule, box) = try Self.run { box in
            box.write(
                Self.name,
                box.read(Self.name).replacingOccurrences(
                    of: "DTSTART;TZID=America/New_York:20260105T080000", with: "DTSTART;TZID=America/New_York:20260105T190000"))
            box.write(levo, box.read(levo).replacingOccurrences(of: "T063000\r\n", with: "T070000\r\n"))
        }
        #expect(report.merge?.changes.changes.map(\.description) == ["Levothyroxine 06:30 -> 07:00 (every dose)"])
        #expect(report.merge?.changes.unmapped.map(\.description) == ["Metformin 08:00 -> 19:00 (every dose)"])
        #expect(schedule.medications[1].times[0].time == LocalTime(hour: 7, minute: 0)!)
        #expect(schedule.medications[0].times.map(\.time) == [LocalTime(hour: 8, minute: 0)!, LocalTime(hour: 19, minute: 0)!])
        #expect(report.conflicts.map(\.uid) == [Self.morning])
        #expect(box.read(levo).contains("DTSTART;TZID=America/New_York:20260105T070000\r\n"))
        #expect(box.read(Self.name).contains("DTSTART;TZID=America/New_York:20260105T190000"))
    }
}
