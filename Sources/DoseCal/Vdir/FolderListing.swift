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

    /// This listing with the etags in `etags` (by name) in place of the listed ones; nil when a
    /// name of `etags` is not listed.
    func replacingEtags(_ etags: [String: String]) -> FolderListing? {
        var found: [(range: Range<Int>, etag: String)] = []
        for (name, etag) in etags {
            guard let range = etagRange(of: name) else { return nil }
            found.append((range, etag))
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(lines.count + etags.count * 8)
        var from = 0
        for (range, etag) in found {
            out += lines[from..<range.lowerBound]
            out += etag.utf8
            from = range.upperBound
        }
        out += lines[from...]
        return FolderListing(lines: out, inStep: inStep)
    }

    /// Where the etag of the line of `name` is in `lines` (each line's start found with `memchr`,
    /// compared with `memcmp`); nil when no line names it.
    private func etagRange(of name: String) -> Range<Int>? {
        let line = Array(name.utf8) + [0x09]
        return lines.withUnsafeBytes { text -> Range<Int>? in
            line.withUnsafeBytes { p -> Range<Int>? in
                guard let base = text.baseAddress, let wanted = p.baseAddress else { return nil }
                var start = 0
                while start + p.count <= text.count {
                    let end = memchr(base + start, 0x0A, text.count - start).map { base.distance(to: UnsafeRawPointer($0)) }
                    if memcmp(base + start, wanted, p.count) == 0, let end { return (start + p.count)..<end }
                    guard let end else { return nil }
                    start = end + 1
                }
                return nil
            }
        }
    }

    /// Each listed name's etag.
    func etags() -> [String: String] {
        var etags: [String: String] = [:]
        for line in lines.split(separator: 0x0A) {
            guard let tab = line.firstIndex(of: 0x09) else { continue }
            etags[String(decoding: line[..<tab], as: UTF8.self)] = String(decoding: line[(tab + 1)...], as: UTF8.self)
        }
        return etags
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
