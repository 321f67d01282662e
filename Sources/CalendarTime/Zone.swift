/// An IANA time zone as the library uses it: UTC offsets at instants and the transitions
/// between them, from a compiled table of the zone's TZif file (`ZoneDatabase`, the system's
/// `/usr/share/zoneinfo` unless a caller passes another). Lookups are a bisection of that
/// table; no ICU, no Foundation.
///
/// Instants are whole seconds since 1970-01-01T00:00:00Z throughout.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, database and table, behind one reference: a zone is copied with every
    /// dose that carries it (millions in a check of a year), and one reference is one retain.
    private final class Storage: Sendable {
        let identifier: String
        let database: ZoneDatabase
        let table: ZoneTable

        init(identifier: String, database: ZoneDatabase, table: ZoneTable) {
            self.identifier = identifier
            self.database = database
            self.table = table
        }
    }

    private let storage: Storage

    public var identifier: String { storage.identifier }
    /// Where the zone's data came from.
    public var database: ZoneDatabase { storage.database }
    /// The compiled transitions and footer rule.
    public var table: ZoneTable { storage.table }

    /// The zone `identifier` in the system's zone files; nil when there is no such zone (an
    /// unknown zone is never read as UTC).
    public init?(_ identifier: String) { self.init(identifier, database: .system) }

    /// The zone `identifier` in `database`; nil when it has no valid zone file of that name.
    public init?(_ identifier: String, database: ZoneDatabase) {
        if let table = database.table(identifier) {
            self.init(identifier: identifier, database: database, table: table)
        } else if identifier == "UTC" {
            self = Zone.utc
        } else {
            return nil
        }
    }

    init(identifier: String, database: ZoneDatabase, table: ZoneTable) {
        storage = Storage(identifier: identifier, database: database, table: table)
    }

    /// UTC: the system's `UTC` file, or a built-in table when the system has none.
    public static let utc: Zone = {
        if let table = ZoneDatabase.system.table("UTC") { return Zone(identifier: "UTC", database: .system, table: table) }
        let file = TZifFile(
            version: 2, transitionInstants: [], transitionTypes: [],
            types: [.init(offset: 0, isDaylight: false, abbreviation: "UTC")], footer: "UTC0")
        return Zone(identifier: "UTC", database: .system, table: try! ZoneTable(file))
    }()

    /// The identifier (`Europe/Berlin`): how a zone is written in text.
    public var description: String { identifier }

    public static func == (a: Zone, b: Zone) -> Bool {
        a.storage === b.storage || (a.identifier == b.identifier && a.database == b.database)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(database)
    }

    /// UTC offset in seconds at `instant`.
    public func offset(at instant: Int) -> Int { table.offset(at: instant) }

    /// Whether daylight-saving time is in effect at `instant` (the TZif `isdst` flag: Dublin's
    /// winter time is its daylight time, as tzdata defines it).
    public func isDaylight(at instant: Int) -> Bool { table.type(at: instant).isDaylight }

    /// The abbreviation in force at `instant` (`EST`, `+0530`).
    public func abbreviation(at instant: Int) -> String { table.type(at: instant).abbreviation }

    /// The local wall-clock time at `instant`.
    public func local(at instant: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: instant + offset(at: instant))
    }

    /// A change of UTC offset.
    public struct Transition: Sendable, Hashable {
        /// First instant with the new offset.
        public var instant: Int
        public var offsetFrom: Int
        public var offsetTo: Int
        public var isDaylight: Bool
        /// The abbreviation in force from the transition, when the source names one.
        public var abbreviation: String?

        public init(instant: Int, offsetFrom: Int, offsetTo: Int, isDaylight: Bool, abbreviation: String? = nil) {
            self.instant = instant
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            self.isDaylight = isDaylight
            self.abbreviation = abbreviation
        }

        /// Local wall-clock time of the transition in the old offset (the VTIMEZONE DTSTART form).
        public var localStart: LocalDateTime { LocalDateTime(secondsSinceEpoch: instant + offsetFrom) }
    }

    /// Offset changes with `from <= instant < to`: the listed ones, then the footer rule's.
    public func transitions(from: Int, to: Int) -> [Transition] { table.transitions(from: from, to: to) }

    /// The tzdata release of the system's zone files (`2025b`), or "unknown" when they do not
    /// say. See `ZoneDatabase.version` for another directory.
    public static var dataVersion: String { ZoneDatabase.system.version ?? "unknown" }
}
