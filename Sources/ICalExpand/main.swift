// ical-expand FILE FROM TO [VIEWER_ZONE]: a development tool for the interop checks
// (scripts/interop/check_corpus.py). Prints one line per instance starting in [FROM, TO):
// `UID RECURRENCE-INSTANT START-INSTANT`, both RFC 3339 UTC; problems go to stderr as
// `problem: ...`. FROM and TO are dates (YYYY-MM-DD, midnight UTC). Exit 0, 2 on unreadable input,
// 64 on bad usage.
import Foundation
import ICal

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("ical-expand: \(message)\n".utf8))
    exit(code)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else { fail("usage: ical-expand FILE FROM TO [VIEWER_ZONE]", 64) }
guard let from = LocalDate(parsing: arguments[2]), let to = LocalDate(parsing: arguments[3]) else {
    fail("FROM and TO must be dates such as 2026-01-01", 64)
}
let viewer = arguments.count == 5 ? Zone(arguments[4]) : Zone.utc
guard let viewer else { fail("\(arguments[4]) is not an IANA zone", 64) }
guard let bytes = FileManager.default.contents(atPath: arguments[1]) else { fail("cannot read \(arguments[1])", 2) }
let parsed: ParsedCalendar
do {
    parsed = try ICalParser.parse(bytes)
} catch {
    fail("\(arguments[1]): \(error)", 2)
}
let expansion = CalendarExpander(calendar: parsed, viewerZone: viewer)
    .expand(from: from.daysSinceEpoch * 86_400, to: to.daysSinceEpoch * 86_400)
var out = ""
for instance in expansion.instances { out += instance.description + "\n" }
FileHandle.standardOutput.write(Data(out.utf8))
for problem in parsed.problems + expansion.problems { FileHandle.standardError.write(Data("problem: \(problem)\n".utf8)) }
