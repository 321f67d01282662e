import Foundation

/// Typed reads of JSON nodes for the schedule decoder: each either returns the value or throws a
/// `ScheduleError` that points at the node and says what is valid.
struct ScheduleReader {
    let file: String
    /// Where problems go when every error is wanted (`ScheduleCodec.validate`); nil to throw the
    /// first one (`ScheduleCodec.decode`).
    var log: ScheduleErrorLog? = nil

    /// A problem that leaves the decoding able to go on (an unknown key, a duplicate, an order):
    /// recorded when collecting, else thrown.
    func report(_ error: ScheduleError) throws(ScheduleError) {
        guard let log else { throw error }
        log.record(error)
    }

    /// Runs `body`; when collecting, a problem it throws is recorded and the result is nil, so
    /// that the caller goes on with the next value. Without a log the problem is thrown.
    func attempt<T>(_ body: () throws(ScheduleError) -> T) throws(ScheduleError) -> T? {
        do {
            return try body()
        } catch {
            try report(error)
            return nil
        }
    }

    /// What an object that lost a required value throws when collecting: a problem already
    /// recorded (so the log lists it once). Only reached with a log.
    func incomplete(_ node: JSONNode, _ path: FieldPath) -> ScheduleError {
        log?.errors.first ?? fail(node, path, "this value could not be read")
    }

    func fail(_ node: JSONNode, _ path: FieldPath, _ message: String, kind: ScheduleError.Kind = .invalid) -> ScheduleError {
        fail(line: node.line, column: node.column, path, message, kind: kind)
    }

    func fail(line: Int, column: Int, _ path: FieldPath, _ message: String, kind: ScheduleError.Kind = .invalid)
        -> ScheduleError
    {
        ScheduleError(kind: kind, file: file, path: path.text, line: line, column: column, message: message)
    }

    /// Whether the key at entry `k` starts with `x-` (as `String.hasPrefix` reads it): such a
    /// member is dropped.
    static func isIgnored(key k: Int, in tape: JSONTape) -> Bool {
        let entry = tape.entries[k]
        guard entry.simple else { return tape.text(at: k).hasPrefix("x-") }
        return entry.end - entry.start >= 2 && tape.bytes[entry.start] == UInt8(ascii: "x")
            && tape.bytes[entry.start + 1] == UInt8(ascii: "-")
    }

    /// The members of an object after checking that it has only `known` keys (and `x-` keys, which are dropped).
    func fields(_ node: JSONNode, at path: FieldPath, known: JSONKeys, context: String = "") throws(ScheduleError)
        -> ScheduleFields
    {
        guard node.isObject else { throw fail(node, path, "expected an object {...}, found \(node.summary)") }
        let tape = node.tape
        var values = [Int](repeating: -1, count: known.names.count)
        var k = node.index + 1
        while k < tape.entries[node.index].after {
            defer { k = tape.entries[k + 1].after }
            if Self.isIgnored(key: k, in: tape) { continue }
            if let i = known.index(ofKey: k, in: tape) {
                values[i] = k + 1
                continue
            }
            let key = tape.text(at: k)
            var message = "unknown key \(JSONWriter.quoted(key))\(context)"
            message += Self.didYouMean(NameSuggestion.closest(to: key, in: known.names))
            message += "; known keys: " + known.names.joined(separator: ", ") + " (keys starting with \"x-\" are ignored)"
            try report(fail(line: tape.entries[k].line, column: tape.entries[k].column, path, message))
        }
        return ScheduleFields(reader: self, node: node, parent: FieldPath.Parent(path), known: known, values: values)
    }

    func array(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> [JSONNode] {
        guard let elements = node.arrayValue else { throw fail(node, path, "expected an array [...], found \(node.summary)") }
        return elements
    }

    /// A string; `expected` (what the value should be) is worked out only for an error.
    func string(_ node: JSONNode, at path: FieldPath, expected: @autoclosure () -> String = "a string") throws(ScheduleError)
        -> String
    {
        guard let s = node.stringValue else { throw fail(node, path, "expected \(expected()), found \(node.summary)") }
        return s
    }

    /// A string without control characters (line breaks and tabs allowed when `multiline`), at
    /// most `TextLimits.line` bytes (`TextLimits.notes` when `multiline`). With `nonEmpty` (an
    /// example of valid text), empty or all-space text is refused too.
    func text(_ node: JSONNode, at path: FieldPath, multiline: Bool = false, nonEmpty: String? = nil) throws(ScheduleError)
        -> String
    {
        let s = try string(node, at: path)
        let most = multiline ? TextLimits.notes : TextLimits.line
        if s.utf8.count > most {
            throw fail(
                node, path,
                "is \(s.utf8.count) bytes long; at most \(most) bytes (UTF-8) are allowed here, so that every calendar "
                    + "item dosecal writes from it stays small enough to read back; shorten it")
        }
        if let example = nonEmpty, s.allSatisfy(\.isWhitespace) {
            throw fail(node, path, "must not be empty or only spaces; write the text, like \(JSONWriter.quoted(example))")
        }
        // General category Cc is exactly U+0000-U+001F and U+007F-U+009F (a range test, not a
        // Unicode property lookup per scalar: notes may hold megabytes).
        for scalar in s.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            if multiline, scalar == "\n" || scalar == "\t" { continue }
            let allowed =
                multiline
                ? "only line breaks (\\n) and tabs (\\t) are allowed" : "write it on one line without control characters"
            throw fail(node, path, "contains the control character U+\(JSONWriter.hex(Int(scalar.value), 4)); \(allowed)")
        }
        return s
    }

    func bool(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Bool {
        guard let b = node.boolValue else { throw fail(node, path, "expected true or false, found \(node.summary)") }
        return b
    }

    /// A whole number in `range`, written without fraction or exponent.
    func integer(_ node: JSONNode, at path: FieldPath, in range: ClosedRange<Int>, unit: String = "") throws(ScheduleError)
        -> Int
    {
        var valid: String { "use a whole number from \(range.lowerBound) to \(range.upperBound)\(unit)" }
        guard let n = node.intValue else {
            guard let text = node.numberText else {
                throw fail(node, path, "expected a number, found \(node.summary); \(valid)")
            }
            let integral = text.allSatisfy { $0.isNumber || $0 == "-" }
            throw fail(node, path, integral ? "\(text) is out of range; \(valid)" : "\(text) is not a whole number; \(valid)")
        }
        guard range.contains(n) else { throw fail(node, path, "\(Self.text(node)) is out of range; \(valid)") }
        return n
    }

    func number(_ node: JSONNode, at path: FieldPath, valid: String) throws(ScheduleError) -> Double {
        guard let d = node.doubleValue else { throw fail(node, path, "expected a number, found \(node.summary); \(valid)") }
        return d
    }

    /// The most units one dose may take: far above any real dose, low enough that every count and
    /// total the feed writes stays an exact whole number.
    static let mostPillsPerDose: Double = 1000

    /// A unit count: a number > 0 and at most 1000, in steps of 0.25 (half and quarter tablets).
    func pills(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Double {
        let valid = "use a number above 0 in steps of 0.25, like 1, 0.5 or 2.25"
        let d = try number(node, at: path, valid: valid)
        guard d > 0 else { throw fail(node, path, "\(Self.text(node)) is not above 0; \(valid)") }
        guard (d * 4).rounded() == d * 4 else { throw fail(node, path, "\(Self.text(node)) is not a multiple of 0.25; \(valid)") }
        guard d <= Self.mostPillsPerDose else {
            let valid = "use a number above 0 and at most 1000"
            throw fail(node, path, "\(Self.text(node)) is more than 1000 units for one dose; \(valid)")
        }
        return d
    }

    /// An id: 1 to 64 of `A-Z a-z 0-9 . _ -`.
    func identifier(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> String {
        let s = try string(node, at: path, expected: "an id (a string)")
        guard Self.isIdentifier(s) else {
            throw fail(
                node, path, "\(JSONWriter.quoted(s)) is not a valid id; use 1 to 64 letters A-Z or a-z, digits, '.', '_' or '-'")
        }
        return s
    }

    /// A `YYYY-MM-DD` date.
    func date(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> LocalDate {
        if let r = node.asciiRange, r.count == 10, let date = Self.date(node.tape.bytes, r.lowerBound) { return date }
        let s = try string(node, at: path, expected: "a date \"YYYY-MM-DD\" (a string)")
        guard s.utf8.count == 10, let date = LocalDate(parsing: s) else {
            throw fail(node, path, "\(JSONWriter.quoted(s)) is not a date; use YYYY-MM-DD, like \"2026-01-05\"")
        }
        return date
    }

    /// An `HH:MM` time of day.
    func time(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> LocalTime {
        if let r = node.asciiRange, r.count == 5, let time = Self.time(node.tape.bytes, r.lowerBound) { return time }
        let s = try string(node, at: path, expected: "a time \"HH:MM\" (a string)")
        guard s.utf8.count == 5, let time = LocalTime(parsing: s) else {
            throw fail(node, path, "\(JSONWriter.quoted(s)) is not a time; use HH:MM from 00:00 to 23:59")
        }
        return time
    }

    /// An IANA time zone name with zone data (`Area/Location` or exactly `UTC`), resolved: the
    /// one place a zone name in the schedule becomes a `Zone`.
    func zone(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Zone {
        let s = try string(node, at: path, expected: "a time zone name (a string)")
        guard s == "UTC" || s.contains("/"), let zone = Zone(s) else {
            throw fail(
                node, path,
                "\(JSONWriter.quoted(s)) is not an IANA time zone name\(Self.didYouMean(NameSuggestion.zone(near: s))); "
                    + "use one like \"America/New_York\", \"Europe/Berlin\" or \"UTC\""
            )
        }
        return zone
    }

    /// An RFC 3339 date-time with `Z` or a numeric offset, read by `RFC3339.instant`
    /// (fractional seconds are dropped).
    func instant(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Date {
        let s = try string(node, at: path, expected: "an RFC 3339 date-time (a string)")
        guard let instant = RFC3339.instant(s) else {
            throw fail(
                node, path,
                "\(JSONWriter.quoted(s)) is not an RFC 3339 date-time; use YYYY-MM-DDTHH:MM:SS with Z or an offset, like \"2026-11-01T08:05:00-05:00\""
            )
        }
        return Date(timeIntervalSince1970: TimeInterval(instant))
    }

    /// One of `choices` (compared exactly).
    func choice(_ node: JSONNode, at path: FieldPath, what: String, in choices: [String]) throws(ScheduleError) -> String {
        var list: String { choices.joined(separator: ", ") }
        let s = try string(node, at: path, expected: "\(what) (a string: one of \(list))")
        guard choices.contains(s) else {
            let guess = Self.didYouMean(NameSuggestion.closest(to: s, in: choices))
            throw fail(node, path, "\(JSONWriter.quoted(s)) is not \(what)\(guess); use one of \(list)")
        }
        return s
    }

    // MARK: Helpers

    /// `LocalDate(parsing:)` of the 10 bytes `YYYY-MM-DD` at `i`, without a String.
    static func date(_ c: [UInt8], _ i: Int) -> LocalDate? {
        guard c[i + 4] == UInt8(ascii: "-"), c[i + 7] == UInt8(ascii: "-"), let y1 = twoDigits(c, i),
            let y2 = twoDigits(c, i + 2), let m = twoDigits(c, i + 5), let d = twoDigits(c, i + 8)
        else { return nil }
        let y = y1 * 100 + y2
        return LocalDate(year: y, month: m, day: d)
    }

    /// `LocalTime(parsing:)` of the 5 bytes `HH:MM` at `i`, without a String.
    static func time(_ c: [UInt8], _ i: Int) -> LocalTime? {
        guard c[i + 2] == UInt8(ascii: ":"), let h = twoDigits(c, i), let m = twoDigits(c, i + 3) else { return nil }
        return LocalTime(hour: h, minute: m)
    }

    /// The value of the two ASCII digits at `c[i]`, `c[i + 1]`.
    private static func twoDigits(_ c: [UInt8], _ i: Int) -> Int? {
        let (a, b) = (Int(c[i]) &- 0x30, Int(c[i + 1]) &- 0x30)
        guard a >= 0, a <= 9, b >= 0, b <= 9 else { return nil }
        return a * 10 + b
    }

    /// ` (did you mean "x"?)`, or nothing without a suggestion.
    static func didYouMean(_ guess: String?) -> String {
        guess.map { " (did you mean \(JSONWriter.quoted($0))?)" } ?? ""
    }

    /// The source text of a number node (or its summary).
    static func text(_ node: JSONNode) -> String {
        node.numberText ?? node.summary
    }

    static func isIdentifier(_ s: String) -> Bool {
        (1...64).contains(s.utf8.count)
            && s.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F
                    || b == 0x2D
            }
    }
}
