// libFuzzer target `returned`: the reader of calendars that come back from clients, as
// `reconcile` and `import` use it. Any bytes are read as a returned calendar; when they read,
// they are imported and reconciled against a small schedule (fixtures/schedules/daily.json, read
// from the working directory). Built by scripts/fuzz.sh; any crash, trap, hang or sanitizer
// report is a bug.
import DoseCal
import Foundation
import ICal

let schedule: Schedule = {
    guard let data = FileManager.default.contents(atPath: "fixtures/schedules/daily.json"),
        let schedule = try? ScheduleCodec.decode(data, file: "daily.json")
    else { fatalError("run from the repository root: fixtures/schedules/daily.json is needed") }
    return schedule
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let calendar = try? ReturnedCalendar(parsing: bytes) else { return 0 }
    // Budgets smaller than a command's keep each input's work to well under the timeout.
    _ = try? CalendarImporter(zone: "America/New_York", budget: ExpansionBudget(instances: 100_000)).run([calendar])
    let now = 1_767_614_400  // 2026-01-05T12:00:00Z
    var reconciler = Reconciler(base: nil, ours: schedule, theirs: calendar, now: now, horizonDays: 60, lookbackDays: 30)
    reconciler.budget = ExpansionBudget(instances: 100_000)
    _ = try? reconciler.reconcile()
    return 0
}
