import DoseCal
import Foundation

/// `dosecal validate SCHEDULE...`
enum ValidateCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.quiet], run: run)
    static let name = "validate"
    static let summary = "List every problem of schedule files at once"
    static let help = """
        Usage: dosecal validate SCHEDULE... [--quiet]

        Check each SCHEDULE (a JSON schedule file, or - for standard input) against
        every rule of the schedule format and list all the problems at once, one per
        line, in file order: FILE:LINE:COLUMN: PATH: what is wrong; what is valid.
        The other commands stop at the first problem. A JSON syntax error, or a file
        from a newer dosecal, stops the reading of that file: it comes alone.

        For a valid file, one line says what it holds. Nothing is written.

        Options:
          --quiet            Print nothing for valid files.

        Exit status: 0 every file is valid, 2 a file has problems or cannot be read,
        64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard !args.positionals.isEmpty else { throw UsageError("missing SCHEDULE (one or more schedule files)") }
        var code = ExitCode.ok
        for path in args.positionals {
            let file = path == "-" ? "<stdin>" : path
            let data: Data
            do {
                data = try ScheduleInput.data(path)
            } catch let error as InputError {
                context.console.error("dosecal validate: \(error.message)")
                code = ExitCode.badInput
                continue
            }
            let result = ScheduleCodec.validate(data, file: file)
            if let schedule = result.schedule {
                if !args[.quiet] { context.console.out(summary(schedule, file: file)) }
                continue
            }
            for error in result.errors { context.console.error(error.compilerStyle) }
            context.console.error("\(file): \(result.errors.count) problem\(result.errors.count == 1 ? "" : "s")")
            code = ExitCode.badInput
        }
        return code
    }

    /// `meds.json: valid: 4 medications, 7 dose times, home zone America/New_York`
    static func summary(_ schedule: Schedule, file: String) -> String {
        let count = schedule.medications.count
        let times = schedule.medications.reduce(0) { $0 + $1.times.count }
        return "\(file): valid: \(count) medication\(count == 1 ? "" : "s"), \(times) dose time\(times == 1 ? "" : "s"), "
            + "home zone \(schedule.homeZone)"
    }
}
