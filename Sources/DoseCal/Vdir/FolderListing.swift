import Foundation

/// The item files of a vdir folder as a no-op sync found them in step with the status: each name
/// with the etag the status records for it, in the order the folder lists them (`readdir`), and
/// how many items dosecal owns. Kept in the inputs record (`VdirSync+Unchanged.swift`), so that
/// the next no-op compares the folder with it, byte for byte, without reading the status.
///
/// The etags are the status', never ones read while the listing is made: a file that changes
/// after the status was checked differs from its line at the next run, which then runs in full.
/// A folder listed in another order (a file removed and added again) runs in full too.
struct FolderListing: Equatable {
    /// `NAME<TAB>ETAG\n` per item file, in the folder's order.
    var lines: [UInt8]
    /// The status entries dosecal owns (the report's "in step").
    var inStep: Int

    init(lines: [UInt8], inStep: Int) {
        self.lines = lines
        self.inStep = inStep
    }

    /// The listing of the item files among `names` (in the folder's order) with the etags
    /// `etag` gives them (the status'), `inStep` items; nil when a name has no etag or holds a
    /// tab or a line end.
    init?(names: [(name: String, type: UInt8)], etag: (String) -> String?, inStep: Int) {
        lines = []
        lines.reserveCapacity(names.count * 80)
        for (name, _) in names where VdirName.isItem(name) {
            guard let etag = etag(name) else { return nil }
            for byte in name.utf8 {
                guard byte != 0x09 && byte != 0x0A && byte != 0x0D else { return nil }
                lines.append(byte)
            }
            lines.append(0x09)
            lines.append(contentsOf: etag.utf8)
            lines.append(0x0A)
        }
        self.inStep = inStep
    }

    /// How many item files are listed.
    var itemCount: Int { lines.count { $0 == 0x0A } }

    /// The entries of `status` dosecal owns.
    static func inStep(of status: SyncStatus) -> Int { status.entries.values.filter { $0.owner == .schedule }.count }

    /// The listing as the inputs record holds it after its first line: `in-step N\n`, then the lines.
    var record: [UInt8] { Array("in-step \(inStep)\n".utf8) + lines }

    /// The listing of `record` (as `record` writes it); nil when it is not one.
    init?(record: ArraySlice<UInt8>) {
        let prefix = "in-step ".utf8
        guard record.starts(with: prefix), let end = record.firstIndex(of: 0x0A),
            let count = Int(String(decoding: record[(record.startIndex + prefix.count)..<end], as: UTF8.self)),
            record.last == 0x0A || end == record.endIndex - 1
        else { return nil }
        self.init(lines: Array(record[(end + 1)...]), inStep: count)
    }

    /// The item files of the folder open at `fd` (whose entries are `names`, in its order) whose
    /// etag is not the listed one, each with the listed etag and its etag now, when the folder
    /// holds exactly these item files in this order, each a regular file, and no temporary of an
    /// interrupted write; nil otherwise. Empty: the folder is as listed.
    func changedEtags(_ names: [(name: String, type: UInt8)], in fd: Int32) -> [ChangedEtag]? {
        var at = 0
        var changed: [ChangedEtag] = []
        let same = lines.withUnsafeBytes { listed in
            for (name, _) in names {
                if AtomicFile.leftover(name) != nil { return false }
                guard VdirName.isItem(name) else { continue }
                // The line: this name, a tab, the etag of the file now, a line end.
                for byte in name.utf8 {
                    guard at < listed.count, listed[at] == byte else { return false }
                    at += 1
                }
                guard at < listed.count, listed[at] == 0x09, let end = listed[(at + 1)...].firstIndex(of: 0x0A),
                    let st = try? Syscalls.lstat(name, in: fd), st.kind == .regular
                else { return false }
                let etag = EtagText(st)
                let recorded = UnsafeRawBufferPointer(rebasing: listed[(at + 1)..<end])
                if !etag.equals(recorded) {
                    changed.append(
                        ChangedEtag(
                            name: name, listed: String(decoding: recorded, as: UTF8.self), now: etag.string,
                            bytes: (at + 1)..<end))
                }
                at = end + 1
            }
            return at == listed.count
        }
        return same ? changed : nil
    }

    /// The listing of the folder whose entries are `names` (in its order) after a run that wrote
    /// the files of `written` (each name with its etag now; its line anywhere) and removed those
    /// of `gone`: every other item name keeps its listed line, in the folder's order; nil when the
    /// folder's item files are not exactly those. Lines are compared as bytes; a name is made only
    /// for a line that is not the next expected one.
    func updating(names: [(name: String, type: UInt8)], written: [String: String], gone: Set<String>, inStep: Int)
        -> FolderListing?
    {
        var out: [UInt8] = []
        out.reserveCapacity(lines.count + written.count * 80)
        let isWritten = WrittenNames(written)
        var wrote = 0
        let done = lines.withUnsafeBufferPointer { listed -> Bool in
            var cursor = LineCursor(listed: listed)
            /// Skips the lines of files written or gone until the one of `name`; false at another.
            func skip(to name: String?) -> Bool {
                while let l = cursor.line(), name.map({ !cursor.holds($0, l.name) }) ?? true {
                    let old = String(decoding: UnsafeBufferPointer(rebasing: listed[l.name]), as: UTF8.self)
                    guard gone.contains(old) || written[old] != nil else { return false }
                    cursor.at = l.end + 1
                }
                return true
            }
            for (name, _) in names where VdirName.isItem(name) {
                if isWritten(name), let etag = written[name] {
                    if let l = cursor.line(), cursor.holds(name, l.name) { cursor.at = l.end + 1 }
                    out += name.utf8
                    out.append(0x09)
                    out += etag.utf8
                    out.append(0x0A)
                    wrote += 1
                    continue
                }
                guard skip(to: name), let l = cursor.line() else { return false }
                out += listed[cursor.at...l.end]
                cursor.at = l.end + 1
            }
            return skip(to: nil) && cursor.at == listed.count
        }
        return done && wrote == written.count ? FolderListing(lines: out, inStep: inStep) : nil
    }

    /// The lines of a listing read from `at`, found with `memchr` and compared with `memcmp`: a
    /// folder's every name passes here on every sync that writes.
    private struct LineCursor {
        let listed: UnsafeBufferPointer<UInt8>
        var at = 0

        /// The line at `at`: its name's range and its end (the LF).
        func line() -> (name: Range<Int>, end: Int)? {
            guard at < listed.count, let base = listed.baseAddress,
                let tab = memchr(base + at, 0x09, listed.count - at),
                case let t = base.distance(to: tab.assumingMemoryBound(to: UInt8.self)),
                let lf = memchr(base + t, 0x0A, listed.count - t)
            else { return nil }
            return (at..<t, base.distance(to: lf.assumingMemoryBound(to: UInt8.self)))
        }

        /// Whether the bytes of `range` are `name`'s.
        func holds(_ name: String, _ range: Range<Int>) -> Bool {
            var name = name
            return name.withUTF8 { u in
                u.count == range.count
                    && (u.isEmpty || memcmp(u.baseAddress!, listed.baseAddress! + range.lowerBound, u.count) == 0)
            }
        }
    }

    /// Whether a name is one of a run's written files: a phone edit writes a few, and comparing
    /// a few names' bytes costs less than hashing every name of the folder; more are looked up.
    private struct WrittenNames {
        let few: [String]?

        init(_ written: [String: String]) { few = written.count <= 8 ? Array(written.keys) : nil }

        func callAsFunction(_ name: String) -> Bool {
            guard let few else { return true }
            return few.contains { $0.utf8.count == name.utf8.count && $0 == name }
        }
    }

    /// A listed file whose etag changed: its name, the etag listed, the etag now, and where the
    /// listed etag's bytes are in `lines`.
    struct ChangedEtag: Equatable {
        var name: String
        var listed: String
        var now: String
        var bytes: Range<Int>
    }

    /// This listing with the etags `now` of the `changed` files (as `changedEtags` found them in it).
    func recording(_ changed: [ChangedEtag]) -> FolderListing {
        var out: [UInt8] = []
        out.reserveCapacity(lines.count + changed.count * 8)
        var from = 0
        for file in changed.sorted(by: { $0.bytes.lowerBound < $1.bytes.lowerBound }) {
            out += lines[from..<file.bytes.lowerBound]
            out += file.now.utf8
            from = file.bytes.upperBound
        }
        out += lines[from...]
        return FolderListing(lines: out, inStep: inStep)
    }
}
