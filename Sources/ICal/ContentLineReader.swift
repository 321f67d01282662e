/// Splits iCalendar bytes into unfolded content lines in one pass, handing each to a callback.
///
/// A UTF-8 byte order mark before the first line is skipped. Accepts CRLF, LF-only and CR-only
/// line endings; a line starting with a space or a tab continues the previous one (RFC 5545
/// §3.1). Blank lines are skipped. The input is first checked to be UTF-8 without NUL bytes (the first bad byte is reported
/// with its line, before any other problem).
/// Without `strict`, a line whose folding space was lost is joined back to the line before
/// (`ContentLineRecovery`) and reported. Every step appends to reused buffers, so the work is
/// linear in the input and memory follows the longest content line.
struct ContentLineReader {
    var strict: Bool
    var limits: ICalLimits
    var warnings: [ICalWarning] = []
    /// The content line being unfolded.
    private var current = ContentLine(line: 0, bytes: [])
    /// The previous complete content line, held back until the next one shows whether it was
    /// continued with a lost folding space.
    private var pending = ContentLine(line: 0, bytes: [])

    init(strict: Bool, limits: ICalLimits) {
        self.strict = strict
        self.limits = limits
    }

    /// Reads all of `bytes`, calling `emit` with each content line in order.
    mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>, emit: (ContentLine) throws(ICalError) -> Void
    ) throws(ICalError) {
        let n = bytes.count
        var i = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        // Bytes that are not text are reported first, wherever they are.
        if let bad = UTF8Check.firstInvalid(bytes, from: i, to: n) { throw .invalidEncoding(line: Self.line(of: bad, in: bytes)) }
        var lineNo = 0
        while i < n {
            lineNo += 1
            var j = i
            while j < n && bytes[j] != 10 && bytes[j] != 13 { j += 1 }
            if j > i && (bytes[i] == 32 || bytes[i] == 9) && current.line > 0 {
                try append(bytes, from: i + 1, to: j)
            } else {
                try complete(emit)
                var s = i
                while s < j && (bytes[s] == 32 || bytes[s] == 9) { s += 1 }
                if s < j {
                    current.line = lineNo
                    try append(bytes, from: s, to: j)
                }
            }
            // Consume the line ending: CRLF, LF or CR.
            if j < n && bytes[j] == 13 {
                j += 1
                if j < n && bytes[j] == 10 { j += 1 }
            } else if j < n {
                j += 1
            }
            i = j
        }
        try complete(emit)
        if pending.line > 0 { try emit(pending) }
    }

    /// The 1-based physical line of byte `offset` (CRLF, LF and CR each end a line).
    static func line(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        var k = 0
        while k < offset {
            if bytes[k] == 10 || (bytes[k] == 13 && (k + 1 >= bytes.count || bytes[k + 1] != 10)) { line += 1 }
            k += 1
        }
        return line
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) throws(ICalError) {
        guard current.bytes.count + (to - from) <= limits.maxContentLineBytes else {
            throw .lineTooLong(line: current.line, limit: limits.maxContentLineBytes)
        }
        current.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<to]))
    }

    /// Ends the current content line: joins it to the pending one when it is a lost fold, else
    /// emits the pending one and holds this one back.
    private mutating func complete(_ emit: (ContentLine) throws(ICalError) -> Void) throws(ICalError) {
        guard current.line > 0 else { return }
        if !strict, pending.line > 0, !ContentLineRecovery.isContentLineShaped(current.bytes),
            !ContentLineRecovery.isDelimiter(pending)
        {
            guard pending.bytes.count + current.bytes.count <= limits.maxContentLineBytes else {
                throw .lineTooLong(line: pending.line, limit: limits.maxContentLineBytes)
            }
            pending.bytes.append(contentsOf: current.bytes)
            warnings.append(.brokenFolding(line: current.line, continuing: pending.line))
        } else {
            if pending.line > 0 { try emit(pending) }
            swap(&pending, &current)
        }
        current.line = 0
        current.bytes.removeAll(keepingCapacity: true)
    }
}

/// UTF-8 validity (no NUL, no overlong forms, no surrogates, nothing past U+10FFFF).
enum UTF8Check {
    /// The offset of the first byte in `b[from..<to]` that is NUL or breaks UTF-8, or nil.
    static func firstInvalid(_ b: UnsafeBufferPointer<UInt8>, from: Int, to n: Int) -> Int? {
        var i = from
        while i < n {
            let c = b[i]
            if c == 0 { return i }
            if c < 0x80 {
                i += 1
                continue
            }
            let len: Int
            if c & 0xE0 == 0xC0 {
                len = 2
                if c < 0xC2 { return i }
            } else if c & 0xF0 == 0xE0 {
                len = 3
            } else if c & 0xF8 == 0xF0 {
                len = 4
                if c > 0xF4 { return i }
            } else {
                return i
            }
            if i + len > n { return i }
            for k in 1..<len where b[i + k] & 0xC0 != 0x80 { return i }
            if len == 3 {
                let v = (Int(c & 0x0F) << 12) | (Int(b[i + 1] & 0x3F) << 6)
                if v < 0x800 || (v >= 0xD800 && v <= 0xDFFF) { return i }
            }
            if len == 4 {
                let v = (Int(c & 0x07) << 18) | (Int(b[i + 1] & 0x3F) << 12)
                if v < 0x10000 || v > 0x10FFFF { return i }
            }
            i += len
        }
        return nil
    }
}
