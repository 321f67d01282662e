// libFuzzer target `rrule`: the RRULE reader and iterator. The first line of the input is an
// RRULE value, the second (optional) a DTSTART value; the rule is read (`RecurrenceRule`) and
// must read back from its own text as the same value, and an event with them is expanded over two years by `CalendarExpander` and by libical's own
// expansion (`LibicalReference`). Built by scripts/fuzz.sh; any crash, trap, hang or sanitizer
// report is a bug.
import ICal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    let rule = String(lines[0])
    if let read = RecurrenceRule(parsing: rule) {
        precondition(RecurrenceRule(parsing: read.description) == read, "RRULE \(rule) does not read back from \(read)")
    }
    _ = RecurrenceRule.problem(in: rule)
    let start = lines.count > 1 && !lines[1].isEmpty ? String(lines[1]) : "20260110T083000"
    var event = ICalComponent("VEVENT")
    event.add(ICalProperty("UID", "fuzz@example.com"))
    event.add(ICalProperty("DTSTART", start, parameters: [ICalParameter("TZID", "Europe/Berlin")]))
    event.add(ICalProperty("RRULE", rule))
    let from = 1_767_225_600  // 2026-01-01
    let to = 1_830_297_600  // 2028-01-01
    _ = CalendarExpander(components: [event], budget: ExpansionBudget(instances: 100_000)).expand(from: from, to: to)
    _ = LibicalReference.instances(of: event, from: from, to: to, stepLimit: 200_000, budget: ExpansionBudget(instances: 100_000))
    return 0
}
