import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal remove SCHEDULE MEDICATION [--person ID] [--json]`
enum RemoveCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.person], run: run)
    static let name = "remove"
    static let summary = "Remove a medication that has no log"
    static let help = """
        Usage: dosecal remove SCHEDULE MEDICATION [--person ID] [--json]

        Remove MEDICATION (an id, or any part of its name or id that only one
        medication has) from SCHEDULE. A medication with log entries is not removed:
        the log is the record of what was taken; end it instead with
        dosecal edit SCHEDULE MEDICATION --end DATE. The file is replaced atomically
        under the schedule's lock. See docs/entry.md.

        Options:
        \(PersonOption.help)
          --json             Print {"removed": ID, "backup"} (in privacy mode the
                             medication's number, "Medication 2", for its id).

        Exit status: 0 removed, 2 bad schedule, unknown medication or one with log
        entries (nothing written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath(then: ["MEDICATION"], allowStdin: false)
        let ((label, id), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            let m = try MedicationOption.find(args.positionals[1], args, in: schedule)
            let privacy = schedule.feed.privacy
            let label = MedicationLabel(schedule: schedule, privacy: privacy)(m)
            let removed = try ScheduleEntry.removing(m.id, from: schedule, called: privacy ? label : nil)
            // Privacy mode names the medication by its number, in words and in --json.
            return (removed, (label, privacy ? label : m.id))
        }
        if args[.json] {
            context.console.raw(Data(JSONValue(members: [("removed", JSONValue(id)), ("backup", JSONValue(backup))]).text.utf8))
        } else {
            context.console.out("Removed \(label) from \(path).")
        }
        return ExitCode.ok
    }
}
