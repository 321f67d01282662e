import DoseCal
import Foundation

/// `dosecal log SCHEDULE taken|skipped|missed MEDICATION [--slot SLOT] [--at TIME]`
enum LogCommand {
    static let spec = CommandSpec(name: name, summary: summary, help: help, run: run)
    static let name = "log"
    static let summary = "Record a dose as taken, skipped or missed"
    static let help = """
        Usage: dosecal log SCHEDULE taken|skipped|missed MEDICATION [--slot SLOT] [--at TIME]

        Append one entry to the dose log of SCHEDULE (a schedule file; it is rewritten).
        MEDICATION is a medication id, or the start of its name (any letter case) when
        only one medication's name starts so. The entry is about the scheduled dose
        nearest to --at (within 7 days either side; equally near: the earlier one), or
        the nearest dose of --slot.

        The log is append-only: existing entries are kept byte for byte and in order.
        To correct an entry ("I took it, I just did not tap"), log the dose again: the
        last entry about a dose decides. A taken dose lowers the supply; skipped and
        missed doses do not.

        The file is replaced atomically and readable by you only. When it is not in the
        form dosecal writes (edited by hand, x- keys), its old bytes are kept first in
        SCHEDULE.bak. A SCHEDULE that is a symbolic link is written at its target (the
        link stays). One writer at a time: while another dosecal command writes the
        schedule (a sync, a refill, another log), log waits for it, saying so after
        about a second, and then adds the entry to the file as that left it. See
        docs/reminders.md.

        Options:
          --slot SLOT        The dose slot, by id or by time HH:MM.
          --at TIME          When it happened (RFC 3339 or seconds since 1970;
                             default: now, or SOURCE_DATE_EPOCH when set).

        Exit status: 0 recorded, 2 bad schedule, unknown or ambiguous medication, no
        dose near that time, or unwritable file (nothing written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, flags: [], options: ["slot", "at"])
        let path = try args.schedulePath(then: ["STATUS", "MEDICATION"], allowStdin: false)
        let statuses = DoseLogEntry.Status.allCases.map(\.rawValue)
        guard let status = DoseLogEntry.Status(rawValue: args.positionals[1]) else {
            throw UsageError(
                "\(args.positionals[1]) is not a dose status\(DidYouMean.text(args.positionals[1], in: statuses)); "
                    + "use one of \(statuses.joined(separator: ", "))")
        }
        let at = try context.clock.now(override: args.options["at"], option: "--at")
        // Read, changed and written under the schedule's lock: the entry goes into the file as it is now.
        let ((schedule, updated, entry), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            let (updated, entry) = try ReminderInput.privately(schedule) {
                try schedule.recording(status, medication: args.positionals[2], slot: args.options["slot"], at: at)
            }
            return (updated, (schedule, updated, entry))
        }
        let m = try updated.medication(matching: entry.medication)
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
        if m.recurrence.isAsNeeded {
            context.console.out("Logged \(status.rawValue): \(label(m)), as needed, at \(NotificationPlan.rfc3339(at)).")
            if let backup { context.console.out("The file was not in dosecal's form; its previous bytes are in \(backup).") }
            return ExitCode.ok
        }
        let dose = try updated.dose(of: m, slot: entry.slot, near: at)
        let zone = dose.zone ?? schedule.home
        let local = zone.local(at: dose.instant)
        context.console.out(
            "Logged \(status.rawValue): \(label(m)), dose of \(local.date) \(String(local.time.description.prefix(5))) (slot \(dose.slotID))."
        )
        if let backup { context.console.out("The file was not in dosecal's form; its previous bytes are in \(backup).") }
        return ExitCode.ok
    }
}
