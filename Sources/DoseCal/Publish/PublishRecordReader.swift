import Foundation

/// The publish record read line by line, as its lines are needed (`PublishRecord+Text.swift`
/// has the format): the settings at once, then the feeds in the order they were written (by
/// path), then the retired names. Only a buffer of the file is held, whatever the number of
/// schedules, so that a publish of many schedules merges the record with the listing of the
/// schedules instead of holding either.
final class PublishRecordReader {
    /// Where the record is (it names it in errors).
    let path: String
    /// The settings and the site folder's status (no entries, no retired names).
    private(set) var header = PublishRecord()
    /// The record file is there (a first publish has none).
    let exists: Bool
    private var fd: Int32 = -1
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<count]`.
    private var start = 0
    private var count: Int
    private var atEnd: Bool
    private var lineNumber = 0
    /// A line read ahead: the first feed line after the settings, or the first retired name.
    private var ahead: PublishRecord.Line? = nil
    private static let chunk = 65_536

    /// Opens the record at `path` and reads its settings; none there: an empty record.
    init(path: String) throws(PublishError) {
        self.path = path
        do {
            fd = try Syscalls.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            exists = true
        } catch  where error == .noSuchFile {
            exists = false
        } catch {
            throw .io(path: path, reason: "cannot read the publish record: it \(error)")
        }
        buffer = []
        count = 0
        atEnd = !exists
        if exists { try readSettings() }
    }

    /// Reads the record `bytes`; `path` names it in errors.
    init(bytes: [UInt8], path: String) throws(PublishError) {
        self.path = path
        exists = true
        buffer = bytes
        count = bytes.count
        atEnd = true
        try readSettings()
    }

    deinit { if fd >= 0 { Syscalls.close(fd) } }

    /// The next feed entry, in the record's order; nil after the last.
    func next() throws(PublishError) -> (identity: String, entry: PublishRecord.Entry)? {
        if case .entry(let identity, let entry)? = ahead {
            ahead = nil
            return (identity, entry)
        }
        if ahead != nil { return nil }
        guard let line = try line() else { return nil }
        switch line {
        case .entry(let identity, let entry): return (identity, entry)
        case .retired:
            ahead = line
            return nil
        default: throw problem("a setting after the feeds")
        }
    }

    /// The retired names (read after the last entry; the entries left are skipped).
    func retired() throws(PublishError) -> [PublishRecord.Retired] {
        while try next() != nil {}
        var result: [PublishRecord.Retired] = []
        if case .retired(let r)? = ahead { result.append(r) }
        ahead = nil
        while let line = try line() {
            guard case .retired(let r) = line else { throw problem("a line after the retired names that is not one") }
            result.append(r)
        }
        return result
    }

    /// The first line and the settings, up to the first feed or retired name.
    private func readSettings() throws(PublishError) {
        guard let first = try nextRange() else { throw PublishError.badRecord(path: path, line: 1, reason: "the file is empty") }
        let header = buffer.withUnsafeBufferPointer { b in
            b[first].elementsEqual(PublishRecord.header.utf8)
        }
        guard header else { throw problem("the first line is not \"\(PublishRecord.header)\"") }
        while let line = try line() {
            switch line {
            case .setting(let key, let value):
                switch key {
                case "site": self.header.site = value
                case "build": self.header.build = value
                case "secret": self.header.secretTag = value
                default: self.header.baseURL = value
                }
            case .folder(let key): self.header.siteFolder = key
            default:
                ahead = line
                return
            }
        }
    }

    /// The next line read; nil at the end of the file.
    private func line() throws(PublishError) -> PublishRecord.Line? {
        guard let range = try nextRange() else { return nil }
        let parsed = buffer.withUnsafeBufferPointer { b in
            var fields = PublishRecord.Fields(b)
            fields.split(range)
            return PublishRecord.parse(fields)
        }
        switch parsed {
        case .success(let line): return line
        case .failure(let p): throw problem(p.reason)
        }
    }

    private func problem(_ reason: String) -> PublishError { .badRecord(path: path, line: lineNumber, reason: reason) }

    /// Where the next line is in `buffer` (without its line feed), reading more of the file when
    /// the buffer holds no whole line; nil at the end.
    private func nextRange() throws(PublishError) -> Range<Int>? {
        while true {
            if start < count {
                let end = buffer.withUnsafeBufferPointer { b in
                    PublishRecord.index(of: 0x0A, in: UnsafeBufferPointer(rebasing: b[..<count]), from: start)
                }
                if end < count || atEnd {
                    lineNumber += 1
                    defer { start = end + 1 }
                    return start..<end
                }
            } else if atEnd {
                return nil
            }
            try fill()
        }
    }

    /// Moves the unread bytes to the front and reads more after them (a longer buffer for a line
    /// longer than it).
    private func fill() throws(PublishError) {
        let unread = count - start
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { b in
                UnsafeMutableRawPointer(b.baseAddress!).copyMemory(from: b.baseAddress! + start, byteCount: unread)
            }
            start = 0
            count = unread
        }
        if buffer.count - count < Self.chunk / 2 { buffer += [UInt8](repeating: 0, count: max(Self.chunk, buffer.count)) }
        let n: Int
        do {
            n = try buffer.withUnsafeMutableBytes { b in
                Result { () throws(Errno) in try Syscalls.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: b[count...])) }
            }.get()
        } catch {
            throw .io(path: path, reason: "cannot read the publish record: it \(error)")
        }
        if n == 0 { atEnd = true }
        count += n
    }
}
