import DoseCal
import Foundation
import ICal
import Testing

/// What applying each change kind writes into the schedule.
@Suite struct ReconcileApplyTests {
    static func merged(_ fixture: String) throws -> Medication {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs(fixture))
        let s = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        return s.medications.first { $0.id == "metformin" }!
    }

    static func slot(_ id: String, _ time: String) -> DoseSlot { DoseSlot(id: id, time: LocalTime(parsing: time)!) }
    static func date(_ s: String) -> LocalDate { LocalDate(parsing: s)! }

    @Test func splitBecomesTaperSteps() throws {
        let m = try Self.merged("google-split.ics")
        #expect(
            m.taper == [
                TaperStep(from: Self.date("2026-01-05")),
                TaperStep(from: Self.date("2026-12-03"), times: [Self.slot("morning", "08:30")]),
                TaperStep(from: Self.date("2026-12-10"), times: [Self.slot("morning", "09:00")]),
            ])
        #expect(m.times == [Self.slot("morning", "08:00"), Self.slot("evening", "19:00")])
    }

    @Test func seriesEditChangesTheSlot() throws {
        let m = try Self.merged("google-series-edit.ics")
        #expect(m.times == [Self.slot("morning", "08:30"), Self.slot("evening", "19:00")])
        #expect(m.taper.isEmpty)
    }

    @Test func moveBecomesRescheduledDose() throws {
        let m = try Self.merged("google-move-one.ics")
        #expect(
            m.rescheduled == [RescheduledDose(slot: "morning", date: Self.date("2026-12-03"), time: LocalTime(parsing: "09:30")!)]
        )
    }

    @Test func deleteBecomesSkippedLogEntries() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-delete-one.ics"))
        let s = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        let at = Date(timeIntervalSince1970: Double(ReconcileSupport.now))
        #expect(
            Array(s.log.suffix(2)) == [
                DoseLogEntry(medication: "metformin", slot: "morning", date: Self.date("2026-12-03"), status: .skipped, at: at),
                DoseLogEntry(medication: "metformin", slot: "morning", date: Self.date("2026-12-05"), status: .skipped, at: at),
            ])
        #expect(s.log.count == 6, "the four entries before are kept")
    }

    /// The rescheduled dose is in the engine's doses and in the feed as a RECURRENCE-ID override.
    @Test func rescheduledDoseIsExportedAsOverride() throws {
        var s = try ReconcileSupport.demo()
        s.medications[0].rescheduled = [
            RescheduledDose(slot: "morning", date: Self.date("2026-12-03"), time: LocalTime(parsing: "09:30")!)
        ]
        let doses = WallClockEngine(schedule: s).occurrences(
            of: s.medications[0], from: Self.date("2026-12-03"), to: Self.date("2026-12-03"))
        #expect(doses.map(\.instant) == [1_796_308_200, 1_796_342_400], "09:30 and 19:00 EST")
        let text = FeedBuilder(schedule: s, now: ReconcileSupport.exportedAt).build().serialized()
        #expect(
            text.contains(
                "RECURRENCE-ID;TZID=America/New_York:20261203T080000\r\nDTSTART;TZID=America/New_York:20261203T093000\r\n"))
        let expansion = try CalendarExpander(calendar: ICalParser.parse(Array(text.utf8)))
            .instances(from: 1_796_256_000, to: 1_796_342_400)
            .filter { $0.uid == "dose-bbc7306c05e0f4dde4e11953@dosecal.app" }
        #expect(expansion.map(\.start) == [1_796_308_200])
        let again = try FeedBuilder(
            schedule: s, previous: FeedRevision.revisions(in: ICalParser.parse(Array(text.utf8)).calendar!),
            now: ReconcileSupport.now
        ).build().serialized()
        #expect(again == text, "a re-export with overrides changes nothing")
    }
}

/// One series of several deleted from a date (Outlook's UNTIL): the slot ends, the others go on.
@Suite struct SlotStopTests {
    @Test func slotUntilEndsOneDoseTime() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("outlook-windows-tz.ics"))
        let s = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        #expect(s.medications[0].times[0].until == LocalDate(parsing: "2026-12-31"))
        #expect(s.medications[0].times[1].until == nil && s.medications[0].end == nil)
        let m = s.medications[0]
        let doses = WallClockEngine(schedule: s).occurrences(
            of: m, from: LocalDate(parsing: "2026-12-31")!, to: LocalDate(parsing: "2027-01-01")!)
        // 2026-12-31 08:00 and 19:00 EST, then 2027-01-01 19:00 only.
        #expect(doses.map(\.instant) == [1_798_722_000, 1_798_761_600, 1_798_848_000])
        let text = FeedBuilder(schedule: s, now: ReconcileSupport.now).build().serialized()
        #expect(text.contains("RRULE:FREQ=DAILY;UNTIL=20261231T130000Z\r\n"))
        let json = String(decoding: ScheduleCodec.encode(s), as: UTF8.self)
        #expect(json.contains(#"{"id": "morning", "time": "08:00", "until": "2026-12-31"}"#))
    }
}

@Suite struct SlotUntilDecodingTests {
    @Test func untilBeforeStartIsRefused() {
        let text = #"""
            {"version": 1, "homeZone": "UTC", "medications": [
              {"id": "m", "name": "M", "times": [{"id": "a", "time": "08:00", "until": "2026-01-04"}], "start": "2026-01-05"}]}
            """#
        #expect(throws: ScheduleError.self) { try ScheduleCodec.decode(Data(text.utf8), file: "t.json") }
        do {
            _ = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        } catch {
            #expect(
                error.description
                    == "t.json:2: medications[0].times[0].until: 2026-01-04 is before the medication's start 2026-01-05; "
                    + "until is the last day of this dose time")
        }
    }
}

/// Applying a merge checks what the changes touched, by writing and reading those medications
/// with their log entries (each medication reads on its own against the rest of the schedule);
/// the rest of the schedule is as it was read, never encoded again.
@Suite struct ApplyCheckScopeTests {
    @Test(arguments: ["google-split.ics", "google-series-edit.ics", "google-move-one.ics", "google-delete-one.ics"])
    func theResultIsWhatReadingItBackGives(_ fixture: String) throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs(fixture))
        #expect(!set.changes.isEmpty)
        let s = try ReconcileSupport.demo().applying(set.changes, now: ReconcileSupport.now)
        let read = try ScheduleCodec.decode(ScheduleCodec.encode(s), file: "applied")
        #expect(read == s)
        #expect(ScheduleCodec.encode(read) == ScheduleCodec.encode(s))
    }

    /// A medication no change touches is not written and read again: one the format could not
    /// hold (no dose time) is kept as it is, and the change to the other one applies.
    @Test func anUntouchedMedicationIsNotReadAgain() throws {
        let set = try ReconcileSupport.reconcile(theirs: ReconcileSupport.theirs("google-move-one.ics"))
        var schedule = try ReconcileSupport.demo()
        var other = try #require(schedule.medications.first { $0.id == "metformin" })
        other.id = "untouched"
        other.times = []
        schedule.medications.append(other)
        #expect(throws: ScheduleError.self) { try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "x") }
        let s = try schedule.applying(set.changes, now: ReconcileSupport.now)
        #expect(s.medications.last == other)
        #expect(s.medications.first { $0.id == "metformin" }?.rescheduled.count == 1)
    }
}
