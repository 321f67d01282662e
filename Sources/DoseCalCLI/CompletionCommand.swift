import DoseCalCore
import Foundation

/// `dosecal completion bash|zsh|fish`
enum CompletionCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, run: run)
    static let name = "completion"
    static let summary = "Print the shell completion script for bash, zsh or fish"
    static let help = """
        Usage: dosecal completion bash|zsh|fish

        Print the completion script for the shell: commands, options, and file, folder
        and zone-name arguments. make install puts them where the shells look:
          bash  PREFIX/share/bash-completion/completions/dosecal
          zsh   PREFIX/share/zsh/site-functions/_dosecal
          fish  PREFIX/share/fish/vendor_completions.d/dosecal.fish
        To try one in the running shell: source <(dosecal completion bash).

        Exit status: 0 printed, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard args.positionals.count == 1 else { throw UsageError("expected one shell: \(shells.joined(separator: ", "))") }
        guard let shell = CompletionScript.Shell(rawValue: args.positionals[0]) else {
            throw UsageError(
                "\(args.positionals[0]) is not a shell dosecal completes\(DidYouMean.text(args.positionals[0], in: shells)); "
                    + "use one of \(shells.joined(separator: ", "))")
        }
        let zones = NameSuggestion.offeredZones(.system)
        context.console.raw(Data(CompletionScript(commands: CLI.commands, zones: zones).text(for: shell).utf8))
        return ExitCode.ok
    }
}
