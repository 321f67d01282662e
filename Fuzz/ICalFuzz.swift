// libFuzzer target `ical`: the ICal module. Parse any bytes, and when they parse, expand the
// calendar over two years and serialise it again. Built by scripts/fuzz.sh with
// `swiftc -sanitize=fuzzer,address`; any crash, trap, hang or sanitizer report is a bug (a clear
// ICalError is the only acceptable outcome for bad input).
import ICal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let parsed = try? ICalParser.parse(bytes) else { return 0 }
    let expander = CalendarExpander(calendar: parsed, budget: ExpansionBudget(instances: 100_000))
    _ = expander.expand(from: 1_767_225_600, to: 1_830_297_600)  // 2026-01-01 ..< 2028-01-01
    for component in parsed.components {
        _ = try? ICalSerializer.serialize(component)
    }
    return 0
}
