import DoseCal
import DoseCalEntry
import Foundation

/// `dosecal import` of FHIR R4 JSON: read the files, run `FHIRImporter`, write and print.
extension ImportCommand {
    static func fhir(_ files: [(String, Data)], _ args: Arguments, output: String?, context: Context) throws -> Int32 {
        for option in [Option.match, .category] where args[option] != nil {
            throw UsageError("--\(option.name) is for calendars; FHIR names its medications")
        }
        guard let zone = try args.zone(.zone, example: "Europe/Berlin") else {
            throw UsageError("FHIR names no home zone: give --zone ZONE, like --zone Europe/Berlin")
        }
        let today = try context.clock.time(args[.now], option: .now, timeline: ZoneTimeline(home: zone)).date
        let clock = try args[.clock].map { path in
            try ScheduleCodec.decodeClock(try CalendarInput.data(path), file: path)
        }
        var documents: [FHIRDocument] = []
        for (path, data) in files {
            guard FHIRDocument.looksLikeJSON(data) else {
                throw InputError("\(path): not FHIR JSON; import calendars and FHIR files in separate runs")
            }
            do { documents.append(try FHIRDocument(data, file: path == "-" ? "<stdin>" : path)) } catch {
                throw InputError("\(error)")
            }
        }
        let held = try output.map { try ScheduleInput.writable($0, command: name, console: context.console, creating: true) }
        defer { withExtendedLifetime(held) {} }
        if let held, held.exists { throw FileError.exists(path: held.path) }
        let report = FHIRImporter(zone: zone, clock: clock ?? PersonalClock(), today: today).run(documents)
        let data = ScheduleCodec.encode(report.schedule)
        // Only a schedule dosecal reads back is written.
        do { _ = try ScheduleCodec.decode(data, file: output ?? "<stdout>") } catch {
            throw InputError("the schedule made from the FHIR data cannot be read back (\(error)); nothing written")
        }
        let found = !report.schedule.medications.isEmpty
        guard let output else {
            context.console.raw(data)
            context.console.error(
                "dosecal import: \(report.schedule.medications.count) medication(s) from \(report.resourcesRead) FHIR resource(s); "
                    + "\(report.inactive.count) no longer taken, \(report.notImported.count) not imported; use -o FILE to see the list"
            )
            return found ? ExitCode.ok : ExitCode.problems
        }
        if found { try held?.create(data) }
        if args[.json] {
            context.console.raw(Data(report.json.text.utf8))
        } else {
            let head =
                found
                ? "Wrote \(output): \(report.schedule.medications.count) medication(s), home zone \(zone.identifier)."
                : "No medication could be imported; nothing written."
            context.console.out(
                ([head] + report.lines + ["\(report.resourcesRead) FHIR resource(s) read."]).joined(separator: "\n"))
        }
        return found ? ExitCode.ok : ExitCode.problems
    }
}
