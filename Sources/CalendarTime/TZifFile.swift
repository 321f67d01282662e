/// The contents of a TZif file (RFC 8536), version 2 or later: the listed transitions, the local
/// time types they switch to, and the POSIX TZ string (the footer) that governs after the last
/// listed transition. Only the 64-bit data block is read; leap-second records are skipped.
public struct TZifFile: Sendable, Hashable {
    /// A local time type: UTC offset in seconds, daylight flag, abbreviation (`EST`, `+0530`).
    public struct LocalTimeType: Sendable, Hashable {
        public var offset: Int
        public var isDaylight: Bool
        public var abbreviation: String

        public init(offset: Int, isDaylight: Bool, abbreviation: String) {
            self.offset = offset
            self.isDaylight = isDaylight
            self.abbreviation = abbreviation
        }
    }

    /// The format version: 2, 3 or 4.
    public var version: Int
    /// Transition instants (seconds since 1970-01-01T00:00:00Z), ascending.
    public var transitionInstants: [Int]
    /// For each transition, the index into `types` of the type in force from it.
    public var transitionTypes: [Int]
    public var types: [LocalTimeType]
    /// The POSIX TZ string of the footer, empty when the file has none.
    public var footer: String

    public init(version: Int, transitionInstants: [Int], transitionTypes: [Int], types: [LocalTimeType], footer: String) {
        self.version = version
        self.transitionInstants = transitionInstants
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// Reads a TZif file's bytes.
    public init(bytes: [UInt8]) throws(ZoneDataError) {
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        guard first.version >= 2 else { throw .malformed("a version 1 file (no 64-bit data, no footer)") }
        try reader.skip(first.blockLength(timeSize: 4))
        let header = try reader.header()
        var instants: [Int] = []
        for _ in 0..<header.timeCount { instants.append(try reader.int(8)) }
        var indices: [Int] = []
        for _ in 0..<header.timeCount { indices.append(try reader.int(1, signed: false)) }
        var raw: [(offset: Int, isDaylight: Bool, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            raw.append((try reader.int(4), try reader.int(1, signed: false) != 0, try reader.int(1, signed: false)))
        }
        let names = try reader.bytes(header.charCount)
        try reader.skip(header.leapCount * 12 + header.standardCount + header.utCount)
        guard indices.allSatisfy({ $0 < raw.count }), !raw.isEmpty else { throw .malformed("a transition names a missing type") }
        // RFC 8536 §3.2: times from -2^59 on, strictly ascending; offsets within -89999...93599.
        guard instants.allSatisfy({ abs($0) <= 1 << 59 }), zip(instants, instants.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .malformed("transition times out of range or not ascending")
        }
        guard raw.allSatisfy({ (-89_999...93_599).contains($0.offset) }) else { throw .malformed("a UTC offset past ±25 hours") }
        version = header.version
        transitionInstants = instants
        transitionTypes = indices
        types = try raw.map { (t) throws(ZoneDataError) in
            guard t.nameIndex < max(names.count, 1) else { throw .malformed("an abbreviation index past the names") }
            let tail = names.dropFirst(t.nameIndex)
            let name = String(decoding: tail.prefix { $0 != 0 }, as: UTF8.self)
            return LocalTimeType(offset: t.offset, isDaylight: t.isDaylight, abbreviation: name)
        }
        footer = try reader.footer()
    }
}

/// Walks the bytes of a TZif file.
struct TZifReader {
    struct Header {
        var version: Int
        var utCount: Int
        var standardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var charCount: Int

        func blockLength(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardCount + utCount
        }
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func header() throws(ZoneDataError) -> Header {
        let magic = try self.bytes(4)
        guard magic.elementsEqual("TZif".utf8) else { throw .malformed("no TZif magic") }
        let v = try int(1, signed: false)
        let version = v == 0 ? 1 : v - 0x30
        guard (1...9).contains(version) else { throw .malformed("an unknown version byte \(v)") }
        try skip(15)
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(try int(4, signed: false)) }
        guard counts.allSatisfy({ $0 < 1 << 20 }) else { throw .malformed("implausible counts") }
        return Header(
            version: version, utCount: counts[0], standardCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], charCount: counts[5])
    }

    mutating func bytes(_ count: Int) throws(ZoneDataError) -> ArraySlice<UInt8> {
        guard count >= 0, position + count <= bytes.count else { throw .malformed("the file ends early") }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func skip(_ count: Int) throws(ZoneDataError) { _ = try bytes(count) }

    /// A big-endian integer of `size` bytes.
    mutating func int(_ size: Int, signed: Bool = true) throws(ZoneDataError) -> Int {
        var value: UInt64 = 0
        for b in try bytes(size) { value = value << 8 | UInt64(b) }
        guard signed, size < 8 else { return Int(truncatingIfNeeded: value) }
        let shift = UInt64(64 - size * 8)
        return Int(truncatingIfNeeded: Int64(bitPattern: value << shift) >> Int64(shift))
    }

    /// The footer: `\n` TZ string `\n`.
    mutating func footer() throws(ZoneDataError) -> String {
        guard position < bytes.count else { return "" }
        guard bytes[position] == 0x0A, let end = bytes[(position + 1)...].firstIndex(of: 0x0A) else {
            throw .malformed("a footer not framed by newlines")
        }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
