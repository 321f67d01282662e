import Foundation

/// A reminder of one dose time that a calendar reports as seen (dismissed or snoozed) at `at`:
/// a hint for the person, never a dose taken (decision 0097). The schedule keeps the latest one
/// per medication and slot (`Schedule.seen`).
public struct SeenReminder: Sendable, Hashable {
    public var medication: String
    public var slot: String
    /// The instant the calendar recorded, in seconds since 1970 (whole seconds).
    public var at: Int
    /// The scheduled date of the dose it belongs to (the latest dose at or before `at`), when known.
    public var date: LocalDate?
    /// Where it was seen; `calendar` is the only source.
    public var source: String

    public static let sources = ["calendar"]

    public init(medication: String, slot: String, at: Int, date: LocalDate? = nil, source: String = "calendar") {
        self.medication = medication
        self.slot = slot
        self.at = at
        self.date = date
        self.source = source
    }
}

extension Schedule {
    /// `seen` with `hints` merged in: the latest hint per medication and slot (an earlier one
    /// never replaces a later), hints for medications or slots the schedule lacks left out,
    /// sorted by medication and slot. Running it twice with the same hints changes nothing.
    public func merging(seen hints: [SeenReminder]) -> Schedule {
        var latest: [SlotKey: SeenReminder] = [:]
        for hint in seen + hints {
            guard let m = medications.first(where: { $0.id == hint.medication }),
                m.times.contains(where: { $0.id == hint.slot })
            else { continue }
            let key = SlotKey(medicationID: hint.medication, slotID: hint.slot)
            if let known = latest[key], known.at >= hint.at { continue }
            latest[key] = hint
        }
        var s = self
        s.seen = latest.values.sorted { ($0.medication, $0.slot) < ($1.medication, $1.slot) }
        return s
    }
}
