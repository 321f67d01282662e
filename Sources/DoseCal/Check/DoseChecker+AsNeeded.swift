import ICal

extension DoseChecker {
    /// The slot id of the rows that check an as-needed medicine's "next dose allowed" event.
    public static let nextDoseAllowedSlot = "next-dose-allowed"

    /// One row per as-needed medicine whose next allowed dose (by the whole log, as the feed
    /// writes it) or whose calendar event falls in `window`: ok when the calendar's event starts
    /// at that instant, moved when elsewhere, missing when absent, extra when the model has none.
    func nextDoseAllowedRows(calendar: [String: [Int]], window: Range<Int>) -> [DoseCheck] {
        var rows: [DoseCheck] = []
        for m in schedule.medications {
            guard let doses = AsNeededDoses(m, log: schedule.log) else { continue }
            let uid = DoseIdentity.nextDoseAllowed(medicationID: m.id).uid
            let found = (calendar[uid] ?? []).sorted()
            let expected = doses.nextAllowed.flatMap { window.contains($0) ? $0 : nil }
            guard expected != nil || found.contains(where: window.contains) else { continue }
            let actual = expected.flatMap { e in found.contains(e) ? e : nil } ?? found.first
            var status = DoseCheck.Status.ok
            if expected == nil {
                status = .extra
            } else if actual == nil {
                status = .missing
            } else if actual != expected {
                status = .moved
            }
            let day = expected.map { schedule.timeline(of: m).home.local(at: $0).date }
            rows.append(
                DoseCheck(
                    medicationID: m.id, slotID: Self.nextDoseAllowedSlot, uid: uid, day: day,
                    local: expected.map { LocalDateTime(secondsSinceEpoch: $0) }, zone: nil, expected: expected,
                    calendar: actual, status: status, notes: []))
        }
        return rows
    }
}
