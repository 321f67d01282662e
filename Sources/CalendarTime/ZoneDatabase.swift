/// Where zone data comes from: a directory of TZif files named by IANA identifier, as
/// `/usr/share/zoneinfo`. The library reads only the directory it is given (`system` unless a
/// caller passes another); it never reads `TZ`, `TZDIR` or `/etc/localtime`.
public struct ZoneDatabase: Sendable, Hashable {
    /// The directory holding the TZif files.
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// The system's zone files, `/usr/share/zoneinfo`: the copy libical, Python's zoneinfo,
    /// khal and most programs on the machine read. The source of record for dosecal.
    public static let system = ZoneDatabase(directory: "/usr/share/zoneinfo")

    /// Compiled tables by directory and identifier. Only tables are kept: a name with no valid
    /// file here is looked for again next time, so a read that failed for a while (too many
    /// open files, a file being replaced) never makes a zone missing for the rest of the process.
    private static let cache = ZoneLock<[Key: ZoneTable]>([:])

    private struct Key: Hashable {
        var directory: String
        var identifier: String
    }

    /// The compiled table of `identifier`, nil when the name is not a zone file here or the file
    /// is not valid TZif data (or cannot be read now). A valid file is compiled once per process
    /// and directory; the first table compiled is the one every caller gets.
    public func table(_ identifier: String) -> ZoneTable? {
        guard ZoneDatabase.isZoneName(identifier) else { return nil }
        let key = Key(directory: directory, identifier: identifier)
        if let cached = ZoneDatabase.cache.withLock({ $0[key] }) { return cached }
        guard let bytes = ZoneFileSystem.read(directory + "/" + identifier), let table = try? ZoneTable(TZifFile(bytes: bytes))
        else { return nil }
        return ZoneDatabase.cache.withLock { cache in
            if let first = cache[key] { return first }
            cache[key] = table
            return table
        }
    }

    /// The tzdata release of these files (`2025b`): the `# version` line of `tzdata.zi`, else
    /// the `+VERSION` file; nil when neither is there.
    public var version: String? {
        if let head = ZoneFileSystem.read(directory + "/tzdata.zi", limit: 1 << 22),
            let version = ZoneDatabase.version(fromTzdataZi: String(decoding: head.prefix(64), as: UTF8.self))
        {
            return version
        }
        guard let bytes = ZoneFileSystem.read(directory + "/+VERSION") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        return text?.isEmpty == false ? text : nil
    }

    /// The zones people choose from, as `zone.tab` lists them (one or more per country, by
    /// their current names: Asia/Kolkata, Europe/Kyiv, Europe/Bratislava; not the old aliases
    /// the files also hold, as Australia/West), sorted; empty when there is no `zone.tab`. The
    /// one list of zone names dosecal offers (suggestions for a misspelt zone, shell completion),
    /// from the same files the feed's zones are built from.
    public var names: [String] {
        guard let bytes = ZoneFileSystem.read(directory + "/zone.tab", limit: 1 << 20) else { return [] }
        return ZoneDatabase.names(inZoneTab: String(decoding: bytes, as: UTF8.self))
    }

    /// The zone names of a `zone.tab` text (the third tab-separated field of each line that is
    /// not a comment), sorted, each once, only names a zone file can have (`isZoneName`).
    public static func names(inZoneTab text: String) -> [String] {
        var names = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 2 { names.insert(String(fields[2])) }
        }
        return names.filter(isZoneName).sorted()
    }

    /// The version named by the first line of a `tzdata.zi` (`# version 2025b`), nil if none.
    public static func version(fromTzdataZi head: String) -> String? {
        guard let line = head.split(separator: "\n", maxSplits: 1).first, line.hasPrefix("# version ") else { return nil }
        let version = line.dropFirst("# version ".count).filter { !$0.isWhitespace }
        return version.isEmpty ? nil : String(version)
    }

    /// Whether `name` can be a zone file's name: IANA characters, relative, no `.` or `..`
    /// parts, and not one of the files that are not zones of their own (`localtime`,
    /// `posixrules`, which follow the machine's configuration).
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, name != "localtime", name != "posixrules" else { return false }
        let allowed = name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || "_+-./".utf8.contains(c)
        }
        guard allowed else { return false }
        // No part between slashes is empty, `.` or `..` (the name is ASCII: bytes are characters).
        var length = 0
        var dots = true
        for c in name.utf8 {
            if c == UInt8(ascii: "/") {
                guard length > 0, !(dots && length <= 2) else { return false }
                (length, dots) = (0, true)
            } else {
                length += 1
                dots = dots && c == UInt8(ascii: ".")
            }
        }
        return length > 0 && !(dots && length <= 2)
    }
}
