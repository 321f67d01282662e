/// A strict RFC 8259 parser over UTF-8 bytes that records the position of every value.
///
/// Iterative: open arrays and objects live on an explicit stack (at most `maxDepth` deep), so no
/// input can exhaust the call stack; every byte access is bounds-checked through `peek`, so no
/// input can trap.
struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1

    /// An array or object being read.
    private struct OpenContainer {
        let isObject: Bool
        let line: Int
        let column: Int
        var elements: [JSONValue] = []
        var members: [JSONValue.Member] = []
        /// The keys of `members[..<indexed]` with their positions, for duplicate-key errors in
        /// large objects (a small one is searched member by member).
        var seen: [String: (line: Int, column: Int)] = [:]
        var indexed = 0
        /// The key whose value is being read.
        var key: (name: String, line: Int, column: Int)?

        /// Where `key` was read before in this object (every earlier key is a member by now).
        mutating func earlierPosition(of key: String) -> (line: Int, column: Int)? {
            if members.count < 16 {
                return members.first { $0.key == key }.map { ($0.keyLine, $0.keyColumn) }
            }
            while indexed < members.count {
                seen[members[indexed].key] = (members[indexed].keyLine, members[indexed].keyColumn)
                indexed += 1
            }
            return seen[key]
        }
    }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
        skipWhitespace()
        if peek == nil { throw error("the text is empty; expected a JSON value such as an object {...}") }
        let value = try parseValue()
        skipWhitespace()
        if peek != nil {
            throw unexpected("expected the end of the text after the JSON value (a file holds exactly one value)")
        }
        return value
    }

    // MARK: Values

    /// Reads one value (with everything nested in it) at the current position.
    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var open: [OpenContainer] = []
        while true {
            // At the start of a value: open a container, or read a scalar.
            var value: JSONValue
            if peek == UInt8(ascii: "{") || peek == UInt8(ascii: "[") {
                guard open.count < maxDepth else {
                    throw error("nesting is deeper than \(maxDepth) levels of arrays and objects")
                }
                let container = OpenContainer(isObject: peek == UInt8(ascii: "{"), line: line, column: column)
                advance()
                skipWhitespace()
                if peek == UInt8(ascii: container.isObject ? "}" : "]") {
                    advance()
                    value = JSONValue(
                        container.isObject ? .object([]) : .array([]), line: container.line, column: container.column)
                } else {
                    open.append(container)
                    if container.isObject { try readKey(into: &open[open.count - 1]) }
                    continue
                }
            } else {
                value = try parseScalar()
            }
            // A value is complete: add it to its container; close containers that end here.
            while true {
                guard var top = open.popLast() else { return value }
                if let key = top.key {
                    top.members.append(JSONValue.Member(key: key.name, keyLine: key.line, keyColumn: key.column, value: value))
                } else {
                    top.elements.append(value)
                }
                skipWhitespace()
                if peek == UInt8(ascii: top.isObject ? "}" : "]") {
                    advance()
                    value = JSONValue(
                        top.isObject ? .object(top.members) : .array(top.elements), line: top.line, column: top.column)
                    continue
                }
                guard peek == UInt8(ascii: ",") else {
                    throw unexpected(
                        top.isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                    )
                }
                advance()
                skipWhitespace()
                if top.isObject {
                    try readKey(into: &top)
                } else if peek == UInt8(ascii: "]") {
                    throw error("trailing comma before ']' is not allowed")
                }
                open.append(top)
                break
            }
        }
    }

    /// Reads `"key":` and the whitespace after it.
    private mutating func readKey(into container: inout OpenContainer) throws(JSONSyntaxError) {
        let (keyLine, keyColumn) = (line, column)
        guard peek == UInt8(ascii: "\"") else {
            if peek == UInt8(ascii: "}") { throw error("trailing comma before '}' is not allowed") }
            if let b = peek, Self.isWordStart(b) { throw error("object keys need double quotes; found '\(readWordAhead())'") }
            throw unexpected("expected a key in double quotes")
        }
        let key = try parseString()
        if let first = container.earlierPosition(of: key) {
            throw JSONSyntaxError(
                line: keyLine, column: keyColumn,
                message:
                    "duplicate key \(JSONWriter.quoted(key)) (first at line \(first.line), column \(first.column)); a key may appear only once in an object"
            )
        }
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw unexpected("expected ':' after the key \(JSONWriter.quoted(key))") }
        advance()
        skipWhitespace()
        container.key = (key, keyLine, keyColumn)
    }

    /// Reads a string, number, `true`, `false` or `null`.
    private mutating func parseScalar() throws(JSONSyntaxError) -> JSONValue {
        let (startLine, startColumn) = (line, column)
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind, line: startLine, column: startColumn) }
        guard let b = peek else { throw unexpected(Self.expectedValue) }
        switch b {
        case UInt8(ascii: "\""):
            return node(.string(try parseString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (value, text) = try parseNumber()
            return node(.number(value, text: text))
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            let word = readWord()
            switch word {
            case "true": return node(.bool(true))
            case "false": return node(.bool(false))
            case "null": return node(.null)
            default:
                throw JSONSyntaxError(
                    line: startLine, column: startColumn,
                    message:
                        "unexpected word '\(word)'; the JSON literals are true, false and null (lowercase), and text needs double quotes"
                )
            }
        case UInt8(ascii: "'"): throw error("strings need double quotes (\"), not single quotes (')")
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        case UInt8(ascii: "+"): throw error("numbers must not start with '+'")
        case UInt8(ascii: "."): throw error("numbers need a digit before the decimal point (0.5, not .5)")
        default: throw unexpected(Self.expectedValue)
        }
    }

    private static let expectedValue = "expected a value (object, array, string, number, true, false or null)"

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()  // opening quote
        // A run of plain ASCII (no quote, backslash or control character): one column a byte.
        let runStart = index
        skipPlainASCII()
        if peek == UInt8(ascii: "\"") {
            advance()
            return String(decoding: bytes[runStart..<index - 1], as: UTF8.self)
        }
        var out = Array(bytes[runStart..<index])
        while true {
            guard let b = peek else {
                throw JSONSyntaxError(
                    line: startLine, column: startColumn,
                    message:
                        "this string is not closed: no '\"' before the end of the text")
            }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("line break inside a string; write it as \\n, or close the string with '\"'")
            case 0..<0x20:
                throw error(
                    "control character U+\(JSONWriter.hex(Int(b), 4)) inside a string must be escaped (as \\u\(JSONWriter.hex(Int(b), 4)))"
                )
            case 0x20..<0x80:
                let start = index
                skipPlainASCII()
                out.append(contentsOf: bytes[start..<index])
            default:
                guard let length = Self.utf8SequenceLength(in: bytes, at: index) else { throw invalidUTF8() }
                out.append(contentsOf: bytes[index..<index + length])
                for _ in 0..<length { advance() }
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        advance()  // backslash
        guard let e = peek else { return }  // the caller reports the unclosed string
        if let byte = Self.simpleEscapes[e] {
            out.append(byte)
            advance()
            return
        }
        guard e == UInt8(ascii: "u") else {
            throw unexpected("invalid escape in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        advance()
        var scalar = try readHex4()
        if (0xDC00...0xDFFF).contains(scalar) {
            throw error(
                "unpaired low surrogate \\u\(JSONWriter.hex(scalar, 4)); a \\uDC00-\\uDFFF escape must follow a \\uD800-\\uDBFF one"
            )
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard peek == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else {
                throw error(
                    "unpaired high surrogate \\u\(JSONWriter.hex(scalar, 4)); it must be followed by a \\uDC00-\\uDFFF escape")
            }
            advance()
            advance()
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    "\\u\(JSONWriter.hex(low, 4)) cannot follow the high surrogate \\u\(JSONWriter.hex(scalar, 4)); expected \\uDC00-\\uDFFF"
                )
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(UInt32(scalar)) else { return }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> Int {
        var value = 0
        for _ in 0..<4 {
            guard let b = peek, let digit = Self.hexDigit(b) else {
                throw unexpected("expected 4 hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    // MARK: Numbers and words

    private mutating func parseNumber() throws(JSONSyntaxError) -> (Double, String) {
        let (startLine, startColumn, start) = (line, column, index)
        if peek == UInt8(ascii: "-") { advance() }
        guard let first = peek, Self.isDigit(first) else { throw unexpected("expected a digit after '-'") }
        advance()
        if first == UInt8(ascii: "0"), let next = peek, Self.isDigit(next) {
            throw JSONSyntaxError(line: startLine, column: startColumn, message: "numbers must not have leading zeros")
        }
        skipDigits()
        if peek == UInt8(ascii: ".") {
            advance()
            guard let d = peek, Self.isDigit(d) else { throw unexpected("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard let d = peek, Self.isDigit(d) else { throw unexpected("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? text.prefix(40) + "…" : text
            throw JSONSyntaxError(line: startLine, column: startColumn, message: "the number \(shown) is too large")
        }
        return (value, text)
    }

    private mutating func skipDigits() {
        while let b = peek, Self.isDigit(b) { advance() }
    }

    private mutating func readWord() -> String {
        let start = index
        while let b = peek, Self.isWordStart(b) || Self.isDigit(b) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The word at the current position, without consuming it (for messages).
    private func readWordAhead() -> String {
        var copy = self
        return String(copy.readWord().prefix(40))
    }

    // MARK: Bytes and positions

    private var peek: UInt8? { byte(at: index) }

    private func byte(at i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    private mutating func advance() {
        guard let b = peek else { return }
        index += 1
        if b == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Moves past printable ASCII other than `"` and `\` (inside a string: no line break).
    private mutating func skipPlainASCII() {
        var i = index
        while i < bytes.count {
            let b = bytes[i]
            guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") else { break }
            i += 1
        }
        column += i - index
        index = i
    }

    private mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private func invalidUTF8() -> JSONSyntaxError {
        error("invalid UTF-8 (byte 0x\(JSONWriter.hex(Int(peek ?? 0), 2))); the text must be encoded as UTF-8")
    }

    /// "`expected`, found X" at the current position (or an invalid UTF-8 error when X is not UTF-8).
    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard let b = peek else { return error("\(expected), found the end of the text") }
        guard let length = Self.utf8SequenceLength(in: bytes, at: index) else { return invalidUTF8() }
        let found: String
        switch b {
        case 0x0A, 0x0D: found = "a line break"
        case 0x09: found = "a tab"
        case 0..<0x20, 0x7F: found = "the control character U+\(JSONWriter.hex(Int(b), 4))"
        default: found = "'\(String(decoding: bytes[index..<index + length], as: UTF8.self))'"
        }
        return error("\(expected), found \(found)")
    }
}
