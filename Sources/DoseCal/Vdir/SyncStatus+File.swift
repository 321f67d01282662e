public import Foundation

/// The status file: UTF-8 text, one line per item, fields separated by tabs, `%`, tab, CR and LF
/// inside a field written as `%25`, `%09`, `%0D`, `%0A`; lines sorted by UID. A line format
/// rather than JSON because a 5,000-item status is read on every sync (docs/sync.md).
///
///     dosecal-sync-status<TAB>1
///     folder<TAB>/home/me/.calendars/doses
///     item<TAB>UID<TAB>schedule|calendar<TAB>FILE<TAB>ETAG<TAB>WRITTEN<TAB>PENDING
///
/// WRITTEN and PENDING are `-` or `HASH,KEY,SEQUENCE,LAST-MODIFIED,EVENT-HASH` (`SyncStatus.Revision`).
extension SyncStatus {
    static let magic = "dosecal-sync-status\t1"

    /// Where the status of syncing `schedule` with `folder` lives: next to the schedule, a dot
    /// file named after it and a hash of the folder's absolute path, so one schedule can be
    /// synced with several folders. `<status>.lock` is the lock file.
    public static func path(schedule: String, folder: String) -> String {
        let url = URL(fileURLWithPath: schedule)
        let dir = url.deletingLastPathComponent().path
        let tag = SHA256.hex(folder).prefix(12)
        return dir + "/." + url.lastPathComponent + ".sync-" + tag
    }

    /// The status text.
    public func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + entries.count * 320)
        out += SyncStatus.magic.utf8
        out += "\nfolder\t".utf8
        Self.escape(folder, into: &out)
        out.append(0x0A)
        for e in entries.values.sorted(by: { $0.uid < $1.uid }) {
            out += "item\t".utf8
            Self.escape(e.uid, into: &out)
            out.append(0x09)
            out += e.owner.rawValue.utf8
            for text in [e.file, e.etag] {
                out.append(0x09)
                Self.escape(text, into: &out)
            }
            for revision in [e.written, e.pending] {
                out.append(0x09)
                Self.field(revision, into: &out)
            }
            out.append(0x0A)
        }
        return Data(out)
    }

    /// Reads a status file's text; `source` names it in errors.
    public init(decoding data: Data, source: String) throws(SyncError) {
        // Lines and fields split on the bytes LF and TAB (UTF-8 never uses them inside a character).
        var lines = [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, first.elementsEqual(SyncStatus.magic.utf8) else {
            throw .badStatus(path: source, line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")
        }
        var folder = ""
        var entries: [String: Entry] = [:]
        for (index, line) in lines.enumerated().dropFirst() {
            let f = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                Self.unescape(String(decoding: $0, as: UTF8.self))
            }
            if f.count == 2 && f[0] == "folder" {
                folder = f[1]
                continue
            }
            guard f.count == 7, f[0] == "item", let owner = Owner(rawValue: f[2]),
                let written = Self.revision(f[5]), let pending = Self.revision(f[6])
            else {
                throw .badStatus(path: source, line: index + 1, reason: "expected item, UID, owner, file, etag, written, pending")
            }
            entries[f[1]] = Entry(uid: f[1], owner: owner, file: f[3], etag: f[4], written: written.0, pending: pending.0)
        }
        self.init(folder: folder, entries: entries)
    }

    private static func field(_ r: Revision?, into out: inout [UInt8]) {
        guard let r else { return out.append(UInt8(ascii: "-")) }
        for (i, part) in [r.hash, r.key, String(r.feed.sequence), String(r.feed.lastModified), r.feed.contentHash].enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += part.utf8
        }
    }

    /// `(revision?)` wrapped so that a malformed field (nil) differs from `-` (`.some(nil)`).
    private static func revision(_ s: String) -> (Revision?, Void)? {
        if s == "-" { return (nil, ()) }
        let p = s.utf8.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard p.count == 5, let seq = Int(p[2]), let modified = Int(p[3]) else { return nil }
        return (Revision(hash: p[0], key: p[1], feed: FeedRevision(sequence: seq, lastModified: modified, contentHash: p[4])), ())
    }

    /// `s`'s UTF-8 bytes appended to `out`, with `%`, tab, LF and CR (and `,` when `commas`)
    /// written `%XX` (ASCII bytes, never part of a longer UTF-8 sequence).
    static func escape(_ s: String, commas: Bool = false, into out: inout [UInt8]) {
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
        guard s.utf8.contains(0x25) else { return String(s) }
        return s.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
