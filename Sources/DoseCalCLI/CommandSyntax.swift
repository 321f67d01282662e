import Foundation

/// What a command accepts, read from its help text: the one text that `--help`, the man pages
/// and the shell completions are all made from, so they never disagree.
struct CommandSyntax {
    /// An option line of the help's "Options:" block, like `-o, --output FILE  Where to ...`.
    struct Option {
        var names: [String]
        /// The value's placeholder (`FILE`, `ZONE`), nil for a flag.
        var value: String?
        var summary: String
        /// The values the usage line lists for it (`--prefer schedule|calendar`).
        var choices: [String]
    }

    /// A positional argument of the usage line: `SCHEDULE`, `CALENDAR...`, `taken|skipped|missed`.
    struct Positional {
        var name: String
        var choices: [String]
        var repeats: Bool
    }

    var options: [Option] = []
    var positionals: [Positional] = []

    init(help: String) {
        let blocks = help.components(separatedBy: "\n\n")
        let usage = (blocks.first { $0.hasPrefix("Usage: ") } ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        // "Usage:", "dosecal", the command, then positionals until the first option or bracket.
        for token in usage.dropFirst(3) {
            if token.hasPrefix("-") || token.hasPrefix("[") { break }
            let repeats = token.hasSuffix("...")
            let name = repeats ? String(token.dropLast(3)) : token
            let choices = name.contains("|") ? name.split(separator: "|").map(String.init) : []
            positionals.append(Positional(name: name, choices: choices, repeats: repeats))
        }
        var choices: [String: [String]] = [:]
        let bare = usage.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
        for (i, token) in bare.enumerated() where token.hasPrefix("--") && i + 1 < bare.count {
            let value = bare[i + 1]
            if value.contains("|"), value.first?.isLowercase == true {
                choices[token] = value.split(separator: "|").map(String.init)
            }
        }
        for line in HelpText.entries(in: help, section: "Options:") {
            let words = line.tag.components(separatedBy: " ")
            let names = words.filter { $0.hasPrefix("-") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            let value = words.last.flatMap { $0.hasPrefix("-") ? nil : $0 }
            let long = names.first { $0.hasPrefix("--") } ?? ""
            options.append(Option(names: names, value: value, summary: line.firstSentence, choices: choices[long] ?? []))
        }
    }

    /// Every option name, long and short.
    var optionNames: [String] { options.flatMap(\.names) }
}

/// The layout of dosecal's help texts: blocks separated by blank lines; a block headed
/// `Options:` (or `Commands:`) lists entries indented by two spaces, a tag, two or more spaces,
/// and a description whose further lines are indented deeper.
enum HelpText {
    struct Entry {
        var tag: String
        var description: String
        /// The description up to its first full stop (for completion menus).
        var firstSentence: String {
            let text = description.components(separatedBy: ". ").first ?? description
            return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }

    static func entries(in help: String, section: String) -> [Entry] {
        guard let block = help.components(separatedBy: "\n\n").first(where: { $0.hasPrefix(section) }) else { return [] }
        return entries(ofBlock: block)
    }

    /// The entries of one block (its first line is the heading).
    static func entries(ofBlock block: String) -> [Entry] {
        var entries: [Entry] = []
        for line in block.components(separatedBy: "\n").dropFirst() {
            let body = line.drop(while: { $0 == " " })
            if line.count - body.count == 2, let gap = body.range(of: "  ") {
                entries.append(
                    Entry(
                        tag: String(body[..<gap.lowerBound]),
                        description: body[gap.upperBound...].trimmingCharacters(in: .whitespaces)))
            } else if line.count - body.count == 2 {
                entries.append(Entry(tag: String(body), description: ""))
            } else if !entries.isEmpty {
                entries[entries.count - 1].description += " " + body
            }
        }
        return entries
    }
}
