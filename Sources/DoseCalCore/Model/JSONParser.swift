/// A strict RFC 8259 parser over UTF-8 bytes that records the position of every value, into a
/// `JSONTape` (one entry per value and key, in document order).
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
    private var entries: [JSONTape.Entry] = []
    private var decoded: [String] = []

    /// An array or object being read.
    private struct OpenContainer {
        /// Its entry.
        let entry: Int
        let isObject: Bool
        /// The members or elements read so far.
        var count = 0
        /// The keys of the first `indexed` members with their positions, for duplicate-key errors
        /// in large objects (a small one is searched member by member); `nextKey` is the entry of
        /// the next key to add.
        var seen: [String: (line: Int, column: Int)] = [:]
        var indexed = 0
        var nextKey = 0
    }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONTape {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8 byte order mark
        skipWhitespace()
        if peek == nil { throw error("the text is empty; expected a JSON value such as an object {...}") }
        try parseValue()
        skipWhitespace()
        if peek != nil {
            throw unexpected("expected the end of the text after the JSON value (a file holds exactly one value)")
        }
        return JSONTape(bytes: bytes, entries: entries, decoded: decoded)
    }

    // MARK: Values

    /// Reads one value (with everything nested in it) at the current position.
    private mutating func parseValue() throws(JSONSyntaxError) {
        var open: [OpenContainer] = []
        while true {
            // At the start of a value: open a container, or read a scalar.
            if peek == UInt8(ascii: "{") || peek == UInt8(ascii: "[") {
                guard open.count < maxDepth else {
                    throw error("nesting is deeper than \(maxDepth) levels of arrays and objects")
                }
                let isObject = peek == UInt8(ascii: "{")
                let container = OpenContainer(entry: entries.count, isObject: isObject)
                append(JSONTape.Entry(kind: isObject ? .object : .array, line: line, column: column))
                advance()
                skipWhitespace()
                if peek == UInt8(ascii: isObject ? "}" : "]") {
                    advance()
                    entries[container.entry].after = entries.count
                } else {
                    open.append(container)
                    if isObject { try readKey(into: &open[open.count - 1]) }
                    continue
                }
            } else {
                try parseScalar()
            }
            // A value is complete: count it in its container; close containers that end here.
            while let top = open.indices.last {
                open[top].count += 1
                skipWhitespace()
                let isObject = open[top].isObject
                if peek == UInt8(ascii: isObject ? "}" : "]") {
                    advance()
                    let closed = open.removeLast()
                    entries[closed.entry].after = entries.count
                    entries[closed.entry].count = closed.count
                    continue
                }
                guard peek == UInt8(ascii: ",") else {
                    throw unexpected(
                        isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                    )
                }
                advance()
                skipWhitespace()
                if isObject {
                    try readKey(into: &open[top])
                } else if peek == UInt8(ascii: "]") {
                    throw error("trailing comma before ']' is not allowed")
                }
                break
            }
            if open.isEmpty { return }
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
        let key = entries.count
        try parseString()
        if entries[key].simple { entries[key].word = JSONKeys.word(bytes[entries[key].start..<entries[key].end]) }
        if let first = earlierPosition(of: key, in: &container) {
            throw JSONSyntaxError(
                line: keyLine, column: keyColumn,
                message:
                    "duplicate key \(JSONWriter.quoted(text(at: key))) (first at line \(first.line), column \(first.column)); a key may appear only once in an object"
            )
        }
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else {
            throw unexpected("expected ':' after the key \(JSONWriter.quoted(text(at: key)))")
        }
        advance()
        skipWhitespace()
    }

    /// Where the key at entry `key` (the object's newest) was read before in this object.
    private func earlierPosition(of key: Int, in container: inout OpenContainer) -> (line: Int, column: Int)? {
        if container.count < 16 {
            var k = container.entry + 1
            while k < key {
                if sameKey(k, key) { return (entries[k].line, entries[k].column) }
                k = entries[k + 1].after
            }
            return nil
        }
        if container.indexed == 0 { container.nextKey = container.entry + 1 }
        while container.indexed < container.count {
            let k = container.nextKey
            container.seen[text(at: k)] = (entries[k].line, entries[k].column)
            container.indexed += 1
            container.nextKey = entries[k + 1].after
        }
        return container.seen[text(at: key)]
    }

    /// Whether the keys at entries `a` and `b` are the same text (as `String`s compare).
    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (entries[a], entries[b])
        guard x.simple, y.simple else { return text(at: a) == text(at: b) }
        return x.end - x.start == y.end - y.start && bytes[x.start..<x.end].elementsEqual(bytes[y.start..<y.end])
    }

    /// Adds an entry (a scalar's `after` is the next entry; a container's is set when it closes).
    private mutating func append(_ entry: JSONTape.Entry) {
        var entry = entry
        entry.after = entries.count + 1
        entries.append(entry)
    }

    private func text(at entry: Int) -> String {
        JSONTape.text(of: entries[entry], bytes: bytes, decoded: decoded)
    }

    /// Reads a string, number, `true`, `false` or `null`.
    private mutating func parseScalar() throws(JSONSyntaxError) {
        let (startLine, startColumn) = (line, column)
        guard let b = peek else { throw unexpected(Self.expectedValue) }
        switch b {
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            let word = readWord()
            switch word {
            case "true", "false":
                append(JSONTape.Entry(kind: .bool, simple: word == "true", line: startLine, column: startColumn))
            case "null": append(JSONTape.Entry(kind: .null, line: startLine, column: startColumn))
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

    /// Reads a string into an entry: its bytes when it has no escape, else its text in `decoded`.
    private mutating func parseString() throws(JSONSyntaxError) {
        var entry = JSONTape.Entry(kind: .string, line: line, column: column)
        advance()  // opening quote
        // A run of plain ASCII (no quote, backslash or control character): one column a byte.
        let runStart = index
        skipPlainASCII()
        (entry.start, entry.end) = (runStart, index)
        if peek == UInt8(ascii: "\"") {
            advance()
            entry.simple = true
            append(entry)
            return
        }
        var out: [UInt8]? = nil  // the text so far, once an escape is read
        while true {
            guard let b = peek else {
                throw JSONSyntaxError(
                    line: entry.line, column: entry.column,
                    message:
                        "this string is not closed: no '\"' before the end of the text")
            }
            switch b {
            case UInt8(ascii: "\""):
                entry.end = index
                advance()
                if let out {
                    entry.escaped = true
                    entry.start = decoded.count
                    decoded.append(String(decoding: out, as: UTF8.self))
                }
                append(entry)
                return
            case UInt8(ascii: "\\"):
                if out == nil { out = Array(bytes[runStart..<index]) }
                try parseEscape(into: &out!)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("line break inside a string; write it as \\n, or close the string with '\"'")
            case 0..<0x20:
                throw error(
                    "control character U+\(JSONWriter.hex(Int(b), 4)) inside a string must be escaped (as \\u\(JSONWriter.hex(Int(b), 4)))"
                )
            case 0x20..<0x80:
                let start = index
                skipPlainASCII()
                out?.append(contentsOf: bytes[start..<index])
            default:
                guard let length = Self.utf8SequenceLength(in: bytes, at: index) else { throw invalidUTF8() }
                out?.append(contentsOf: bytes[index..<index + length])
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

    /// Reads a number into an entry (its text's range; `simple` for an integer of at most 15 digits).
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let (startLine, startColumn, start) = (line, column, index)
        if peek == UInt8(ascii: "-") { advance() }
        guard let first = peek, Self.isDigit(first) else { throw unexpected("expected a digit after '-'") }
        advance()
        if first == UInt8(ascii: "0"), let next = peek, Self.isDigit(next) {
            throw JSONSyntaxError(line: startLine, column: startColumn, message: "numbers must not have leading zeros")
        }
        skipDigits()
        var simple = index - start <= 15
        if peek == UInt8(ascii: ".") {
            advance()
            guard let d = peek, Self.isDigit(d) else { throw unexpected("expected a digit after the decimal point") }
            skipDigits()
            simple = false
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard let d = peek, Self.isDigit(d) else { throw unexpected("expected a digit in the exponent") }
            skipDigits()
            simple = false
        }
        // An integer of at most 15 digits is finite; any other text is read now, to refuse one
        // too large for a Double.
        if !simple {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                let shown = text.count > 40 ? text.prefix(40) + "…" : text
                throw JSONSyntaxError(line: startLine, column: startColumn, message: "the number \(shown) is too large")
            }
        }
        append(
            JSONTape.Entry(kind: .number, simple: simple, line: startLine, column: startColumn, start: start, end: index))
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
        var i = index
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: column += 1
            case 0x0A:
                line += 1
                column = 1
            default:
                index = i
                return
            }
            i += 1
        }
        index = i
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
