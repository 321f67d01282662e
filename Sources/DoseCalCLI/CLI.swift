import DoseCal
import Foundation

/// The `dosecal` program: dispatches to a command, maps every error to an exit code.
enum CLI {
    static let commands: [CommandSpec] = [
        InitCommand.spec, AddCommand.spec, EditCommand.spec, RemoveCommand.spec, ExportCommand.spec, CheckCommand.spec,
        StatusCommand.spec, LogCommand.spec, RefillCommand.spec, PlanCommand.spec,
        ReconcileCommand.spec, ImportCommand.spec, SyncCommand.spec, PublishCommand.spec, ExpandCommand.spec,
        ChartCommand.spec,
        ValidateCommand.spec,
        CompletionCommand.spec, ManCommand.spec,
    ]

    /// The width of the command column in the overview.
    private static let nameWidth = commands.map(\.name.count).max()! + 2

    static let overview = """
        dosecal \(DoseCalVersion.current): medication schedules as calendars that stay right.

        Usage: dosecal COMMAND [OPTIONS]

        Commands:
        \(commands.map { "  " + $0.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))
          \("help".padding(toLength: nameWidth, withPad: " ", startingAt: 0))Show help for a command: dosecal help export

        Options:
          --help     Show this help
          --version  Show the version

        Exit status: 0 ok, 1 checks found problems, 2 bad input or data,
        64 wrong usage, 70 internal error.
        """

    static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let console = Console()
        guard let first = arguments.first else {
            console.error(overview)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            console.out(overview)
            return ExitCode.ok
        case "--version", "-V":
            console.out("dosecal \(DoseCalVersion.current) (libical via ICal, zone data \(DoseCalInfo.zoneDataVersion))")
            return ExitCode.ok
        case "help":
            guard arguments.count > 1 else {
                console.out(overview)
                return ExitCode.ok
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                console.error("dosecal: " + unknownCommand(arguments[1]))
                return ExitCode.usage
            }
            console.out(command.help)
            return ExitCode.ok
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.error("dosecal: " + unknownCommand(first) + ". See dosecal --help.")
            return ExitCode.usage
        }
        if let problem = command.declarationProblem {
            console.error("dosecal \(command.name): internal error: \(problem)")
            return ExitCode.internal
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return ExitCode.ok
        }
        let context = Context(console: console, environment: environment, clock: Clock(environment: environment))
        do {
            return try command.run(rest, context)
        } catch {
            return ExitCode.report(error, command: command.name, console: console)
        }
    }
}

extension CLI {
    /// `unknown command 'exprot' (did you mean 'export'?); commands: ...`
    static func unknownCommand(_ name: String) -> String {
        let names = commands.map(\.name) + (name.hasPrefix("-") ? ["--help", "--version"] : ["help"])
        return "unknown command '\(name)'\(DidYouMean.text(name, in: names)); commands: "
            + commands.map(\.name).joined(separator: ", ")
    }
}

/// A `dosecal` subcommand: its name, one-line summary, full help (usage, description, options,
/// exit status), the flags and options it accepts, and what it runs.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    var help: String
    var flags: [Flag] = []
    var options: [Option] = []
    var run: @Sendable ([String], Context) throws -> Int32
}

/// What a command may use from the process: the console, the environment and the clock.
struct Context: Sendable {
    var console: Console
    var environment: [String: String]
    var clock: Clock
}

enum DoseCalInfo {
    /// The version of the zone files the feed is made from (the system's zoneinfo, as CalendarTime
    /// and libical read it), not Foundation's own copy.
    static var zoneDataVersion: String { Zone.dataVersion }
}
