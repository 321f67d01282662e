extension Zone {
    /// The zone a TZID parameter names, by the one TZID mapper (`ZoneName`): IANA names,
    /// libical's and other vendors' prefixed forms (`/freeassociation.sourceforge.net/America/New_York`,
    /// `/mozilla.org/20050126_1/Asia/Tokyo`), Windows zone IDs and display names
    /// (`W. Europe Standard Time`), UTC spellings and abbreviations (`PST`). nil when the name is
    /// none of these (the calendar's own VTIMEZONE must define it).
    public init?(tzid: String) {
        guard let name = ZoneName(tzid: tzid), let zone = Zone(name.identifier) else { return nil }
        self = zone
    }
}
