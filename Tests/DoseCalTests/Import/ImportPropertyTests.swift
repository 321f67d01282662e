import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// export -> import -> export gives the same doses, over generated schedules of every kind
/// (`ScheduleGenerator.roundTripSchedule`: cycles from any weekday, every N hours, tapers, travel
/// stops, moved doses, reminders off, every time policy). Seeds are printed; DOSECAL_SEED reruns
/// one. "Same" (docs/import.md): every dose of the first export and of the export of what was
/// imported, over 150 days from the first start, with its alarm (minutes before, repeats); a
/// zoned or fixed-interval dose by its instant, a floating dose by its local date and time (a
/// floating time has no instant in the feed: the viewer's zone gives it one).
@Suite struct ImportPropertyTests {
    /// Seeds beyond the 150 that a wider sweep found differing, kept once they round-trip: a
    /// fixed-interval series whose last dose falls on the home date before after a
    /// daylight-saving change (Lord Howe), a cycle travelling out and back home.
    static let swept: [UInt64] = [20_270_442, 20_271_034]

    /// DOSECAL_SEED=N: that seed; DOSECAL_SEEDS=FIRST-LAST: those (a wider sweep); else 150
    /// and `swept`.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["DOSECAL_SEED"].flatMap({ UInt64($0) }) { return [one] }
        let range = environment["DOSECAL_SEEDS"]?.split(separator: "-").compactMap { UInt64($0) } ?? []
        if range.count == 2, range[0] <= range[1] { return Array(range[0]...range[1]) }
        return (0..<150).map { 20_270_101 + $0 } + swept
    }()

    /// Seeds whose schedule import does not yet read back (docs/import.md "Not yet"), each with
    /// the kind of schedule it is. The test fails when one of them starts to pass: remove it then.
    static let open: [UInt64: String] = [:]

    /// Every dose but those the log says were skipped.
    static func doses(_ s: Schedule, from first: LocalDate) -> [String] {
        let engine = WallClockEngine(schedule: s)
        let ledger = DoseLedger(engine: engine)
        return s.medications.flatMap { m in
            engine.occurrences(of: m, from: first, to: first.adding(days: 150)).filter { ledger.status(of: $0) != .skipped }.map {
                o in
                let r = m.reminder
                let alarm =
                    r.enabled ? "\(r.minutesBefore)/\(r.repeatCount)/\(r.repeatCount == 0 ? 0 : r.repeatIntervalMinutes)" : "off"
                return (m.timePolicy == .floating ? "\(o.local)" : "\(o.instant)") + " " + alarm
            }
        }.sorted()
    }

    /// `s` with about one dose in 13 of the first 150 days logged skipped (chosen by `seed`, the
    /// generator's own stream untouched), each entry recorded 10 minutes after its dose: deleted
    /// in the feed (EXDATE), they come back as skipped doses (decision 0205).
    static func skipping(_ s: Schedule, seed: UInt64) -> Schedule {
        var s = s
        guard let first = s.medications.map(\.start).min() else { return s }
        let engine = WallClockEngine(schedule: s)
        let doses = s.medications.flatMap { engine.occurrences(of: $0, from: first, to: first.adding(days: 150)) }
        for (i, o) in doses.enumerated() where (UInt64(i) * 7 + seed) % 13 == 0 {
            s.log.append(
                DoseLogEntry(
                    medication: o.medicationID, slot: o.slotID, date: engine.localDate(of: o), status: .skipped,
                    at: Date(timeIntervalSince1970: TimeInterval(o.instant + 600))))
        }
        return s
    }

    /// The kinds a schedule has that import finds hard to read back, in words.
    static func kind(_ s: Schedule) -> String {
        var kinds: [String] = []
        let ms = s.medications
        let cycle = ms.contains { if case .cycle = $0.recurrence { true } else { false } }
        let hours = ms.contains { if case .everyNHours = $0.recurrence { true } else { false } }
        if cycle { kinds.append("cycle") }
        if hours { kinds.append("every N hours") }
        if ms.contains(where: { !$0.taper.isEmpty }) { kinds.append("taper") }
        if !s.itinerary.isEmpty { kinds.append("travel") }
        if ms.contains(where: { !$0.rescheduled.isEmpty }) { kinds.append("moved dose") }
        if ms.contains(where: { $0.timePolicy == .fixedInterval && !$0.taper.isEmpty }) { kinds.append("fixed-interval taper") }
        if s.feed.privacy && ms.count > 1 { kinds.append("privacy") }
        return kinds.joined(separator: ", ")
    }

    /// What differs after the round trip of `schedule` (nil: nothing).
    static func difference(_ schedule: Schedule) throws -> String? {
        let text = FeedBuilder(schedule: schedule, now: 1_797_336_000).build().serialized()
        let report = try CalendarImporter(zone: schedule.homeZone).run([ReturnedCalendar(parsing: Array(text.utf8))])
        let unmapped = report.unmapped.filter { !$0.reason.contains("refill") }
        guard let first = schedule.medications.map(\.start).min() else { return nil }
        let (a, b) = (doses(report.schedule, from: first), doses(schedule, from: first))
        let decoded = try ScheduleCodec.decode(ScheduleCodec.encode(report.schedule), file: "imported")
        if a == b, unmapped.isEmpty, decoded == report.schedule { return nil }
        return
            "imported-only \(Set(a).subtracting(b).sorted().prefix(3)), missing \(Set(b).subtracting(a).sorted().prefix(3)), unmapped \(unmapped.map(\.reason).prefix(2))"
    }

    @Test func exportThenImportGivesTheSameDoses() throws {
        var passed = 0
        for seed in Self.seeds {
            var generator = ScheduleGenerator(seed: seed)
            let schedule = Self.skipping(generator.roundTripSchedule(), seed: seed)
            let difference = try Self.difference(schedule)
            print(
                "import round trip: seed \(seed) (DOSECAL_SEED=\(seed)): \(difference == nil ? "same" : "differs: \(Self.kind(schedule))")"
            )
            if let kind = Self.open[seed] {
                withKnownIssue("seed \(seed): \(kind)") {
                    if let difference { Issue.record("seed \(seed): \(difference)") }
                }
                continue
            }
            #expect(difference == nil, "seed \(seed) (DOSECAL_SEED=\(seed)): \(difference ?? "")")
            passed += 1
        }
        #expect(passed >= Self.seeds.count * 2 / 3)
    }
}
