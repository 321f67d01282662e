// libFuzzer target `schedule`: the schedule reader (JSON). Any bytes are read as a schedule;
// when they read, the schedule is written back and its feed is built and serialised. Built by
// scripts/fuzz.sh; any crash, trap, hang or sanitizer report is a bug (a clear ScheduleError is
// the only acceptable outcome for bad input).
import DoseCal
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let schedule = try? ScheduleCodec.decode(bytes, file: "fuzz.json") else { return 0 }
    _ = try? ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "again.json")
    _ = try? FeedBuilder(schedule: schedule, now: 1_767_614_400).build().serialized()  // 2026-01-05T12:00:00Z
    return 0
}
