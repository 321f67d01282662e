import Foundation
import ICal

/// An occurrence a calendar deleted from a dose series (an EXDATE): the person's skip, in any
/// calendar (decision 0205).
struct DeletedDose: Sendable, Equatable {
    /// Where the occurrence would have started.
    var instant: Int
    /// Its local date and time as the series gave it (a floating series' doses are matched by it).
    var local: LocalDateTime
    /// The slot of the imported medication it belongs to (empty until dose times are slots).
    var slot = ""
}

extension CalendarImporter {
    /// The occurrences the EXDATEs of `e` remove, and how many EXDATE values remove none. The
    /// series is expanded with and without them by the one expander around their dates, so
    /// every form (TZID, UTC, floating, `VALUE=DATE`: every occurrence that day) reads as
    /// `CalendarExpander` reads it. Nil when either expansion has a problem (an EXDATE that
    /// cannot be read, the expansion budget spent): then nothing is read as skipped.
    func deletedOccurrences(_ e: ReturnedEvent, calendar: ReturnedCalendar, home: Zone) -> (
        deleted: [DeletedDose], onNone: Int
    )? {
        let around = e.exceptionDates.map(\.sortKey.0)
        guard let low = around.min(), let high = around.max() else { return ([], 0) }
        let expand = { (event: ICalComponent) in
            CalendarExpander(components: calendar.timezones + [event], viewerZone: home, budget: budget)
                .expand(from: low - 2 * 86_400, to: high + 2 * 86_400)
        }
        let (with, without) = (expand(e.component), expand(Self.withoutDeletions(e.component)))
        guard with.problems.isEmpty, without.problems.isEmpty else { return nil }
        let kept = Set(with.instances.map(\.recurrenceInstant))
        let removed = without.instances.filter { !kept.contains($0.recurrenceInstant) }
        let onNone = e.exceptionDates.filter { x in !removed.contains { Self.removes(x, $0) } }.count
        return (removed.map { DeletedDose(instant: $0.start, local: $0.local) }, onNone)
    }

    /// `event` without its EXDATEs: every occurrence of its rule.
    static func withoutDeletions(_ event: ICalComponent) -> ICalComponent {
        var plain = event
        plain.properties.removeAll { $0.name == "EXDATE" }
        return plain
    }

    /// Whether the EXDATE value `x` names the occurrence `i`.
    static func removes(_ x: ReturnedTime, _ i: EventInstance) -> Bool {
        switch x {
        case .instant(let s): return i.recurrenceInstant == s
        case .date(let d): return i.local.date == d
        case .local(let t, _): return i.local == t
        }
    }

    /// The `skipped` log entries of the deleted doses: each names the imported medication's dose
    /// at the deleted occurrence's instant (a floating medication's: at its local time) by slot
    /// and dose day, `at` the dose's own instant (decision 0205). A deletion where the medication
    /// has no dose is noted on it, not logged: a skip is never invented.
    static func skippedLog(_ items: inout [Item], home: Zone, itinerary: [ItineraryStop]) -> [DoseLogEntry] {
        let engine = WallClockEngine(schedule: Schedule(home: home, medications: items.map(\.medication), itinerary: itinerary))
        var log: [DoseLogEntry] = []
        for i in items.indices where !items[i].source.deleted.isEmpty {
            let m = items[i].medication
            var found: [DoseLogEntry] = []
            for deleted in items[i].source.deleted {
                let day = m.timePolicy == .floating ? deleted.local.date : home.local(at: deleted.instant).date
                let dose = engine.occurrences(of: m, from: day.adding(days: -1), to: day.adding(days: 1)).first {
                    $0.slotID == deleted.slot
                        && (m.timePolicy == .floating ? $0.local == deleted.local : $0.instant - $0.shift == deleted.instant)
                }
                guard let dose else { continue }
                found.append(
                    DoseLogEntry(
                        medication: m.id, slot: dose.slotID, date: engine.localDate(of: dose), status: .skipped,
                        at: Date(timeIntervalSince1970: TimeInterval(dose.instant))))
            }
            let count = items[i].source.deleted.count
            if !found.isEmpty { items[i].source.notes.append("\(found.count) deleted occurrence(s) imported as skipped doses") }
            if found.count < count {
                items[i].source.notes.append(
                    "\(count - found.count) deleted occurrence(s) not imported (no dose of the imported medication there)")
            }
            log += found
        }
        return log.sorted { ($0.at, $0.medication, $0.slot ?? "") < ($1.at, $1.medication, $1.slot ?? "") }
    }
}
