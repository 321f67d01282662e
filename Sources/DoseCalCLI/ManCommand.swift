import DoseCal
import Foundation

/// `dosecal man [COMMAND] [--output-dir DIR]`
enum ManCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help,
        options: [.outputDir], run: run)
    static let name = "man"
    static let summary = "Print or write the man pages (made from the help texts)"
    static let help = """
        Usage: dosecal man [COMMAND] [--output-dir DIR]

        Print the man page of COMMAND (dosecal-COMMAND(1)), or of dosecal itself
        (dosecal(1)), in roff: read it with man -l. Each page is made from the same
        text as dosecal help COMMAND, so the two never disagree.

        Options:
          --output-dir DIR   Write every page into DIR instead (dosecal.1 and one
                             dosecal-COMMAND.1 per command), as make install does.

        Exit status: 0 printed or written, 2 unwritable folder, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        if let dir = args[.outputDir] {
            guard args.positionals.isEmpty else { throw UsageError("give COMMAND or --output-dir, not both") }
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for page in pages() {
                try AtomicFile.write(
                    Data(page.roff.utf8), to: (dir as NSString).appendingPathComponent(page.fileName), mode: 0o644)
            }
            return ExitCode.ok
        }
        guard args.positionals.count <= 1 else { throw UsageError("expected at most one COMMAND") }
        let wanted = args.positionals.first.map { "dosecal-" + $0 } ?? "dosecal"
        guard let page = pages().first(where: { $0.name == wanted }) else {
            throw UsageError(CLI.unknownCommand(args.positionals[0]))
        }
        context.console.raw(Data(page.roff.utf8))
        return ExitCode.ok
    }

    /// dosecal(1) and one page per command of the table.
    static func pages() -> [ManPage] {
        let commandPages = CLI.commands.map {
            ManPage(name: "dosecal-" + $0.name, summary: $0.summary, help: $0.help, seeAlso: ["dosecal"])
        }
        let main = ManPage(
            name: "dosecal", summary: "medication schedules as calendars that stay right", help: CLI.overview,
            seeAlso: commandPages.map(\.name))
        return [main] + commandPages
    }
}
