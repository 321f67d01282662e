import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal edit SCHEDULE MEDICATION [INSTRUCTION] [options]`
enum EditCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json, .asNeeded],
        options: EntryOptions.dosageOptions + [.name, .strength, .notes, .end, .supply, .person, .now], run: run)
    static let name = "edit"
    static let summary = "Change a medication: how it is taken, its name, end or supply"
    static let help = """
        Usage: dosecal edit SCHEDULE MEDICATION [INSTRUCTION] [--name TEXT]
                            [--strength TEXT] [--notes TEXT] [--end DATE] [--supply N]
                            [--amount N] [--unit UNIT] [--times LIST] [--every LENGTH]
                            [--weekdays LIST] [--for LENGTH] [--from DATE]
                            [--as-needed] [--minimum-hours N] [--max-per-day N]
                            [--person ID] [--now TIME] [--json]

        Change the medication MEDICATION of SCHEDULE (an id, or any part of its name
        or id that only one medication has). An INSTRUCTION (as for dosecal add)
        replaces how it is taken; the timing options change that part of it and
        keep the rest. Its id stays, so its calendar entries keep their identity;
        its log, supply and reminder stay. A medication with taper steps takes a
        new instruction only. --end ends it (the log is kept).

        The output says the medication in words with its next three doses. The file
        is replaced atomically under the schedule's lock. See docs/entry.md.

        Options:
          --name TEXT        A new name.
          --strength TEXT    A new strength.
          --notes TEXT       New notes.
          --end DATE         The last day, YYYY-MM-DD.
          --supply N         Units on hand today (as counted now).
        \(EntryOptions.help)
        \(PersonOption.help)
          --now TIME         Today (default: now, or SOURCE_DATE_EPOCH when set).
          --json             As for dosecal add.

        Exit status: 0 changed, 2 bad schedule, unknown medication, or a change the
        schedule cannot hold (nothing written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count >= 2 else {
            throw UsageError("missing \(args.positionals.isEmpty ? "SCHEDULE" : "MEDICATION"); usage needs SCHEDULE MEDICATION")
        }
        let path = try Arguments.rewritten(args.positionals[0])
        let sig = args.positionals.count > 2 ? args.positionals[2...].joined(separator: " ") : nil
        let options = EntryOptions.dosage(args)
        let dosageGiven = sig != nil || options != DosageOptions()
        let end = try args[.end].map { text in
            guard let d = LocalDate(parsing: text) else { throw UsageError("--end \(text) is not a date; use YYYY-MM-DD") }
            return d
        }
        let supply = try EntryOptions.supply(args)
        let ((schedule, changed, now), backup) = try ScheduleInput.update(path, command: name, console: context.console) {
            _, schedule in
            let old = try MedicationOption.find(args.positionals[1], args, in: schedule)
            let now = try context.clock.time(args[.now], option: .now, timeline: schedule.timeline(of: old))
            var new = schedule
            var changed = ConvertedMedication(medication: old, notes: [])
            if dosageGiven {
                let base = try sig.map { try Instruction($0).dosages } ?? [single(old)]
                let dosages = try EntryOptions.usage { try options.dosages(over: base, form: old.form) }
                (new, changed) = try ScheduleEntry.replacingDosage(of: old.id, with: dosages, in: schedule, today: now.date)
            }
            var m = changed.medication
            if let text = args[.name] { m.name = text }
            if let text = args[.strength] { m.strength = text }
            if let text = args[.notes] { m.notes = text }
            if let end { m.end = end }
            if let supply { m.supply = Supply(pills: supply, asOf: now.date) }
            changed.medication = m
            new.medications[new.medications.firstIndex { $0.id == old.id }!] = m
            _ = try ScheduleCodec.decode(ScheduleCodec.encode(new), file: path)
            return (new == schedule ? nil : new, (new, changed, now.instant))
        }
        if args[.json] {
            context.console.raw(EntryOptions.json([changed], in: schedule, now: now, backup: backup))
        } else {
            context.console.out(EntryOptions.text("Changed in", path, [changed], in: schedule, now: now))
        }
        return ExitCode.ok
    }

    /// The medication's one dosage, to change a part of (a taper, or amounts by weekday or
    /// time, take a new instruction). Moved doses are not kept: the edit replaces how it is taken.
    private static func single(_ m: Medication) throws -> Dosage {
        let dosages = Dosage.of(m)
        guard dosages.count == 1, var d = dosages.first, d.timing != DosageTiming() else {
            throw UsageError(
                "this medication has taper steps or amounts by weekday or time: give a whole new INSTRUCTION, or edit the file")
        }
        d.extras.notSaid = nil
        return d
    }
}
