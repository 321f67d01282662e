import DoseCal
import Foundation

/// `dosecal refill SCHEDULE MEDICATION --add N [--at TIME] [--json]`
enum RefillCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.add, .at, .person], run: run)
    static let name = "refill"
    static let summary = "Add pills to a medication's supply"
    static let help = """
        Usage: dosecal refill SCHEDULE MEDICATION --add N [--person ID] [--at TIME] [--json]

        Record a refill of N units in SCHEDULE (a schedule file; it is rewritten).
        MEDICATION is an id, or any part of its name or id that only one medication
        has (any letter case), as for dosecal log.

        The supply record is counted again on the refill day (in the home zone of the
        medication's person): its
        pills become the units on hand at the start of that day plus N, and its date
        that day, so doses earlier that day are still counted once. The warning days
        and refill reminder time are kept. The medication needs a supply record.

        The file is replaced atomically and readable by you only; a file not in the
        form dosecal writes is first kept as SCHEDULE.bak. A SCHEDULE that is a link is
        written at its target. While another dosecal command writes the schedule,
        refill waits for it (saying so after about a second). See docs/reminders.md.

        Options:
          --add N            Units added (a number above 0, like 30 or 0.5). Required.
          --person ID        Look for MEDICATION among the medications of the person
                             with this id (or name) only.
          --at TIME          When the refill happened: 2026-12-04T08:00, 2026-12-04
                             08:00, 2026-12-04, 08:00 (today), now, today, or RFC 3339
                             with offset, read in the zone the medication's person is
                             in on that date (default: now, or SOURCE_DATE_EPOCH when
                             set).
          --json             Print what was recorded as JSON: "medication", "added",
                             "at", "local", "zone", "supply" (as the file holds it),
                             "runOut", "refillBy", "backup".

        Exit status: 0 recorded, 2 bad schedule, unknown or ambiguous medication or unknown
        person, no
        supply record, refill before the supply date, or unwritable file (nothing
        written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath(then: ["MEDICATION"], allowStdin: false)
        guard let text = args[.add] else { throw UsageError("missing --add N (the units added)") }
        guard let amount = Double(text), amount > 0, amount.isFinite else {
            throw UsageError("--add \(text) is not an amount; use a number above 0, like 30 or 0.5")
        }
        // Read, changed and written under the schedule's lock: the refill counts the file as it is now.
        let ((schedule, record), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            let medication = try MedicationOption.find(args.positionals[1], args, in: schedule)
            let at = try context.clock.instant(args[.at], option: .at, timeline: schedule.timeline(of: medication))
            let record = try ReminderInput.privately(schedule) {
                try schedule.refilling(medication: medication.id, amount: amount, at: at)
            }
            return (record.schedule, (schedule, record))
        }
        if args[.json] {
            context.console.raw(Data(record.json(privacy: schedule.feed.privacy, backup: backup).utf8))
            return ExitCode.ok
        }
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
        let supply = record.supply
        // In the supply's unit when the medication names one ("165 ml").
        let onHand = MedicationWords(record.medication)?.supply(supply.pills) ?? JSONNumber.text(supply.pills)
        var line = "Refilled \(label(record.medication)): \(onHand) on hand at the start of \(supply.asOf)"
        if let runOut = record.runOut { line += "; runs out on \(runOut)" }
        context.console.out(line + ".")
        if let backup { context.console.out("The file was not in dosecal's form; its previous bytes are in \(backup).") }
        return ExitCode.ok
    }
}

/// Numbers as the schedule file writes them (`36`, `0.5`).
enum JSONNumber {
    static func text(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
}
