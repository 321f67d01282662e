extension CommandSpec {
    /// The option tags the help's Options block must show for the declared flags and options:
    /// `--json`, `--budget N`, `-o, --output FILE`.
    var declaredTags: [String] {
        flags.map { "--\($0.name)" }
            + options.map { option in (option.short.map { $0 + ", " } ?? "") + "--\(option.name) \(option.placeholder)" }
    }

    /// Where the help's Options block and the declared flags and options disagree (an entry for
    /// an option not declared, or a declaration with no entry: name, short alias and value
    /// placeholder must match), in words; nil when they agree. The help stays the text people
    /// read and the source of man pages and completions; the declarations are what the parser
    /// accepts and the command reads.
    var declarationProblem: String? {
        let entries = HelpText.entries(in: help, section: "Options:").map(\.tag)
        let tags = declaredTags
        // An entry's tag is the declared tag, or starts with it and a space (a description one
        // space after a long tag).
        func matches(_ entry: String, _ tag: String) -> Bool { entry == tag || entry.hasPrefix(tag + " ") }
        let undeclared = entries.filter { entry in !tags.contains { matches(entry, $0) } }
        let unhelped = tags.filter { tag in !entries.contains { matches($0, tag) } }
        guard !undeclared.isEmpty || !unhelped.isEmpty else { return nil }
        return "the help's options and the declared ones differ: in the help only \(undeclared), declared only \(unhelped)"
    }
}
