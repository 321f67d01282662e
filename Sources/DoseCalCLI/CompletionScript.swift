import Foundation

/// Shell completion for `dosecal` (bash, zsh, fish), made from the command table and each
/// command's help text (`CommandSyntax`): commands, options, option values (files, folders, zone
/// names, the listed choices) and positional arguments (files, or the listed words).
struct CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// Each command with what its help says it accepts.
    var commands: [(spec: CommandSpec, syntax: CommandSyntax)]
    /// Zone names offered for ZONE values.
    var zones: [String]

    init(commands: [CommandSpec], zones: [String]) {
        self.commands = commands.map { ($0, CommandSyntax(help: $0.help)) }
        self.zones = zones
    }

    func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// What completes an option's value or a positional argument.
    enum Value: Equatable {
        case none, files, folders, zones
        case words([String])
    }

    static func value(of option: CommandSyntax.Option) -> Value {
        guard let placeholder = option.value else { return .none }
        if !option.choices.isEmpty { return .words(option.choices) }
        switch placeholder {
        case "FILE", "SCHEDULE", "CALENDAR": return .files
        case "DIR": return .folders
        case "ZONE": return .zones
        default: return .none
        }
    }

    static func value(of positional: CommandSyntax.Positional) -> Value {
        positional.choices.isEmpty ? .files : .words(positional.choices)
    }

    /// The command names, `help` included.
    var names: [String] { commands.map(\.spec.name) + ["help"] }

    /// Single-quoted for any of the three shells.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
