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
        var lines = [SyncStatus.magic, "folder\t" + Self.escape(folder)]
        for e in entries.values.sorted(by: { $0.uid < $1.uid }) {
            let fields = [
                "item", Self.escape(e.uid), e.owner.rawValue, Self.escape(e.file), Self.escape(e.etag),
                Self.field(e.written), Self.field(e.pending),
            ]
            lines.append(fields.joined(separator: "\t"))
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
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

    private static func field(_ r: Revision?) -> String {
        guard let r else { return "-" }
        return [r.hash, r.key, String(r.feed.sequence), String(r.feed.lastModified), r.feed.contentHash].joined(separator: ",")
    }

    /// `(revision?)` wrapped so that a malformed field (nil) differs from `-` (`.some(nil)`).
    private static func revision(_ s: String) -> (Revision?, Void)? {
        if s == "-" { return (nil, ()) }
        let p = s.utf8.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard p.count == 5, let seq = Int(p[2]), let modified = Int(p[3]) else { return nil }
        return (Revision(hash: p[0], key: p[1], feed: FeedRevision(sequence: seq, lastModified: modified, contentHash: p[4])), ())
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        guard s.utf8.contains(0x25) else { return s }
        return s.replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%25", with: "%")
    }
}
