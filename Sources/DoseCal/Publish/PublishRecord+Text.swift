import Foundation

/// The record's file: a header line, then one line per fact, fields separated by tabs, text
/// fields with `\\`, `\t`, `\n` and `\r` escaped. Read byte by byte without building anything
/// but the entries, since a no-op publish of many schedules reads it whole.
///
///     dosecal-publish-record 1
///     site    /srv/feeds
///     build   <what the feeds depend on outside the schedules>
///     secret  <tag>
///     base    https://feeds.example/
///     folder  size inode mtime mtime-ns ctime ctime-ns (of the site folder)
///     F  generation name size inode mtime mtime-ns ctime ctime-ns input output stamp calendar problem identity
///     R  name since pending identity
///
/// A schedule that is gone has `-` for its five file fields.
extension PublishRecord {
    static let header = "dosecal-publish-record 1"

    /// The record's text.
    public func encoded() -> [UInt8] {
        var out = Self.headerLines(self)
        out.reserveCapacity(out.count + entries.count * 240)
        for identity in entries.keys.sorted() { Self.line(identity, entries[identity]!, into: &out) }
        for r in retired { Self.line(r, into: &out) }
        return out
    }

    /// The first lines: the header, the settings and the site folder's status of `record`.
    static func headerLines(_ record: PublishRecord) -> [UInt8] {
        var out = Array(Self.header.utf8) + [0x0A]
        let folder = record.siteFolder.map { f in
            [
                f.size, Int64(bitPattern: f.inode), Int64(f.modified), Int64(f.modifiedNanoseconds), Int64(f.changed),
                Int64(f.changedNanoseconds),
            ].map(String.init).joined(separator: " ")
        }
        for (key, value) in [
            ("site", record.site), ("build", record.build), ("secret", record.secretTag), ("base", record.baseURL),
            ("folder", folder ?? "-"),
        ] {
            Self.line([key, Self.escaped(value)], into: &out)
        }
        return out
    }

    /// The `F` line of one feed.
    static func line(_ identity: String, _ e: Entry, into out: inout [UInt8]) {
        var fields = ["F", String(e.generation), e.name]
        if let f = e.file {
            fields += [
                String(f.size), String(f.inode), String(f.modified), String(f.modifiedNanoseconds), String(f.changed),
                String(f.changedNanoseconds),
            ]
        } else {
            fields += Array(repeating: "-", count: 6)
        }
        fields += [
            e.input?.hex ?? "", e.output?.hex ?? "", String(e.stamp), Self.escaped(e.calendar), Self.escaped(e.problem),
        ]
        Self.line(fields + [Self.escaped(identity)], into: &out)
    }

    /// The `R` line of one retired name.
    static func line(_ r: Retired, into out: inout [UInt8]) {
        Self.line(["R", r.name, String(r.since), r.pending ? "1" : "0", Self.escaped(r.identity)], into: &out)
    }

    /// Reads a record written by `encoded()`; `path` names it in errors.
    public init(decoding bytes: [UInt8], path: String) throws(PublishError) {
        let reader = try PublishRecordReader(bytes: bytes, path: path)
        self = reader.header
        while let (identity, entry) = try reader.next() { entries[identity] = entry }
        retired = try reader.retired()
    }

    /// One line of a record.
    enum Line {
        case setting(key: String, value: String)
        case folder(FileKey?)
        case entry(identity: String, Entry)
        case retired(Retired)
    }

    /// The tab-separated fields of one line of a buffer, found without copying it.
    struct Fields {
        let buffer: UnsafeBufferPointer<UInt8>
        /// Where each field starts and ends.
        private var bounds: [Range<Int>] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
            bounds.reserveCapacity(16)
        }

        mutating func split(_ line: Range<Int>) {
            bounds.removeAll(keepingCapacity: true)
            var start = line.lowerBound
            while true {
                let tab = PublishRecord.index(
                    of: 0x09, in: UnsafeBufferPointer(rebasing: buffer[..<line.upperBound]), from: start)
                bounds.append(start..<tab)
                if tab >= line.upperBound { break }
                start = tab + 1
            }
        }

        var count: Int { bounds.count }
        subscript(i: Int) -> Slice<UnsafeBufferPointer<UInt8>> { buffer[bounds[i]] }
        /// The field's bytes as they are (no escapes in it).
        func plain(_ i: Int) -> String { String(decoding: self[i], as: UTF8.self) }
        func text(_ i: Int) -> String { PublishRecord.unescaped(self[i]) }
        func number(_ i: Int) -> Int? { PublishRecord.number(self[i]) }
        /// Reads a hash field into `digest` (nil for an empty field); false when it is neither.
        func read(digest i: Int, into digest: inout Digest?) -> Bool {
            if self[i].isEmpty { return true }
            digest = Digest(hex: self[i])
            return digest != nil
        }
    }

    /// The line `fields` (not the first): the reason when it is not a line of a record.
    static func parse(_ fields: Fields) -> Result<Line, LineProblem> {
        switch (fields[0].first, fields.count) {
        case (0x46, 15):  // F
            guard let entry = Self.entry(fields) else { return .failure("a feed line with a field out of its form") }
            return .success(.entry(identity: fields.text(14), entry))
        case (0x52, 5):  // R
            guard let since = fields.number(2) else { return .failure("a retired name without its time") }
            return .success(
                .retired(Retired(name: fields.plain(1), identity: fields.text(4), since: since, pending: fields.plain(3) == "1")))
        case (_, 2):
            switch fields.plain(0) {
            case "site", "build", "secret", "base": return .success(.setting(key: fields.plain(0), value: fields.text(1)))
            case "folder":
                let n = fields.plain(1).split(separator: " ").compactMap { Int($0) }
                guard n.count == 6 || fields.plain(1) == "-" else { return .failure("a folder line that is not six numbers") }
                guard n.count == 6 else { return .success(.folder(nil)) }
                return .success(
                    .folder(
                        FileKey(
                            size: Int64(n[0]), inode: UInt64(bitPattern: Int64(n[1])), modified: n[2], modifiedNanoseconds: n[3],
                            changed: n[4], changedNanoseconds: n[5])))
            default: return .failure("an unknown line")
            }
        default:
            return .failure(LineProblem("an unknown line (\(fields.count) fields)"))
        }
    }

    /// Why a line is not a line of a record.
    struct LineProblem: Error, ExpressibleByStringLiteral {
        var reason: String
        init(_ reason: String) { self.reason = reason }
        init(stringLiteral reason: String) { self.reason = reason }
    }

    /// The entry of an `F` line.
    private static func entry(_ f: Fields) -> Entry? {
        guard let generation = f.number(1), let stamp = f.number(11) else { return nil }
        var e = Entry(generation: generation, name: f.plain(2))
        guard f.read(digest: 9, into: &e.input), f.read(digest: 10, into: &e.output) else { return nil }
        if !f[3].elementsEqual([0x2D]) {
            guard let size = f.number(3), let inode = f.number(4), let m = f.number(5), let mn = f.number(6),
                let c = f.number(7), let cn = f.number(8)
            else { return nil }
            e.file = FileKey(
                size: Int64(size), inode: UInt64(bitPattern: Int64(inode)), modified: m, modifiedNanoseconds: mn, changed: c,
                changedNanoseconds: cn)
        }
        e.stamp = stamp
        e.calendar = f.text(12)
        e.problem = f.text(13)
        return e
    }

    /// The index of the first `byte` in `buffer` from `start` (`memchr`), or the end.
    static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < buffer.count, let base = buffer.baseAddress,
            let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return buffer.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// A decimal number (digits, or `-` and digits), nil for anything else.
    fileprivate static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == 0x2D
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var n = 0
        for b in digits {
            guard (0x30...0x39).contains(b) else { return nil }
            n = n &* 10 &+ Int(b - 0x30)
        }
        return negative ? -n : n
    }

    static func line(_ fields: [String], into out: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x09) }
            out += field.utf8
        }
        out.append(0x0A)
    }

    /// `text` with backslash, tab, line feed and carriage return escaped.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The text of an escaped field.
    fileprivate static func unescaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escape = false
        for b in bytes {
            if escape {
                out.append(b == 0x74 ? 0x09 : b == 0x6E ? 0x0A : b == 0x72 ? 0x0D : b)
                escape = false
            } else if b == 0x5C {
                escape = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
