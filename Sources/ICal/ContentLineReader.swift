/// Splits iCalendar bytes into unfolded content lines in one pass, handing each to a callback.
///
/// A UTF-8 byte order mark before the first line is skipped. Accepts CRLF, LF-only and CR-only
/// line endings; a line starting with a space or a tab continues the previous one (RFC 5545
/// §3.1). Blank lines are skipped. The input is first checked to be UTF-8 without NUL bytes (the first bad byte is reported
/// with its line, before any other problem).
/// Without `strict`, a line whose folding space was lost is joined back to the line before
/// (`ContentLineRecovery`) and reported. A line that was not folded is handed over as the range
/// of the input it is (no copy); a folded one is unfolded into one of two reused buffers, so the
/// work is linear in the input and memory follows the longest content line.
struct ContentLineReader {
    var strict: Bool
    var limits: ICalLimits
    var warnings: [ICalWarning] = []
    /// The content line being unfolded.
    private var current = HeldLine()
    /// The previous complete content line, held back until the next one shows whether it was
    /// continued with a lost folding space.
    private var pending = HeldLine()

    /// A content line the reader holds: a range of the input until it is folded, then the bytes
    /// unfolded into `storage`.
    private struct HeldLine {
        /// 1-based physical line of its first physical line; 0 when there is none.
        var line = 0
        var range = 0..<0
        /// The end of its last physical line in the input (past `range` once folded).
        var end = 0
        /// Whether the bytes are in `storage` (folded), not `range` of the input.
        var owned = false
        var storage: [UInt8] = []

        func count() -> Int { owned ? storage.count : range.count }

        /// Calls `body` with the line (its bytes valid during the call).
        func lend<R>(
            _ input: UnsafeBufferPointer<UInt8>, _ body: (ContentLine) throws(ICalError) -> R
        ) throws(ICalError) -> R {
            let span = range.lowerBound..<end
            guard owned else {
                return try body(ContentLine(line: line, bytes: UnsafeBufferPointer(rebasing: input[range]), span: span))
            }
            return try storage.withUnsafeBufferPointer { (b) throws(ICalError) in
                try body(ContentLine(line: line, bytes: b, span: span))
            }
        }

        /// Calls `body` with the line's bytes (valid during the call), without making a line of them.
        func withBytes<R>(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            owned ? storage.withUnsafeBufferPointer(body) : body(UnsafeBufferPointer(rebasing: input[range]))
        }

        /// Copies the input range into `storage`, to append to it.
        mutating func own(_ input: UnsafeBufferPointer<UInt8>) {
            guard !owned else { return }
            storage.removeAll(keepingCapacity: true)
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
            owned = true
        }
    }

    /// The physical line the input's first line is (1 for a whole file; a unit's BEGIN line when
    /// the input is one unit of a file read again, `CalendarStream`).
    var firstLine = 1
    /// Whether `read` checks the encoding of all of its input first (off when the caller did,
    /// `CalendarStream`).
    var checksEncoding = true

    init(strict: Bool, limits: ICalLimits, firstLine: Int = 1) {
        self.strict = strict
        self.limits = limits
        self.firstLine = firstLine
    }

    /// Reads all of `bytes`, calling `emit` with each content line in order.
    mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>, emit: (ContentLine) throws(ICalError) -> Void
    ) throws(ICalError) {
        let n = bytes.count
        var i = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        // Bytes that are not text are reported first, wherever they are.
        if checksEncoding, let bad = UTF8Check.firstInvalid(bytes, from: i, to: n) {
            throw .invalidEncoding(line: Self.line(of: bad, in: bytes) + firstLine - 1)
        }
        var lineNo = firstLine - 1
        while i < n {
            lineNo += 1
            var j = Self.lineEnd(bytes, from: i)
            if j > i && (bytes[i] == 32 || bytes[i] == 9) && current.line > 0 {
                try append(bytes, from: i + 1, to: j)
            } else {
                try complete(bytes, emit)
                var s = i
                while s < j && (bytes[s] == 32 || bytes[s] == 9) { s += 1 }
                if s < j {
                    current.line = lineNo
                    try start(s..<j)
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
        try complete(bytes, emit)
        if pending.line > 0 { try pending.lend(bytes, emit) }
    }

    /// The index of the first CR or LF at or after `start`, or the end: eight bytes compared at
    /// once, the first CR or LF among them found from the lowest flag.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = bytes.count
        var j = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            while j + 8 <= n {
                let w = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                let lf = w ^ (ones &* 10)
                let cr = w ^ (ones &* 13)
                // A zero byte in `lf` or `cr` is an LF or CR in `w`; the lowest flag is exact (a
                // borrow only reaches bytes above a zero byte). Little-endian: byte k is bits 8k.
                let flags = ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & high
                if flags != 0 { return j + flags.littleEndian.trailingZeroBitCount / 8 }
                j += 8
            }
        }
        while j < n && bytes[j] != 10 && bytes[j] != 13 { j += 1 }
        return j
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

    /// Starts the current content line as `range` of the input.
    private mutating func start(_ range: Range<Int>) throws(ICalError) {
        guard range.count <= limits.maxContentLineBytes else {
            throw .lineTooLong(line: current.line, limit: limits.maxContentLineBytes)
        }
        current.range = range
        current.end = range.upperBound
        current.owned = false
    }

    /// Appends a continuation line's bytes to the current content line.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) throws(ICalError) {
        guard current.count() + (to - from) <= limits.maxContentLineBytes else {
            throw .lineTooLong(line: current.line, limit: limits.maxContentLineBytes)
        }
        current.own(bytes)
        current.storage.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<to]))
        current.end = to
    }

    /// Ends the current content line: joins it to the pending one when it is a lost fold, else
    /// emits the pending one and holds this one back.
    private mutating func complete(
        _ input: UnsafeBufferPointer<UInt8>, _ emit: (ContentLine) throws(ICalError) -> Void
    ) throws(ICalError) {
        guard current.line > 0 else { return }
        if !strict, pending.line > 0, !current.withBytes(input, ContentLineRecovery.isContentLineShaped),
            try !pending.lend(input, ContentLineRecovery.isDelimiter)
        {
            guard pending.count() + current.count() <= limits.maxContentLineBytes else {
                throw .lineTooLong(line: pending.line, limit: limits.maxContentLineBytes)
            }
            pending.own(input)
            if current.owned {
                pending.storage.append(contentsOf: current.storage)
            } else {
                pending.storage.append(contentsOf: UnsafeBufferPointer(rebasing: input[current.range]))
            }
            pending.end = current.end
            warnings.append(.brokenFolding(line: current.line, continuing: pending.line))
        } else {
            if pending.line > 0 { try pending.lend(input, emit) }
            swap(&pending, &current)
        }
        current.line = 0
        current.owned = false
    }
}

/// UTF-8 validity (no NUL, no overlong forms, no surrogates, nothing past U+10FFFF).
enum UTF8Check {
    /// `ContentLineReader.read`'s check of a whole input, in pieces of about `piece` bytes, each
    /// handed to `release` (its end) once checked: the first bad byte's line, as `read` throws it.
    static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, piece: Int = 4 << 20, release: (Int) -> Void
    ) throws(ICalError) {
        let n = bytes.count
        var start = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while start < n {
            var end = min(n, start + piece)
            // A piece ends before a character's first byte, never inside one.
            while end < n && end > start + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if let bad = firstInvalid(bytes, from: start, to: end) {
                throw .invalidEncoding(line: ContentLineReader.line(of: bad, in: bytes))
            }
            release(end)
            start = end
        }
    }

    /// The offset of the first byte in `b[from..<to]` that is NUL or breaks UTF-8, or nil.
    static func firstInvalid(_ b: UnsafeBufferPointer<UInt8>, from: Int, to n: Int) -> Int? {
        var i = from
        while i < n {
            if i + 8 <= n, let base = b.baseAddress, isPlainASCII(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
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

    /// Whether the eight bytes of `w` are all ASCII and none is NUL (a run checked at once).
    static func isPlainASCII(_ w: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        // With no byte at 0x80 or above, `(w - 0x01...) & ~w` sets a byte's top bit only below a NUL.
        return w & high == 0 && (w &- 0x0101_0101_0101_0101) & ~w & high == 0
    }
}
