import ICal

/// A dose time whose series the returned calendar lacks without showing it deleted (decision
/// 0200): left out of the comparison, so nothing about it changes, and reported with the reason.
public struct AbsentSeries: Sendable, Equatable, CustomStringConvertible {
    public var medicationID: String
    public var slotID: String
    /// The dosecal UIDs of the slot's series the calendar lacks.
    public var uids: [String]
    /// Why the absence is not read as a deletion (no medicine names).
    public var reason: String
    /// "Levothyroxine 06:30", naming the medication as the schedule does.
    public var description: String

    public init(medicationID: String, slotID: String, uids: [String], reason: String, description: String) {
        self.medicationID = medicationID
        self.slotID = slotID
        self.uids = uids
        self.reason = reason
        self.description = description
    }

    /// `{"medication", "slot", "uids", "reason", "description"}`.
    var json: JSONValue {
        JSONValue(members: [
            ("medication", JSONValue(medicationID)), ("slot", JSONValue(slotID)),
            ("uids", JSONValue(array: uids.map { JSONValue($0) })), ("reason", JSONValue(reason)),
            ("description", JSONValue(description)),
        ])
    }
}
