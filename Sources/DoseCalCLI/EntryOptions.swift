import DoseCal
import DoseCalEntry
import Foundation

/// The options `add` and `edit` share: how the medicine is taken, what it is, and the output.
enum EntryOptions {
    static let dosageOptions: [Option] = [.times, .every, .weekdays, .for, .from, .amount, .unit, .minimumHours, .maxPerDay]
    static let help = """
          --times 08:00,20:00  The dose times of a day.
          --every LENGTH     Every 8h (hours), 2d (days) or 1w (weeks).
          --weekdays mo,fr   On these weekdays (mo tu we th fr sa su).
          --for LENGTH       For 10d (days) or 2w (weeks), counting the first day.
          --from DATE        The first day, YYYY-MM-DD (default: today, in the
                             zone of the medication's person).
          --amount N         The amount of a dose (default 1), in --unit.
          --unit UNIT        tablet, capsule, ml, drop, puff, spray, unit, mg, mcg,
                             g, patch, application, suppository, sachet or dose
                             (default: the form's).
          --as-needed        Taken when needed, not at planned times.
          --minimum-hours N  As needed: at least N hours between doses.
          --max-per-day N    As needed: at most N doses in 24 hours.
        """

    /// The dosage options given.
    static func dosage(_ args: Arguments) -> DosageOptions {
        DosageOptions(
            times: args[.times], every: args[.every], weekdays: args[.weekdays], forLength: args[.for], from: args[.from],
            amount: args[.amount], unit: args[.unit], asNeeded: args[.asNeeded], minimumHours: args[.minimumHours],
            maxPerDay: args[.maxPerDay])
    }

    /// `--form`.
    static func form(_ args: Arguments) throws -> DoseForm? {
        try args.choice(.form, in: DoseForm.allCases.map(\.rawValue)).flatMap(DoseForm.init(rawValue:))
    }

    /// `--supply N`.
    static func supply(_ args: Arguments) throws -> Double? {
        guard let text = args[.supply] else { return nil }
        guard let n = Double(text), n >= 0, n.isFinite else {
            throw UsageError("--supply \(text) is not an amount; use 0 or more, like 30")
        }
        return n
    }

    /// A usage error for a wrong option value; other entry errors are bad input.
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as EntryError {
            if case .invalid(let message) = e { throw UsageError(message) }
            throw e
        }
    }

    /// What was added or changed: in words, what came from the clock, the next three doses.
    static func text(_ verb: String, _ path: String, _ changed: [ConvertedMedication], in schedule: Schedule, now: Int) -> String
    {
        let privacy = schedule.feed.privacy
        let label = MedicationLabel(schedule: schedule, privacy: privacy)
        var lines = ["\(verb) \(path):"]
        for c in changed {
            let m = c.medication
            lines.append("  " + (privacy ? label(m) : EntryWords.describe(m)))
            if !privacy { lines += c.notes.map { "    \($0)" } }
            let next = EntryWords.nextDoses(m, in: schedule, after: now)
            if m.recurrence.isAsNeeded {
                lines.append("    No planned doses: taken when needed.")
            } else {
                lines.append(next.isEmpty ? "    No doses to come." : "    Next doses: " + next.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `{"medications": [{"id", "name", "description", "notes", "next"}], "backup"}`.
    static func json(_ changed: [ConvertedMedication], in schedule: Schedule, now: Int, backup: String?) -> Data {
        let privacy = schedule.feed.privacy
        let meds = changed.map { c in
            JSONValue(members: [
                ("id", JSONValue(privacy ? nil : c.medication.id)), ("name", JSONValue(privacy ? nil : c.medication.name)),
                ("description", JSONValue(privacy ? nil : EntryWords.describe(c.medication))),
                ("notes", JSONValue(array: privacy ? [] : c.notes.map { JSONValue($0) })),
                ("next", JSONValue(array: EntryWords.nextDoses(c.medication, in: schedule, after: now).map { JSONValue($0) })),
            ])
        }
        return Data(JSONValue(members: [("medications", JSONValue(array: meds)), ("backup", JSONValue(backup))]).text.utf8)
    }
}
