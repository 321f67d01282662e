/// The UIDs dosecal gives its calendar items, owned here so that the feed, the notification
/// plan and the status agree without the core knowing iCalendar.
public enum SeriesUID {
    /// The domain after `@` in every UID dosecal writes.
    public static let domain = "dosecal.app"

    /// The UID of one series: a hash of medication id, slot id and part, so that it never
    /// changes with a time edit and names no medicine.
    public static func series(medicationID: String, slotID: String, part: String) -> String {
        let digest = SHA256.hex("\(medicationID)\u{1F}\(slotID)\u{1F}\(part)")
        return "dose-\(digest.prefix(24))@\(domain)"
    }

    /// The UID of a medication's low-supply warning event.
    public static func supplyWarning(medicationID: String) -> String {
        series(medicationID: medicationID, slotID: "", part: "supply-warning")
    }

    /// The UID of an as-needed medicine's "next dose allowed" event.
    public static func nextDoseAllowed(medicationID: String) -> String {
        series(medicationID: medicationID, slotID: "", part: "next-dose-allowed")
    }
}
