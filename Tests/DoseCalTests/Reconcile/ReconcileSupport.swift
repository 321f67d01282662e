import DoseCal
import Foundation
import ICal

/// Export -> edit -> reconcile for the client fixtures: the base is the demo export the fixtures
/// started from; "theirs" is that export with the fixture's events in place of the series they
/// edit (the fixtures hold only the edited events).
enum ReconcileSupport {
    /// 2026-11-20T00:00:00Z: when the demo export the fixtures copy was written.
    static let exportedAt = 1_795_132_800
    /// 2026-12-15T12:00:00Z: after every fixture's edits.
    static let now = 1_797_336_000

    static func demo() throws -> Schedule { try Fixtures.schedule("demo.json") }

    static func baseText() throws -> String {
        try FeedBuilder(schedule: demo(), now: exportedAt).build().serialized()
    }

    /// The base with the fixture's events replacing the series (and split halves) they belong to,
    /// and the fixture's VTIMEZONEs for TZIDs the base lacks.
    static func theirs(_ fixture: String) throws -> String {
        try merged(base: baseText(), edits: ClientFixtures.bytes(fixture))
    }

    static func merged(base: String, edits: [UInt8]) throws -> String {
        let baseCalendar = try ICalParser.parse(Array(base.utf8)).calendar!
        let parsed = try ICalParser.parse(edits)
        let editComponents = parsed.calendar?.components ?? parsed.components
        let returned = ReturnedCalendar(parsed)
        let replaced = Set(returned.series.compactMap(\.dosecalUID))
        var calendar = ICalComponent("VCALENDAR")
        calendar.properties = baseCalendar.properties
        let zones = baseCalendar.components.filter { $0.name == "VTIMEZONE" }
        let zoneIDs = Set(zones.compactMap { $0.property("TZID")?.value })
        calendar.components = zones
        calendar.components += editComponents.filter {
            $0.name == "VTIMEZONE" && !zoneIDs.contains($0.property("TZID")?.value ?? "")
        }
        calendar.components += baseCalendar.components.filter {
            $0.name == "VEVENT" && !replaced.contains($0.property("UID")?.value ?? "")
        }
        calendar.components += editComponents.filter { $0.name == "VEVENT" }
        return ICalSerializer.serialize(calendar)
    }

    static func reconcile(
        theirs: String, ours: Schedule? = nil, base: String? = nil, now: Int = now, prefer: ReconcilePreference? = nil
    ) throws -> ChangeSet {
        let baseText = try base ?? baseText()
        let reconciler = try Reconciler(
            baseText: Array(baseText.utf8), ours: ours ?? demo(), theirsText: Array(theirs.utf8), now: now)
        return try reconciler.reconcile(prefer: prefer)
    }

    /// `text` without the VEVENTs of `uid` (a series deleted in the calendar).
    static func removing(_ uid: String, from text: String) throws -> String {
        var calendar = try ICalParser.parse(Array(text.utf8)).calendar!
        calendar.components.removeAll { $0.name == "VEVENT" && $0.property("UID")?.value == uid }
        return ICalSerializer.serialize(calendar)
    }

    static func descriptions(_ set: ChangeSet) -> [String] { set.changes.map(\.description) }

    /// One merging sync of `schedule` into `box`'s folder, with the change set it saved (nil: none).
    static func sync(_ box: VdirSandbox, _ schedule: Schedule, now: Int) throws -> (VdirSync.Report, ChangeSet?) {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        var saved: ChangeSet? = nil
        let report = try sync.run(schedule: schedule, now: now) { saved = $0.changes }
        return (report, saved)
    }
}
