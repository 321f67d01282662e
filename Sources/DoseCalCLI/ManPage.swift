import DoseCal
import Foundation

/// A man page (roff, `man -l`) made from a help text: the usage block becomes SYNOPSIS, prose
/// becomes DESCRIPTION, `Options:` and `Commands:` blocks become tagged lists, `Exit status:`
/// becomes EXIT STATUS. The page says exactly what `--help` says.
struct ManPage {
    /// The page's name: `dosecal` or `dosecal-export`.
    var name: String
    var summary: String
    var help: String
    var seeAlso: [String]

    /// The file name: `dosecal-export.1`.
    var fileName: String { name + ".1" }

    var roff: String {
        var description: [String] = []
        var sections: [String] = []
        var synopsis = ""
        var exit = ""
        for block in help.components(separatedBy: "\n\n") where !block.isEmpty {
            let head = block.prefix { $0 != "\n" }
            if block.hasPrefix("Usage: ") {
                synopsis = Self.lines(block.dropFirst("Usage: ".count))
            } else if block.hasPrefix("Exit status:") {
                exit = Self.lines(block.dropFirst("Exit status:".count))
            } else if head.hasSuffix(":"), block.contains("\n  ") {
                sections.append(Self.list(String(head.dropLast()).uppercased(), HelpText.entries(ofBlock: block)))
            } else if !(block.hasPrefix("dosecal ") && head.contains(": ")) {
                description.append(".PP\n" + Self.lines(Substring(block)))
            }
        }
        var page = [
            ".TH \(Self.escape(name.uppercased())) 1 \"\" \"dosecal \(DoseCalVersion.current)\" \"dosecal manual\"",
            ".SH NAME", "\(Self.escape(name)) \\- \(Self.escape(summary))",
            ".SH SYNOPSIS", ".nf", synopsis, ".fi",
        ]
        if !description.isEmpty { page += [".SH DESCRIPTION"] + description }
        page += sections
        if !exit.isEmpty { page += [".SH EXIT STATUS", exit] }
        if !seeAlso.isEmpty { page += [".SH SEE ALSO", seeAlso.map { "\(Self.escape($0))(1)" }.joined(separator: ", ")] }
        return page.joined(separator: "\n") + "\n"
    }

    /// A tagged list section (`.TP` per entry).
    private static func list(_ title: String, _ entries: [HelpText.Entry]) -> String {
        ([".SH \(title)"] + entries.map { ".TP\n.B \(escape($0.tag))\n\(escape($0.description))" }).joined(separator: "\n")
    }

    /// The lines of a block without their indentation (roff fills them again).
    private static func lines(_ text: Substring) -> String {
        text.split(separator: "\n").map { escape($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n")
    }

    /// Text safe in roff: backslashes and hyphens escaped, a leading `.` or `'` guarded.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
