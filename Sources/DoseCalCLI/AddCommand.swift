import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal add SCHEDULE NAME [INSTRUCTION] [options]`
enum AddCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json, .asNeeded],
        options: EntryOptions.dosageOptions + [.id, .strength, .form, .supply, .notes, .person, .now], run: run)
    static let name = "add"
    static let summary = "Add a medication from a plain instruction or options"
    static let help = """
        Usage: dosecal add SCHEDULE NAME [INSTRUCTION] [--id ID] [--strength TEXT]
                           [--form FORM] [--amount N] [--unit UNIT] [--times LIST]
                           [--every LENGTH] [--weekdays LIST] [--for LENGTH]
                           [--from DATE] [--as-needed] [--minimum-hours N]
                           [--max-per-day N] [--supply N] [--notes TEXT]
                           [--person ID] [--now TIME] [--json]

        Add the medication NAME to SCHEDULE (it is rewritten), taken as INSTRUCTION
        says, in plain words as a label or a prescription writes it:
          "1 tablet twice a day"   "5 ml every 8 hours for 10 days"   "1-0-1"
          "2 puffs as needed, at most 8 a day"   "15 mg every Friday evening"
          "half a tablet at bedtime"   and bid, tid, qid, q8h, qod, prn, qhs, ac, pc.
        An instruction with a part dosecal cannot read exactly is refused, saying
        what was understood; nothing is guessed. The options say the same in parts,
        and each given replaces that part of the instruction. Times the instruction
        leaves to convention ("twice a day", "at bedtime") come from the schedule's
        clock (docs/schedule-format.md "clock"), and the output says so.

        The output says what was added, in words, with the next three doses in
        local time. The file is replaced atomically under the schedule's lock and is
        readable by you only; one not in dosecal's form is kept as SCHEDULE.bak.
        See docs/entry.md.

        Options:
          --id ID            The medication's id (default: from the name).
          --strength TEXT    Its strength, like "500 mg" or "250 mg/5 ml".
          --form FORM        tablet, capsule, liquid, drops, inhaler, spray,
                             injection, patch, cream, suppository or other.
        \(EntryOptions.help)
          --supply N         Units on hand on the first day.
          --notes TEXT       Notes.
        \(PersonOption.help)
          --now TIME         Today, for the first day and the next doses (default:
                             now, or SOURCE_DATE_EPOCH when set).
          --json             Print {"medications": [{"id", "name", "description",
                             "notes", "next"}], "backup"}.

        Exit status: 0 added, 2 bad schedule, an instruction that cannot be read
        exactly or a medication the schedule cannot hold (nothing written), 64 wrong
        usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count >= 2 else {
            throw UsageError("missing \(args.positionals.isEmpty ? "SCHEDULE" : "NAME"); usage needs SCHEDULE NAME [INSTRUCTION]")
        }
        let path = try Arguments.rewritten(args.positionals[0])
        let sig = args.positionals.count > 2 ? args.positionals[2...].joined(separator: " ") : nil
        let options = EntryOptions.dosage(args)
        guard sig != nil || options.saysTiming else {
            throw UsageError(
                "say how it is taken: an INSTRUCTION like \"1 tablet twice a day\", or --times, --every or --as-needed")
        }
        let form = try EntryOptions.form(args)
        let supply = try EntryOptions.supply(args)
        let ((schedule, added, now), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            let person = try PersonOption.read(args, schedule: schedule)
            let now = try context.clock.time(args[.now], option: .now, timeline: schedule.timeline(of: person))
            let base = try sig.map { try Instruction($0).dosages } ?? [Dosage()]
            let dosages = try EntryOptions.usage { try options.dosages(over: base, form: form) }
            let facts = MedicationFacts(
                id: args[.id] ?? "", name: args.positionals[1], strength: args[.strength], form: form,
                person: person?.id, notes: args[.notes], supply: supply.map { ($0, nil, nil) })
            let (new, added) = try EntryOptions.usage { try ScheduleEntry.adding(facts, dosages, to: schedule, today: now.date) }
            _ = try ScheduleCodec.decode(ScheduleCodec.encode(new), file: path)
            return (new, (new, added, now.instant))
        }
        if args[.json] {
            context.console.raw(EntryOptions.json(added, in: schedule, now: now, backup: backup))
        } else {
            context.console.out(EntryOptions.text("Added to", path, added, in: schedule, now: now))
            if let backup { context.console.out("The file was not in dosecal's form; its previous bytes are in \(backup).") }
        }
        return ExitCode.ok
    }
}
