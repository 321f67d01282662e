/// A command-line flag (`--json`), declared once: commands list the flags they accept and read
/// them by these names (`args[.json]`), so a misspelt name is a compile error. The help text's
/// Options block is checked against the declarations (`CommandSpec.declarationProblem`).
struct Flag: Hashable, Sendable {
    /// The long name, without dashes.
    let name: String

    init(_ name: String) { self.name = name }
}

extension Flag {
    static let all = Flag("all")
    static let apply = Flag("apply")
    static let asNeeded = Flag("as-needed")
    static let count = Flag("count")
    static let dryRun = Flag("dry-run")
    static let force = Flag("force")
    static let json = Flag("json")
    static let keepBase = Flag("keep-base")
    static let privacy = Flag("privacy")
    static let prune = Flag("prune")
    static let quiet = Flag("quiet")
    static let strict = Flag("strict")
    static let watch = Flag("watch")
}
