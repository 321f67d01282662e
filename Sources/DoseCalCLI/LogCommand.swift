import DoseCal
import Foundation

/// `dosecal log SCHEDULE taken|skipped|missed MEDICATION [--slot SLOT] [--date DATE] [--at TIME] [--json]`
enum LogCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.slot, .date, .at, .person], run: run)
    static let name = "log"
    static let summary = "Record a dose as taken, skipped or missed"
    static let help = """
        Usage: dosecal log SCHEDULE taken|skipped|missed MEDICATION [--slot SLOT] [--date DATE]
                           [--person ID] [--at TIME] [--json]

        Append one entry to the dose log of SCHEDULE (a schedule file; it is rewritten).
        MEDICATION is a medication id, or any part of its name or id (any letter case)
        that only one medication has; several matching are listed.

        Which dose: the scheduled dose whose window holds --at. A window opens at most
        1 hour before the dose (and not before half the gap to the dose before) and
        closes at most 12 hours after it (and before the next dose's window opens):
        with doses at 08:00 and 14:00, a log at 12:00 is the 08:00 dose taken late.
        A taken dose in no window, or in the window of a dose already logged taken,
        is an extra dose: it is recorded (it uses up pills), the next dose keeps its
        reminder, and the words say so ("Methotrexate is taken weekly: this is 3 days
        before Friday's dose; Friday's reminder stays"), exit 1. A skipped or missed
        dose in no window is refused: name it. --slot and --date name the dose
        exactly, whatever the time; a dose named days early of a medicine not taken
        every day is recorded as that dose with a warning (exit 1), and its reminder
        goes. An as-needed dose closer than its minimum hours to the last one, or past
        its daily maximum, is recorded with a warning naming the next allowed time
        (exit 1).

        The log is append-only: existing entries are kept byte for byte and in order.
        To correct an entry ("I took it, I just did not tap"), log the dose again with
        another status: the last entry about a dose decides. A taken dose lowers the
        supply; skipped and missed doses do not.

        The file is replaced atomically and readable by you only. When it is not in the
        form dosecal writes (edited by hand, x- keys), its old bytes are kept first in
        SCHEDULE.bak. A SCHEDULE that is a symbolic link is written at its target (the
        link stays). One writer at a time: while another dosecal command writes the
        schedule (a sync, a refill, another log), log waits for it, saying so after
        about a second, and then adds the entry to the file as that left it. Times
        are printed in the zone the medication's person is in then. See
        docs/reminders.md.

        Options:
          --slot SLOT        The dose slot, by id or by time HH:MM.
          --date DATE        The dose day (YYYY-MM-DD, or today).
          --person ID        Look for MEDICATION among the medications of the person
                             with this id (or name) only.
          --at TIME          When it happened: 2026-12-04T08:00, 2026-12-04 08:00,
                             08:00 (today), now, or RFC 3339 with offset, read in the
                             zone the medication's person is in on that date
                             (default: now, or SOURCE_DATE_EPOCH when set).
          --json             Print what was recorded as JSON: "recorded" (the entry),
                             "kind" (dose, extra, asNeeded), "dose" (slot, date, at,
                             local, zone), "replaced", "warnings" (kind, text),
                             "nextAllowed".

        Exit status: 0 recorded, 1 recorded with a warning (an extra dose, a dose named
        early, an as-needed dose before it was allowed), 2 bad schedule, unknown or
        ambiguous medication, unknown person, no such dose, or unwritable file (nothing
        written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath(then: ["STATUS", "MEDICATION"], allowStdin: false)
        let statuses = DoseLogEntry.Status.allCases.map(\.rawValue)
        guard let status = DoseLogEntry.Status(rawValue: args.positionals[1]) else {
            throw UsageError(
                "\(args.positionals[1]) is not a dose status\(DidYouMean.text(args.positionals[1], in: statuses)); "
                    + "use one of \(statuses.joined(separator: ", "))")
        }
        // Read, changed and written under the schedule's lock: the entry goes into the file as it is now.
        let ((schedule, record, at), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            // Times are read where the medication's person is.
            let medication = try MedicationOption.find(args.positionals[2], args, in: schedule)
            let timeline = schedule.timeline(of: medication)
            let at = try context.clock.instant(args[.at], option: .at, timeline: timeline)
            let date = try args[.date].map { try context.clock.time($0, option: .date, timeline: timeline).date }
            let record = try ReminderInput.privately(schedule) {
                try schedule.recording(status, medication: medication.id, slot: args[.slot], date: date, at: at)
            }
            return (record.schedule, (schedule, record, at))
        }
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)(record.medication)
        if args[.json] {
            context.console.raw(Data(record.json(label: label, privacy: schedule.feed.privacy, backup: backup).utf8))
        } else {
            context.console.out(text(record, label: label, at: at).joined(separator: "\n"))
            if let backup { context.console.out("The file was not in dosecal's form; its previous bytes are in \(backup).") }
        }
        return record.warnings.isEmpty ? ExitCode.ok : ExitCode.problems
    }

    /// "Logged taken: Metformin 500 mg, dose of 2026-12-04 08:00 America/Chicago (slot morning),
    /// at 12:00.", then one line per warning.
    static func text(_ record: LogRecord, label: String, at: Int) -> [String] {
        let engine = WallClockEngine(schedule: record.schedule)
        let timeline = record.schedule.timeline(of: record.medication)
        let when = timeline.time(at: at)
        var line = "Logged \(record.entry.status.rawValue): \(label), "
        if let dose = record.dose {
            let t = engine.time(of: dose)
            line += "dose of \(t) (slot \(dose.slotID)), at "
            line += (when.date == t.date ? when.clock(besides: t.zone) : when.text(besides: t.zone)) + "."
            if let replaced = record.replaced, replaced != record.entry.status {
                line += " It was logged \(replaced.rawValue) before; this entry decides."
            }
        } else if record.medication.recurrence.isAsNeeded {
            line += "as needed, at \(when)"
            if record.entry.status == .taken, let next = record.nextAllowed {
                line += "; the next dose is allowed from \(timeline.time(at: next))"
            }
            line += "."
        } else {
            line += "an extra dose at \(when)."
        }
        return [line]
            + record.warnings.map {
                "Warning: " + $0.text(label: label, medication: record.medication, at: at, engine: engine)
            } + lateDoseHint(record, engine: engine, at: at)
    }

    /// For an extra dose logged after a dose that has no entry: how to file it as that dose taken
    /// late instead ("If this was Monday's dose taken late, log it with --slot evening --date ...").
    static func lateDoseHint(_ record: LogRecord, engine: WallClockEngine, at: Int) -> [String] {
        guard record.dose == nil, record.entry.status == .taken,
            case .extraDose(let previous?, _, _)? = record.warnings.first, previous.instant < at
        else { return [] }
        let before = DoseLedger(engine: WallClockEngine(schedule: record.schedule), medicationID: record.medication.id)
        guard before.status(of: previous) == nil else { return [] }
        let date = engine.localDate(of: previous)
        return [
            "If this was the dose of \(engine.time(of: previous)) taken late, log it as that dose instead: "
                + "--slot \(previous.slotID) --date \(date); the log keeps this entry as well, so the supply then counts one dose more."
        ]
    }
}
