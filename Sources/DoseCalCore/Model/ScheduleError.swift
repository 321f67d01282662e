/// Why a schedule file could not be read: where (file, line, JSON path) and what is wrong and valid.
///
/// `description` is one line, ready to print:
///
///     meds.json:14: medications[2].times[0]: "25:00" is not a time; use HH:MM from 00:00 to 23:59
///
/// When the path is the top level it is left out (`meds.json:1: missing required key "version"; ...`).
/// When the file is not JSON at all the column is given too, compiler style:
/// `meds.json:12:5: expected ',' or '}' after an object member, found '"'`.
public struct ScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// The file is not valid JSON (or not UTF-8).
        case syntax
        /// The file is JSON but not a valid schedule (wrong type, value out of range, unknown key, ...).
        case invalid
        /// The file was written by a newer dosecal (its `version` is above `Schedule.currentVersion`).
        case newerVersion
    }

    public var kind: Kind
    /// The file name as given to `ScheduleCodec.decode(_:file:)`.
    public var file: String
    /// The JSON path of the offending value, like `medications[2].times[0]` (0-based indices); empty for the top level.
    public var path: String
    /// 1-based line of the offending value (or key, or object).
    public var line: Int
    /// 1-based column of the offending value (columns count Unicode scalars).
    public var column: Int
    /// What is wrong and what is valid, as a plain sentence without position.
    public var message: String

    public init(kind: Kind = .invalid, file: String, path: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: path: message`, the form compilers and editors jump to (what
    /// `dosecal validate` prints; the path is left out at the top level).
    public var compilerStyle: String {
        path.isEmpty ? "\(file):\(line):\(column): \(message)" : "\(file):\(line):\(column): \(path): \(message)"
    }

    public var description: String {
        if kind == .syntax { return "\(file):\(line):\(column): \(message)" }
        return path.isEmpty ? "\(file):\(line): \(message)" : "\(file):\(line): \(path): \(message)"
    }
}
