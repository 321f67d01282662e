import DoseCalTestSupport
import DoseCal
import Foundation
import ICal
import Testing

@testable import DoseCal

/// export -> import gives back the same schedule, over generated schedules (seeded; a failure
/// prints its seed, DOSECAL_SEED reruns it). "Same" (docs/import.md): the same doses (every
/// instant of every slot over 120 days from the first start) with the same recurrence and time
/// policy per dose time. Import cannot recover what the feed does not carry (supply, log, notes,
/// slot ids, taper steps, travel, cycles), so generated schedules without those are used.
@Suite struct ImportPropertyTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["DOSECAL_SEED"].flatMap { UInt64($0) } ?? 20_270_101

    static func importable(_ s: Schedule) -> Schedule {
        var s = s
        s.itinerary = []
        s.log = []
        s.medications = s.medications.filter { if case .cycle = $0.recurrence { false } else { true } }
        for i in s.medications.indices {
            s.medications[i].taper = []
            s.medications[i].rescheduled = []
            s.medications[i].supply = nil
            s.medications[i].reminder.enabled = true
        }
        return s
    }

    static func doses(_ s: Schedule, from first: LocalDate) -> [Int] {
        WallClockEngine(schedule: s).occurrences(from: first, to: first.adding(days: 120)).map(\.instant).sorted()
    }

    @Test func exportThenImportGivesTheSameDoses() throws {
        var compared = 0
        for i in 0..<150 {
            let seed = Self.seed &+ UInt64(i)
            var generator = ScheduleGenerator(seed: seed)
            let schedule = Self.importable(generator.schedule())
            guard !schedule.medications.isEmpty else { continue }
            let text = try FeedBuilder(schedule: schedule, now: 1_797_336_000).build().serialized()
            let report = try CalendarImporter(zone: schedule.homeZone).run([ReturnedCalendar(parsing: Array(text.utf8))])
            #expect(report.unmapped.isEmpty, "seed \(seed) (DOSECAL_SEED=\(seed)): \(report.unmapped.map(\.reason))")
            let imported = report.schedule
            let first = schedule.medications.map(\.start).min()!
            let (a, b) = (Self.doses(imported, from: first), Self.doses(schedule, from: first))
            #expect(
                a == b,
                "seed \(seed) (DOSECAL_SEED=\(seed)): doses differ: imported-only \(Set(a).subtracting(b).sorted().prefix(3)), missing \(Set(b).subtracting(a).sorted().prefix(3)); \(schedule.medications.map { "\($0.recurrence) \($0.timePolicy) \($0.start) \($0.times.map(\.time.description))" }) home \(schedule.homeZone) -> \(imported.medications.map { "\($0.recurrence) \($0.timePolicy) \($0.start) \($0.times.map(\.time.description))" })"
            )
            let decoded = try ScheduleCodec.decode(ScheduleCodec.encode(imported), file: "imported")
            #expect(decoded == imported, "seed \(seed): the imported schedule is valid and round-trips")
            compared += 1
        }
        #expect(compared > 50)
    }
}
