import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal export SCHEDULE --format fhir`: the schedule and its log as a FHIR R4 Bundle.
extension ExportCommand {
    static func fhir(_ args: Arguments, output: String, context: Context) throws -> Int32 {
        for option in [Option.previous, .now] where args[option] != nil {
            throw UsageError("--\(option.name) is for the iCalendar feed; a FHIR Bundle has no revisions")
        }
        for flag in [Flag.keepBase, .force] where args[flag] {
            throw UsageError("--\(flag.name) is for the iCalendar feed")
        }
        let whole = try ScheduleInput.read(args.positionals[0])
        if args[.privacy] || whole.feed.privacy {
            throw UsageError("a FHIR Bundle names every medicine, so it is not written in privacy mode")
        }
        let person = try PersonOption.read(args, schedule: whole)
        let schedule = person.map { whole.narrowed(toPerson: $0.id) } ?? whole
        let bytes = Data(FHIRExport.bundle(schedule).text.utf8)
        if output == "-" {
            try InputFile.checkWritable(count: bytes.count, path: "<stdout>")
            context.console.raw(bytes)
        } else {
            try AtomicFile.write(bytes, to: output)
            if !args[.quiet] {
                context.console.out(
                    "Wrote \(output): a FHIR R4 Bundle of \(schedule.medications.count) medication(s) and \(schedule.log.count) log entr\(schedule.log.count == 1 ? "y" : "ies")."
                )
            }
        }
        return ExitCode.ok
    }
}
