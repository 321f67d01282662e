public import Foundation

/// The status file of the syncs before the sync store (read only to move it into the store,
/// `SyncStore+Migration.swift`): UTF-8 text, one line per item, fields separated by tabs, `%`,
/// tab, CR and LF inside a field written as `%25`, `%09`, `%0D`, `%0A`; lines sorted by UID.
///
///     dosecal-sync-status<TAB>1
///     folder<TAB>/home/me/.calendars/doses
///     item<TAB>UID<TAB>schedule|calendar<TAB>FILE<TAB>ETAG<TAB>WRITTEN<TAB>PENDING
///
/// WRITTEN and PENDING are `-` or `HASH,KEY,SEQUENCE,LAST-MODIFIED,EVENT-HASH` (`SyncStatus.Revision`).
extension SyncStatus {
    static let magic = "dosecal-sync-status\t1"

    /// The stem of the files of syncing `schedule` with `folder`: next to the schedule, a dot
    /// file named after it and a hash of the folder's absolute path, so one schedule can be
    /// synced with several folders. The sync store is this with `.db` (`SyncStore.path(stem:)`);
    /// before the store, the status file itself.
    public static func path(schedule: String, folder: String) -> String {
        let url = URL(fileURLWithPath: schedule)
        let dir = url.deletingLastPathComponent().path
        let tag = SHA256.hex(folder).prefix(12)
        return dir + "/." + url.lastPathComponent + ".sync-" + tag
    }

    /// Reads a status file's text; `source` names it in errors.
    public init(decoding data: Data, source: String) throws(SyncError) {
        let read = { (raw: UnsafeRawBufferPointer) -> Result<SyncStatus, SyncError> in
            Result { () throws(SyncError) in try Self.read(raw.bindMemory(to: UInt8.self), source: source) }
        }
        self = try data.withUnsafeBytes(read).get()
    }

    /// Lines and fields found on the bytes LF and TAB (UTF-8 never uses them inside a character),
    /// each field made a String once: no array per line, no String per piece of a revision.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(SyncError) -> SyncStatus {
        var folder = ""
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(bytes.count / 200)
        guard !bytes.isEmpty else {
            throw .badStatus(path: source, line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")
        }
        var order: [String] = []  // the lines' UIDs, while they ascend
        var ascending = true
        var start = 0
        var number = 0
        // A text ending in LF has no line after it (the last, empty piece is not a line).
        while start < bytes.count {
            let end = Self.lineEnd(bytes, from: start)
            defer { start = end + 1 }
            number += 1
            let line = StatusLine(bytes, start, end)
            if number == 1 {
                guard line.equals(SyncStatus.magic) else {
                    throw .badStatus(path: source, line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")
                }
                continue
            }
            if line.count == 2 && line.field(0, equals: "folder") {
                folder = line.text(1)
                continue
            }
            guard line.count == 7, line.field(0, equals: "item"), let owner = Owner(rawValue: line.text(2)),
                let written = line.revision(5), let pending = line.revision(6)
            else {
                throw .badStatus(path: source, line: number, reason: "expected item, UID, owner, file, etag, written, pending")
            }
            let uid = line.text(1)
            entries[uid] = Entry(
                uid: uid, owner: owner, file: line.text(3), etag: line.text(4), written: written.0, pending: pending.0)
            if ascending {
                if let last = order.last, !(last < uid) { ascending = false } else { order.append(uid) }
            }
        }
        var status = SyncStatus(folder: folder, entries: entries)
        if ascending { status.order = order }
        return status
    }

    /// The index of the first LF at or after `start`, or the end of `bytes`.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, let lf = memchr(base + start, 0x0A, bytes.count - start) else {
            return bytes.count
        }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(lf))
    }

    /// `(revision?)` wrapped so that a malformed field (nil) differs from `-` (`.some(nil)`).
    static func revision(_ s: String) -> (Revision?, Void)? {
        if s == "-" { return (nil, ()) }
        let p = s.utf8.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard p.count == 5, let seq = Int(p[2]), let modified = Int(p[3]) else { return nil }
        return (Revision(hash: p[0], key: p[1], feed: FeedRevision(sequence: seq, lastModified: modified, contentHash: p[4])), ())
    }

    /// `s`'s UTF-8 bytes appended to `out`, with `%`, tab, LF and CR (and `,` when `commas`)
    /// written `%XX` (ASCII bytes, never part of a longer UTF-8 sequence).
    static func escape(_ s: String, commas: Bool = false, into out: inout [UInt8]) {
        // Most fields hold none of these bytes: copied in one piece.
        let plain = s.utf8.withContiguousStorageIfAvailable { buffer in
            guard !buffer.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 == 0x2C && commas) })
            else { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if plain == true { return }
        for b in s.utf8 {
            switch b {
            case 0x25: out += "%25".utf8
            case 0x09: out += "%09".utf8
            case 0x0A: out += "%0A".utf8
            case 0x0D: out += "%0D".utf8
            case 0x2C where commas: out += "%2C".utf8
            default: out.append(b)
            }
        }
    }

    /// `escape` as a string.
    static func escaped(_ s: String, commas: Bool) -> String {
        var out: [UInt8] = []
        escape(s, commas: commas, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Undoes `escape`: `%2C` too, which only `commas` writes (a `%` of the text is always written
    /// `%25`, so `%2C` never stands for anything but a comma).
    static func unescape<S: StringProtocol>(_ s: S) -> String {
        let escaped = s.utf8.withContiguousStorageIfAvailable { $0.contains(0x25) } ?? s.utf8.contains(0x25)
        guard escaped else { return String(s) }
        return s.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
