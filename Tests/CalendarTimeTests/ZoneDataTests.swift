import CalendarTime
import Foundation
import Testing

/// The TZif reader, the POSIX TZ rule parser and the compiled zone tables, on the system's
/// zone files and on literal rules.
@Suite struct ZoneDataTests {
    @Test func readsTheSystemsNewYorkFile() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/New_York")))
        let file = try TZifFile(bytes: bytes)
        #expect(file.version >= 2)
        #expect(file.footer == "EST5EDT,M3.2.0,M11.1.0")
        #expect(file.types.contains(.init(offset: -18_000, isDaylight: false, abbreviation: "EST")))
        #expect(file.transitionInstants == file.transitionInstants.sorted())
    }

    @Test func rejectsWhatIsNotTZif() {
        #expect(throws: ZoneDataError.self) { try TZifFile(bytes: Array("TZif2".utf8)) }
        #expect(throws: ZoneDataError.self) { try TZifFile(bytes: Array("# version 2025b\n".utf8)) }
        #expect(throws: ZoneDataError.self) { try TZifFile(bytes: []) }
    }

    @Test func parsesPosixRules() throws {
        let chile = try PosixTimeZone(parsing: "<-04>4<-03>,M9.1.6/24,M4.1.6/24")
        #expect(chile.standardName == "-04")
        #expect(chile.standardOffset == -14_400)
        #expect(chile.daylight?.offset == -10_800)
        #expect(chile.daylight?.start == .init(date: .monthWeek(month: 9, week: 1, weekday: .saturday), time: 86_400))
        let chatham = try PosixTimeZone(parsing: "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45")
        #expect(chatham.standardOffset == 45_900)
        #expect(chatham.daylight?.start.time == 9_900)
        let nuuk = try PosixTimeZone(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(nuuk.daylight?.start.time == -3_600)
        let india = try PosixTimeZone(parsing: "IST-5:30")
        #expect(india.standardOffset == 19_800)
        #expect(india.daylight == nil)
        let julian = try PosixTimeZone(parsing: "EST5EDT,0/0,J365/25")
        #expect(julian.daylight?.start == .init(date: .zeroBased(0), time: 0))
        #expect(julian.daylight?.end == .init(date: .julian(365), time: 90_000))
        #expect(try PosixTimeZone(parsing: "EST5EDT").daylight?.end.date == .monthWeek(month: 11, week: 1, weekday: .sunday))
    }

    @Test(arguments: [
        ("EST", 3, "a number from 0 to 24"), ("ES5", 2, "a zone name of three or more letters, or one in <>"),
        ("EST5EDT,M13.1.0,M11.1.0", 9, "a number from 1 to 12"), ("<+1>-1", 4, "a quoted name of three or more characters"),
        ("EST5EDT,M3.2.0", 14, "\",\""), ("EST5EDT,M3.2.0,M11.1.0/168", 23, "a number from 0 to 167"),
    ])
    func badRulesSayWhereAndWhat(text: String, position: Int, expected: String) {
        #expect(throws: ZoneDataError.badRule(text, position: position, expected: expected)) {
            try PosixTimeZone(parsing: text)
        }
    }

    @Test func ruleDates() {
        // Auckland's M9.5.0 in 2029 (five Sundays in September): the 30th, not the 23rd.
        #expect(
            PosixTimeZone.RuleDate.monthWeek(month: 9, week: 5, weekday: .sunday).date(in: 2029)
                == LocalDate(year: 2029, month: 9, day: 30))
        #expect(
            PosixTimeZone.RuleDate.monthWeek(month: 9, week: 1, weekday: .saturday).date(in: 2029)
                == LocalDate(year: 2029, month: 9, day: 1))
        #expect(PosixTimeZone.RuleDate.julian(60).date(in: 2028) == LocalDate(year: 2028, month: 3, day: 1))
        #expect(PosixTimeZone.RuleDate.zeroBased(59).date(in: 2028) == LocalDate(year: 2028, month: 2, day: 29))
    }

    @Test func zonesFromTheSystemFiles() throws {
        let auckland = try #require(Zone("Pacific/Auckland"))
        // 2029-09-30 02:00 NZST = 2029-09-29T14:00:00Z.
        #expect(auckland.offset(at: 1_885_384_800 - 1) == 43_200)
        #expect(auckland.offset(at: 1_885_384_800) == 46_800)
        #expect(auckland.abbreviation(at: 1_885_384_800) == "NZDT")
        // Past the generated table (2150-07-01T12:00:00Z), from the rule: EDT.
        let newYork = try #require(Zone("America/New_York"))
        #expect(newYork.offset(at: 5_695_963_200) == -14_400)
        #expect(newYork.isDaylight(at: 5_695_963_200))
        #expect(newYork.transitions(from: 5_695_963_200, to: 5_695_963_200 + 365 * 86_400).map(\.offsetTo) == [-18_000, -14_400])
        #expect(Zone.dataVersion == ZoneDatabase.system.version)
    }

    /// The names a `zone.tab` lists: the third field of each line, each once, sorted; nothing
    /// from comments, nothing that is no zone file's name.
    @Test func namesOfAZoneTab() {
        let text = [
            "# tzdb timezone descriptions", "DE\t+5230+01322\tEurope/Berlin\tmost of Germany",
            "SK\t+4809+01707\tEurope/Bratislava", "US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)",
            "IN\t+2232+08822\tAsia/Kolkata", "XX\t+0000+00000\t../etc/passwd", "#US\t+0\tAmerica/Commented",
            "DE\t+5230+01322\tEurope/Berlin", "short line",
        ].joined(separator: "\n")
        #expect(
            ZoneDatabase.names(inZoneTab: text) == ["America/New_York", "Asia/Kolkata", "Europe/Berlin", "Europe/Bratislava"])
    }

    /// The system's list holds the zones people choose, by their current names, also where
    /// Foundation's own list (ICU's) has only the old one (Asia/Calcutta, not Asia/Kolkata), and
    /// no old alias (Australia/West).
    @Test func theSystemsNamesAreItsZoneFiles() {
        let names = ZoneDatabase.system.names
        for name in ["America/New_York", "Asia/Kolkata", "Europe/Bratislava", "Europe/Kyiv", "Pacific/Auckland"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(!names.contains("Australia/West") && !names.contains("Asia/Calcutta"))
        #expect(names.allSatisfy { ZoneDatabase.system.table($0) != nil })
        #expect(ZoneDatabase(directory: "/nonexistent").names.isEmpty)
    }

    @Test func unknownOrUnsafeNamesAreNoZone() {
        for name in [
            "Mars/Olympus_Mons", "../etc/passwd", "America/../UTC", "/etc/localtime", "localtime", "posixrules", "",
            "zone1970.tab",
        ] {
            #expect(Zone(name) == nil, "\(name)")
        }
        #expect(Zone("UTC")?.offset(at: 0) == 0)
        #expect(Zone("Mars/Olympus_Mons", database: ZoneDatabase(directory: "/nonexistent")) == nil)
    }

    /// Only names a zone file can have are names: no part between slashes empty, `.` or `..`.
    @Test func namesWithEmptyOrDotPartsAreNoZoneNames() {
        let names = [
            "Europe/Berlin", "Etc/GMT+5", "America/Argentina/Buenos_Aires", "...", "a/...", "x.y/z", ".a/b..", "A//B",
            "A/./B", "A/../B", ".", "..", "A/", "/A", "A/.", "A/..", "./A", "../A", "/", "//",
        ]
        let text = names.map { "XX\t+0000+00000\t\($0)" }.joined(separator: "\n")
        #expect(
            ZoneDatabase.names(inZoneTab: text)
                == ["...", ".a/b..", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Europe/Berlin", "a/...", "x.y/z"])
    }

    /// A zone whose file is not there yet, or cannot be read for a while (here a directory
    /// stands where the file goes, so the read fails), is found once its file can be read: a
    /// failed look-up is never remembered as "no such zone" for the rest of the process.
    @Test func aZoneThatCouldNotBeReadIsReadAgain() throws {
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("Test/Later")
        defer { try? files.removeItem(at: directory) }
        let database = ZoneDatabase(directory: directory.path)
        #expect(Zone("Test/Later", database: database) == nil)
        try files.createDirectory(at: path, withIntermediateDirectories: true)
        #expect(Zone("Test/Later", database: database) == nil)
        try files.removeItem(at: path)
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/Chicago")).write(to: path)
        let zone = try #require(Zone("Test/Later", database: database))
        // 2026-12-04T06:00:00Z is midnight in Chicago (CST, UTC-6).
        #expect(zone.offset(at: 1_796_364_000) == -21_600)
        #expect(database.table("Test/Later") === zone.table)
    }

    @Test func daylightAllYearIsNoChange() throws {
        let file = TZifFile(
            version: 2, transitionInstants: [], transitionTypes: [],
            types: [.init(offset: -18_000, isDaylight: false, abbreviation: "EST")], footer: "EST5EDT,0/0,J365/25")
        let table = try ZoneTable(file, throughYear: 2040)
        // 2030-06-01T00:00:00Z and 2030-12-31T12:00:00Z: EDT both.
        #expect(table.type(at: 1_906_502_400).offset == -14_400)
        #expect(table.type(at: 1_924_948_800).offset == -14_400)
        #expect(table.transitions(from: 1_893_456_000, to: 1_924_992_000).isEmpty)
    }

    /// A minimal TZif version 2 file: an empty version 1 block, then `instants` switching to
    /// type 1 and 0 in turn, types `offsets` (named "AAA", "BBB" ...), and `footer`.
    static func tzif(instants: [Int64], offsets: [Int32], footer: String) -> [UInt8] {
        func be<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
        func header(times: Int, types: Int, chars: Int) -> [UInt8] {
            Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + be(Int32(0)) + be(Int32(0)) + be(Int32(0))
                + be(Int32(times)) + be(Int32(types)) + be(Int32(chars))
        }
        var bytes = header(times: 0, types: 1, chars: 4) + be(Int32(0)) + [0, 0] + Array("UTC\0".utf8)
        bytes += header(times: instants.count, types: offsets.count, chars: 4 * offsets.count)
        for t in instants { bytes += be(t) }
        for i in instants.indices { bytes.append(UInt8((i + 1) % offsets.count)) }
        for (i, o) in offsets.enumerated() { bytes += be(o) + [0, UInt8(4 * i)] }
        for i in offsets.indices { bytes += Array(String(repeating: String(UnicodeScalar(UInt8(65 + i))), count: 3).utf8) + [0] }
        return bytes + Array("\n\(footer)\n".utf8)
    }

    @Test func readsABuiltFileAndRejectsBadTimesAndOffsets() throws {
        let good = try TZifFile(bytes: Self.tzif(instants: [0, 3600], offsets: [0, 7200], footer: "AAA0"))
        #expect(good.transitionInstants == [0, 3600])
        #expect(good.types.map(\.abbreviation) == ["AAA", "BBB"])
        #expect(good.footer == "AAA0")
        let table = try ZoneTable(good)
        #expect(table.type(at: 1800).offset == 7200)
        #expect(table.type(at: 3600).offset == 0)
        // Descending, out-of-range times and offsets past ±25 hours are not zone data.
        for bytes in [
            Self.tzif(instants: [3600, 0], offsets: [0, 7200], footer: "AAA0"),
            Self.tzif(instants: [Int64.max], offsets: [0, 7200], footer: "AAA0"),
            Self.tzif(instants: [0], offsets: [0, 100_000], footer: "AAA0"),
        ] {
            #expect(throws: ZoneDataError.self) { try TZifFile(bytes: bytes) }
        }
        // A footer that is not a POSIX TZ string fails to compile.
        #expect(throws: ZoneDataError.self) {
            try ZoneTable(try TZifFile(bytes: Self.tzif(instants: [0], offsets: [0, 3600], footer: "A")))
        }
    }
}
