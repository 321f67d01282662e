/// A strict RFC 8259 parser over UTF-8 bytes that records the position of every value.
///
/// Recursive descent with an explicit depth limit, so no input can exhaust the stack; every byte
/// access is bounds-checked through `peek`, so no input can trap.
struct JSONParser {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
        skipWhitespace()
        if peek == nil { throw error("the text is empty; expected a JSON value such as an object {...}") }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if peek != nil {
            throw unexpected("expected the end of the text after the JSON value (a file holds exactly one value)")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let (startLine, startColumn) = (line, column)
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind, line: startLine, column: startColumn) }
        guard let b = peek else { throw unexpected(Self.expectedValue) }
        switch b {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < maxDepth else {
                throw error("nesting is deeper than \(maxDepth) levels of arrays and objects")
            }
            return b == UInt8(ascii: "{") ? node(.object(try parseObject(depth: depth + 1)))
                : node(.array(try parseArray(depth: depth + 1)))
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
                throw JSONSyntaxError(line: startLine, column: startColumn, message:
                    "unexpected word '\(word)'; the JSON literals are true, false and null (lowercase), and text needs double quotes")
            }
        case UInt8(ascii: "'"): throw error("strings need double quotes (\"), not single quotes (')")
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        case UInt8(ascii: "+"): throw error("numbers must not start with '+'")
        case UInt8(ascii: "."): throw error("numbers need a digit before the decimal point (0.5, not .5)")
        default: throw unexpected(Self.expectedValue)
        }
    }

    private static let expectedValue = "expected a value (object, array, string, number, true, false or null)"

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONValue.Member] {
        advance()  // {
        var members: [JSONValue.Member] = []
        var seen: [String: (Int, Int)] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            let (keyLine, keyColumn) = (line, column)
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") { throw error("trailing comma before '}' is not allowed") }
                if let b = peek, Self.isWordStart(b) {
                    throw error("object keys need double quotes; found '\(readWordAhead())'")
                }
                throw unexpected("expected a key in double quotes")
            }
            let key = try parseString()
            if let (firstLine, firstColumn) = seen[key] {
                throw JSONSyntaxError(line: keyLine, column: keyColumn, message:
                    "duplicate key \(JSONWriter.quoted(key)) (first at line \(firstLine), column \(firstColumn)); a key may appear only once in an object")
            }
            seen[key] = (keyLine, keyColumn)
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw unexpected("expected ':' after the key \(JSONWriter.quoted(key))") }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONValue.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            skipWhitespace()
            if peek == UInt8(ascii: "}") {
                advance()
                return members
            }
            guard peek == UInt8(ascii: ",") else { throw unexpected("expected ',' or '}' after an object member") }
            advance()
            skipWhitespace()
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            if peek == UInt8(ascii: "]") { throw error("trailing comma before ']' is not allowed") }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if peek == UInt8(ascii: "]") {
                advance()
                return elements
            }
            guard peek == UInt8(ascii: ",") else { throw unexpected("expected ',' or ']' after an array element") }
            advance()
            skipWhitespace()
        }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()  // opening quote
        var out: [UInt8] = []
        while true {
            guard let b = peek else {
                throw JSONSyntaxError(line: startLine, column: startColumn, message:
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
                throw error("control character U+\(JSONWriter.hex(Int(b), 4)) inside a string must be escaped (as \\u\(JSONWriter.hex(Int(b), 4)))")
            case 0x20..<0x80:
                out.append(b)
                advance()
            default:
                guard let length = utf8SequenceLength(at: index) else { throw invalidUTF8() }
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
            throw error("unpaired low surrogate \\u\(JSONWriter.hex(scalar, 4)); a \\uDC00-\\uDFFF escape must follow a \\uD800-\\uDBFF one")
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard peek == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else {
                throw error("unpaired high surrogate \\u\(JSONWriter.hex(scalar, 4)); it must be followed by a \\uDC00-\\uDFFF escape")
            }
            advance()
            advance()
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("\\u\(JSONWriter.hex(low, 4)) cannot follow the high surrogate \\u\(JSONWriter.hex(scalar, 4)); expected \\uDC00-\\uDFFF")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(UInt32(scalar)) else { return }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

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
            throw JSONSyntaxError(line: startLine, column: startColumn, message: "the number \(text) is too large")
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

    private mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    /// The length of the valid UTF-8 sequence starting at `i` (Unicode Table 3-7), or nil.
    private func utf8SequenceLength(at i: Int) -> Int? {
        guard let lead = byte(at: i) else { return nil }
        let ranges: [ClosedRange<UInt8>]
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: ranges = [0x80...0xBF]
        case 0xE0: ranges = [0xA0...0xBF, 0x80...0xBF]
        case 0xE1...0xEC, 0xEE...0xEF: ranges = [0x80...0xBF, 0x80...0xBF]
        case 0xED: ranges = [0x80...0x9F, 0x80...0xBF]
        case 0xF0: ranges = [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
        case 0xF1...0xF3: ranges = [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
        case 0xF4: ranges = [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
        default: return nil
        }
        for (offset, range) in ranges.enumerated() {
            guard let b = byte(at: i + 1 + offset), range.contains(b) else { return nil }
        }
        return ranges.count + 1
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
        guard let length = utf8SequenceLength(at: index) else { return invalidUTF8() }
        let found: String
        switch b {
        case 0x0A, 0x0D: found = "a line break"
        case 0x09: found = "a tab"
        case 0..<0x20, 0x7F: found = "the control character U+\(JSONWriter.hex(Int(b), 4))"
        default: found = "'\(String(decoding: bytes[index..<index + length], as: UTF8.self))'"
        }
        return error("\(expected), found \(found)")
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }
}
