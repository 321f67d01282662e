import Foundation

/// Fingerprints of a schedule's parts, for a sync that rebuilds only what changed: the SHA-256 of
/// each part's JSON as the schedule file writes it. The encoding is lossless (the file reads back
/// as the same schedule), so equal fingerprints mean equal values.
extension ScheduleEncoder {
    /// The fingerprint of everything but the medications (home zone, feed options, itinerary,
    /// log, seen reminders, version): what every medication's calendar items may depend on.
    package static func sharedFingerprint(_ schedule: Schedule) -> String {
        var rest = schedule
        rest.medications = []
        return SHA256.hex(of: JSONWriter.bytes(tree(rest)))
    }

    /// The fingerprint of one medication's entry (as the version it needs writes it).
    package static func fingerprint(_ medication: Medication) -> String {
        SHA256.hex(of: JSONWriter.bytes(self.medication(medication, version: medication.needsVersion2 ? 2 : 1)))
    }
}
