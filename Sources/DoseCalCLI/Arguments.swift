/// A small command-line parser: positionals, `--flag`, `--option VALUE`, `--option=VALUE`,
/// short aliases, `-` as a positional (stdin/stdout), `--` ends options.
struct Arguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    /// `flags` and `options` name the long forms (without dashes); `aliases` maps `-o` to `output`.
    init(
        _ arguments: [String], flags allowedFlags: Set<String>, options allowedOptions: Set<String>,
        aliases: [String: String] = [:]
    ) throws {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if onlyPositionals || a == "-" || !a.hasPrefix("-") {
                positionals.append(a)
                continue
            }
            if a == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String? = nil
            if a.hasPrefix("--") {
                name = String(a.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else if let long = aliases[a] {
                name = long
            } else {
                throw UsageError("unknown option \(a)\(DidYouMean.text(a, in: Array(aliases.keys).sorted()))")
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                    options[name] = arguments[i]
                    i += 1
                }
            } else {
                let known = (allowedFlags.union(allowedOptions)).sorted().map { "--" + $0 }
                throw UsageError(
                    "unknown option --\(name)\(DidYouMean.text("--" + name, in: known)); options: \(known.joined(separator: ", "))"
                )
            }
        }
    }
}
