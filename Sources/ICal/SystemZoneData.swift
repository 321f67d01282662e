import Foundation

/// libical's built-in zones: its own reading of the system's zone files (`/usr/share/zoneinfo`,
/// the files `Zone` reads too). `check` compares the two readings.
public enum SystemZoneData {
    /// libical's built-in zone `identifier` (`icaltimezone_get_builtin_timezone`,
    /// `icaltimezone_get_component`; both owned by libical) as a zone read from its VTIMEZONE,
    /// with observances expanded through `lastYear`. nil when libical does not know the zone.
    public static func zone(_ identifier: String, through lastYear: Int) -> CalendarZone? {
        let component: ICalComponent? = Libical.withLock {
            guard let vtz = LibicalZone.builtin(identifier)?.component else { return nil }
            var problems: [ICalError] = []
            return ICalParser.copy(vtz, skeleton: nil, problems: &problems)
        }
        guard let component else { return nil }
        return try? CalendarZone(component, through: lastYear)
    }

    /// The version of the system's zone data (`# version 2026f` at the top of `tzdata.zi`), given
    /// that file's first bytes; nil when it names none.
    public static func version(fromTzdataZi head: String) -> String? { ZoneDatabase.version(fromTzdataZi: head) }
}
