import CalendarTime
import DoseCal

/// How a publish is shown: a summary with the problems (the index has every feed), or JSON.
struct PublishOutput {
    var publisher: Publisher
    var report: PublishReport
    /// Written feeds listed in the text before "and N more".
    static let shownWritten = 10

    func text() -> String {
        let r = report
        let problems = r.problems
        var lines = [
            "dosecal publish \(publisher.schedules) -> \(publisher.site): \(count(r.scanned, "schedule")): "
                + "\(r.writtenCount) written, \(r.unchanged) unchanged, \(r.retired.count) retired, "
                + count(problems.count, "problem")
        ]
        for w in r.written.prefix(Self.shownWritten) { lines.append("  written: \(w.identity) -> \(w.name)") }
        if r.writtenCount > Self.shownWritten {
            lines.append("  and \(r.writtenCount - Self.shownWritten) more written (see the index)")
        }
        for x in r.retired { lines.append("  retired: \(x.name) (\(x.identity)): its link answers 410 Gone from now on") }
        for name in r.removedLeftovers { lines.append("  removed a temporary file of an interrupted publish: \(name)") }
        for p in problems { lines.append("  problem: \(p.problem)") }
        lines.append("Index: \(publisher.indexTextPath) (and index.json)")
        if !problems.isEmpty {
            lines.append("\(count(problems.count, "schedule")) not published as it is now (exit 1); the others are.")
        }
        return lines.map(OutputText.escaped).joined(separator: "\n")
    }

    func json() -> [(String, JSONValue)] {
        let r = report
        let strings = { (list: [String]) in JSONValue(array: list.map { JSONValue($0) }) }
        return [
            ("schedules", JSONValue(publisher.schedules)), ("site", JSONValue(publisher.site)),
            ("state", JSONValue(publisher.state)), ("scanned", JSONValue(r.scanned)),
            (
                "written",
                JSONValue(
                    array: r.written.map {
                        JSONValue(object: [
                            "schedule": JSONValue($0.identity), "feed": JSONValue($0.name),
                            "lastChange": JSONValue(RFC3339.utc($0.stamp)),
                        ])
                    })
            ),
            ("unchanged", JSONValue(r.unchanged)),
            (
                "retired",
                JSONValue(
                    array: r.retired.map { JSONValue(object: ["schedule": JSONValue($0.identity), "feed": JSONValue($0.name)]) })
            ),
            (
                "problems",
                JSONValue(
                    array: r.problems.map {
                        JSONValue(object: ["schedule": JSONValue($0.identity), "problem": JSONValue($0.problem)])
                    })
            ),
            ("removedTemporaryFiles", strings(r.removedLeftovers)),
            ("index", JSONValue(publisher.indexPath)),
        ]
    }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
