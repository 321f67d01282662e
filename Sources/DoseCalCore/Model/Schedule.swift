import Foundation

/// A person's medication schedule: what the JSON schedule file holds (docs/schedule-format.md).
///
/// A plain value: no clock, no file system. `ScheduleCodec` reads and writes it.
public struct Schedule: Sendable, Equatable {
    /// The format version of the file (1 or 2); it is written back as it was read, or as 2 when
    /// a medication holds what only version 2 says. Version 2 adds keys (`spacing`, the gradual
    /// time policy, `form`, `unit`, `amount`, `doses`) that a version 1 file may not use.
    public var version: Int
    /// The IANA zone the schedule's people live in (each unless they have their own), resolved
    /// when the schedule is read; wall-clock doses resolve in it unless the itinerary says otherwise.
    public var home: Zone
    public var feed: FeedOptions
    public var medications: [Medication]
    /// Travel: from each date on, wall-clock doses follow that zone (of every person without an
    /// itinerary of their own). Sorted by date.
    public var itinerary: [ItineraryStop]
    /// Append-only dose history, in file order.
    public var log: [DoseLogEntry]
    /// Reminders a calendar reported as seen, the latest per medication and slot, sorted
    /// (hints only: nothing counts them as taken).
    public var seen: [SeenReminder]
    /// Who takes the medications (format version 2), in file order; empty: the schedule is one
    /// unnamed person's. Each person is where the schedule's home zone and itinerary say unless
    /// they have their own (`Schedule.timeline(of:)`).
    public var people: [Person]
    /// The person's clock for times prescriptions leave to convention (format version 2); empty:
    /// the documented defaults.
    public var clock: PersonalClock

    public init(
        version: Int = 1, home: Zone, feed: FeedOptions = FeedOptions(), medications: [Medication],
        itinerary: [ItineraryStop] = [], log: [DoseLogEntry] = [], seen: [SeenReminder] = [], people: [Person] = [],
        clock: PersonalClock = PersonalClock()
    ) {
        self.clock = clock
        self.version = version
        self.home = home
        self.people = people
        self.feed = feed
        self.medications = medications
        self.itinerary = itinerary
        self.log = log
        self.seen = seen
    }

    /// The home zone's identifier, as the file writes it (`America/New_York`).
    public var homeZone: String { home.identifier }

    /// The newest format version this build understands.
    public static let currentVersion = 2
}

/// How the exported calendar presents itself.
public struct FeedOptions: Sendable, Equatable {
    /// Calendar name (NAME, X-WR-CALNAME).
    public var name: String
    /// Privacy mode: no medicine name, strength or note anywhere in exported files.
    public var privacy: Bool
    /// How often subscribers should refresh, in minutes (REFRESH-INTERVAL, X-PUBLISHED-TTL).
    public var refreshMinutes: Int
    /// The calendar's colour (COLOR, X-APPLE-CALENDAR-COLOR); nil writes neither.
    public var color: FeedColor?

    public init(name: String = "Medications", privacy: Bool = false, refreshMinutes: Int = 720, color: FeedColor? = nil) {
        self.name = name
        self.privacy = privacy
        self.refreshMinutes = refreshMinutes
        self.color = color
    }
}

/// One travel stop: from `from` on, the person is in `zone`.
public struct ItineraryStop: Sendable, Equatable {
    public var from: LocalDate
    public var zone: Zone
    public init(from: LocalDate, zone: Zone) {
        self.from = from
        self.zone = zone
    }
}
