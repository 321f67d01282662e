import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal init SCHEDULE --zone ZONE [--clock FILE] [--json]`
enum InitCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.zone, .clock], run: run)
    static let name = "init"
    static let summary = "Create an empty schedule"
    static let help = """
        Usage: dosecal init SCHEDULE --zone ZONE [--clock FILE] [--json]

        Create SCHEDULE, a schedule file (format version 2) with no medications yet,
        for a person who lives in ZONE. Add medications with dosecal add. An existing
        file is never replaced (also one that appears meanwhile); the new file is
        readable by you only. See docs/entry.md.

        Options:
          --zone ZONE        The home zone, an IANA name like Europe/Berlin. Required.
          --clock FILE       The person's clock (a JSON object like a schedule's
                             "clock": times for "twice a day", "at bedtime", meals),
                             kept in the schedule; without it the defaults apply.
          --json             Print {"schedule", "homeZone"}.

        Exit status: 0 created, 2 the file exists or the clock file is bad, 64 wrong
        usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath(allowStdin: false)
        guard let zone = try args.zone(.zone, example: "Europe/Berlin") else {
            throw UsageError("missing --zone ZONE, the zone the person lives in, like --zone Europe/Berlin")
        }
        let clock = try args[.clock].map { try ScheduleCodec.decodeClock(try CalendarInput.data($0), file: $0) }
        let held = try ScheduleInput.writable(path, command: name, console: context.console, creating: true)
        if held.exists { throw FileError.exists(path: held.path) }
        try held.create(ScheduleCodec.encode(ScheduleEntry.new(zone: zone, clock: clock ?? PersonalClock())))
        if args[.json] {
            context.console.raw(
                Data(JSONValue(object: ["schedule": JSONValue(path), "homeZone": JSONValue(zone.identifier)]).text.utf8))
        } else {
            context.console.out(
                "Created \(path): no medications yet, home zone \(zone.identifier). Add one with: dosecal add \(path) NAME \"1 tablet twice a day\""
            )
        }
        return ExitCode.ok
    }
}
