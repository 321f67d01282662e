import DoseCal

/// Typed option values, each with a usage error that says what is valid.
extension Arguments {
    /// `--option ZONE` as an IANA zone name (nil when absent); `example` shows a valid one.
    func zone(_ option: Option, example: String) throws -> Zone? {
        guard let text = self[option] else { return nil }
        guard let zone = Zone(text) else {
            throw UsageError(
                "--\(option.name) \(text) is not a time zone\(DidYouMean.zone(text)); use an IANA name like \(example)")
        }
        return zone
    }

    /// `--option VALUE` as one of `choices` (nil when absent).
    func choice(_ option: Option, in choices: [String]) throws -> String? {
        guard let text = self[option] else { return nil }
        guard choices.contains(text) else {
            throw UsageError(
                "--\(option.name) \(text) is not valid\(DidYouMean.text(text, in: choices)); use one of \(choices.joined(separator: ", "))"
            )
        }
        return text
    }

    /// `--option N` as a whole number in `range`, or `defaultValue` when absent.
    func integer(_ option: Option, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = self[option] else { return defaultValue }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                "--\(option.name) \(text) is not valid; use a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// Exactly one positional SCHEDULE file, then `rest` more positionals (named for the message).
    func schedulePath(then rest: [String] = [], allowStdin: Bool = true) throws -> String {
        let names = ["SCHEDULE"] + rest
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw UsageError("missing \(names[positionals.count]); usage needs \(names.joined(separator: " "))")
            }
            throw UsageError("expected \(names.joined(separator: " ")), got \(positionals.count) arguments")
        }
        return allowStdin ? positionals[0] : try Self.rewritten(positionals[0])
    }

    /// `path` as the SCHEDULE of a command that rewrites it: a file, never `-`.
    static func rewritten(_ path: String) throws -> String {
        if path == "-" { throw UsageError("SCHEDULE must be a file here (it is rewritten), not - for standard input") }
        return path
    }
}
