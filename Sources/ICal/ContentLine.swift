/// One unfolded iCalendar content line and where it started in the input.
struct ContentLine: Sendable {
    /// 1-based physical line number of the first physical line.
    var line: Int
    var text: Substring

    /// The property or BEGIN/END name: the text before the first ';' or ':' (upper-cased).
    var name: String {
        let end = text.firstIndex(where: { $0 == ";" || $0 == ":" }) ?? text.endIndex
        return text[text.startIndex..<end].uppercased()
    }

    /// The value after the first ':' outside quotes, for BEGIN/END lines.
    var value: Substring {
        var inQuotes = false
        for i in text.indices {
            let c = text[i]
            if c == "\"" { inQuotes.toggle() }
            if c == ":" && !inQuotes { return text[text.index(after: i)...] }
        }
        return ""
    }
}

/// Splits iCalendar text into unfolded content lines.
///
/// Accepts CRLF, LF-only and CR-only line endings; a line starting with a space or a tab continues
/// the previous one (RFC 5545 §3.1). Blank lines are skipped.
enum ContentLineReader {
    static func read(_ bytes: [UInt8]) throws(ICalError) -> [ContentLine] {
        if let bad = firstInvalidOffset(bytes) {
            let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            throw .invalidEncoding(line: line)
        }
        var result: [ContentLine] = []
        var current: [UInt8] = []
        var currentLine = 0
        func flush() {
            if currentLine > 0 && !current.isEmpty {
                result.append(ContentLine(line: currentLine, text: Substring(String(decoding: current, as: UTF8.self))))
            }
            current.removeAll(keepingCapacity: true)
            currentLine = 0
        }
        var lineNo = 1
        var i = 0
        let n = bytes.count
        while i < n {
            // Find the end of this physical line.
            var j = i
            while j < n && bytes[j] != 10 && bytes[j] != 13 { j += 1 }
            let isContinuation = j > i && (bytes[i] == 32 || bytes[i] == 9)
            if isContinuation && currentLine > 0 {
                current.append(contentsOf: bytes[(i + 1)..<j])
            } else if j > i {
                flush()
                var s = i
                while s < j && (bytes[s] == 32 || bytes[s] == 9) { s += 1 }
                if s < j {
                    currentLine = lineNo
                    current.append(contentsOf: bytes[s..<j])
                }
            } else {
                flush()  // a blank line ends the previous content line
            }
            // Consume the line ending: CRLF, LF or CR.
            if j < n && bytes[j] == 13 {
                j += 1
                if j < n && bytes[j] == 10 { j += 1 }
            } else if j < n {
                j += 1
            }
            lineNo += 1
            i = j
        }
        flush()
        return result
    }

    /// Offset of the first byte that is NUL or breaks UTF-8, or nil.
    static func firstInvalidOffset(_ b: [UInt8]) -> Int? {
        var i = 0
        let n = b.count
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
