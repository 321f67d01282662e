import Foundation

extension Zone {
    /// The IANA zone a TZID parameter names, accepting libical's and other vendors' prefixed forms:
    /// `/freeassociation.sourceforge.net/America/New_York`,
    /// `/freeassociation.sourceforge.net/Tzfile/Europe/Berlin`, `/mozilla.org/20050126_1/Asia/Tokyo`
    /// all name their IANA tail. nil when no tail is an IANA zone.
    public init?(tzid: String) {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        if !trimmed.hasPrefix("/"), let zone = Zone(trimmed) {
            self = zone
            return
        }
        let parts = trimmed.split(separator: "/").map(String.init)
        // Longest tail first, but at most three parts (America/Argentina/Buenos_Aires).
        for length in stride(from: min(3, parts.count), through: 1, by: -1) {
            let tail = parts.suffix(length).joined(separator: "/")
            if let zone = Zone(tail) {
                self = zone
                return
            }
        }
        return nil
    }
}
