/// A small command-line parser: positionals, `--flag`, `--option VALUE`, `--option=VALUE`,
/// short aliases, `-` as a positional (stdin/stdout), `--` ends options. What a command accepts
/// is its declared `Flag`s and `Option`s; what was given is read by the same declarations.
struct Arguments {
    var positionals: [String] = []
    /// The flags and options the command declared (reading any other is a programming error).
    private let declaredFlags: Set<Flag>
    private let declaredOptions: Set<Option>
    private var givenFlags: Set<Flag> = []
    private var values: [Option: String] = [:]

    /// Parses `arguments` against the command's declared flags and options (long names and short
    /// aliases).
    init(_ arguments: [String], for spec: CommandSpec) throws {
        declaredFlags = Set(spec.flags)
        declaredOptions = Set(spec.options)
        let flagNamed = Dictionary(spec.flags.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let optionNamed = Dictionary(spec.options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let aliases = Dictionary(
            spec.options.compactMap { o in o.short.map { ($0, o.name) } }, uniquingKeysWith: { a, _ in a })
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
            if let flag = flagNamed[name] {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                givenFlags.insert(flag)
            } else if let option = optionNamed[name] {
                if let inlineValue {
                    values[option] = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                    values[option] = arguments[i]
                    i += 1
                }
            } else {
                let known = Set(flagNamed.keys).union(optionNamed.keys).sorted().map { "--" + $0 }
                throw UsageError(
                    "unknown option --\(name)\(DidYouMean.text("--" + name, in: known)); options: \(known.joined(separator: ", "))"
                )
            }
        }
    }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
        precondition(declaredFlags.contains(flag), "--\(flag.name) is read but not declared")
        return givenFlags.contains(flag)
    }

    /// The value given for `option`, nil when it was not.
    subscript(option: Option) -> String? {
        precondition(declaredOptions.contains(option), "--\(option.name) is read but not declared")
        return values[option]
    }
}
