import DoseCal
import Foundation

/// `dosecal publish SCHEDULES_DIR --vdir-root DIR`: a vdir folder per schedule, kept by the same
/// sync as `dosecal sync SCHEDULE --vdir DIR/NAME` (its status next to the schedule, the phone's
/// edits merged into it), and a vdirsyncer fragment per folder pairing it with one calendar of a
/// CalDAV server (docs/publish.md).
enum VdirRoot {
    struct Result {
        var text: String
        var json: JSONValue
        var problems: Bool
    }

    /// One schedule's sync.
    struct Synced: Sendable {
        var identity: String
        var folder: String
        var exitCode: Int32
        var summary: String
        var fragmentWritten: Bool
    }

    static func sync(
        schedules: String, root: String, args: Arguments, jobs: Int, context: Context
    ) throws -> Result {
        if root == schedules || root.hasPrefix(schedules + "/") || schedules.hasPrefix(root + "/") {
            throw UsageError("--vdir-root \(root) and SCHEDULES_DIR must be apart (neither inside the other)")
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let tree = try ScheduleTree.scan(schedules)
        let fragment = Fragment(
            root: root, url: args[.caldavURL] ?? "https://caldav.example.org/", user: args[.caldavUser])
        let paths = tree.files.map(\.path).sorted()
        let (clock, console, text) = (context.clock, context.console, args[.now])
        let environment = context.environment
        let synced = ParallelWork.map(paths.count, jobs: jobs) { i in
            one(
                paths[i], schedules: schedules, fragment: fragment, console: console, environment: environment,
                now: (clock, text))
        }
        var lines = ["dosecal publish \(schedules) --vdir-root \(root): \(synced.count) folders"]
        lines += synced.map { "  \($0.identity) -> \($0.folder): \($0.summary)" }
        lines += tree.passed.sorted { $0.path < $1.path }.map { "  \($0.path) \($0.reason)" }
        let json = JSONValue(
            array: synced.map {
                JSONValue(object: [
                    "schedule": JSONValue($0.identity), "folder": JSONValue($0.folder),
                    "fragment": JSONValue(fragment.path($0.folder)), "exitCode": JSONValue(Int($0.exitCode)),
                    "result": JSONValue($0.summary),
                ])
            })
        return Result(
            text: lines.map(OutputText.escaped).joined(separator: "\n"), json: json,
            problems: synced.contains { $0.exitCode != ExitCode.ok } || !tree.passed.isEmpty)
    }

    /// The sync of one schedule into its folder; an error is its result, not the run's.
    private static func one(
        _ identity: String, schedules: String, fragment: Fragment, console: Console, environment: [String: String],
        now: (clock: Clock, text: String?)
    ) -> Synced {
        let name = folderName(identity)
        let folder = fragment.root + "/" + name
        let path = schedules + "/" + identity
        var result = Synced(identity: identity, folder: name, exitCode: ExitCode.ok, summary: "", fragmentWritten: false)
        do {
            result.fragmentWritten = try fragment.write(name, identity: identity)
            var sync = VdirSync(folder: folder, statusPath: SyncStatus.path(schedule: path, folder: folder))
            sync.prefer = .schedule
            sync.mergeEdits = true
            let (report, schedule) = try SyncCommand.sync(
                sync, path: path, zone: nil, console: console, environment: environment, now: now)
            let output = SyncOutput(
                report: report, folder: folder, dryRun: false,
                label: schedule.map { MedicationLabel(schedule: $0, privacy: $0.feed.privacy) })
            result.exitCode = SyncCommand.exitCode(report)
            result.summary = output.text().split(separator: "\n").dropFirst().joined(separator: "; ")
            let counts = "\(output.created.count) new, \(output.updated.count) changed, \(output.deleted.count) deleted"
            result.summary = result.summary.isEmpty ? counts : counts + "; " + result.summary
        } catch {
            result.exitCode = ExitCode.code(of: error)
            result.summary = "not synced: \(error)"
        }
        return result
    }

    /// The folder of a schedule: its path without `.json`, every character but letters, digits,
    /// `-` and `_` as `_`, and 8 hex digits of SHA-256 of the path (two paths never share a
    /// folder). Also the collection's name on the CalDAV server.
    static func folderName(_ identity: String) -> String {
        let stem = identity.hasSuffix(".json") ? String(identity.dropLast(5)) : identity
        let safe = String(
            stem.unicodeScalars.map { c in
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_") ? Character(c) : "_"
            })
        return safe + "-" + SHA256.hex(identity, digits: 8)
    }

    /// The vdirsyncer configuration fragment of each folder: `ROOT/NAME.vdirsyncer.conf`, a pair
    /// of the folder (a collection of the filesystem storage ROOT) and the calendar NAME of the
    /// CalDAV server (created by `vdirsyncer discover`).
    struct Fragment: Sendable {
        var root: String
        var url: String
        var user: String?

        func path(_ name: String) -> String { root + "/" + name + ".vdirsyncer.conf" }

        /// Writes the fragment of folder `name` when there is none (one edited by the operator is
        /// kept); whether it was written.
        func write(_ name: String, identity: String) throws -> Bool {
            guard !FileManager.default.fileExists(atPath: path(name)) else { return false }
            let pair = "dosecal_" + name.replacingOccurrences(of: "-", with: "_")
            var text = """
                # dosecal publish --vdir-root: the CalDAV calendar of \(identity).
                # Append to vdirsyncer's config, then: vdirsyncer discover \(pair) && vdirsyncer sync \(pair)
                [pair \(pair)]
                a = "\(pair)_folder"
                b = "\(pair)_caldav"
                collections = ["\(name)"]

                [storage \(pair)_folder]
                type = "filesystem"
                path = "\(root)/"
                fileext = ".ics"

                [storage \(pair)_caldav]
                type = "caldav"
                url = "\(url)"

                """
            if let user {
                text += "username = \"\(user)\"\npassword.fetch = [\"command\", \"printenv\", \"DOSECAL_CALDAV_PASSWORD\"]\n"
            }
            try AtomicFile.write(Data(text.utf8), to: path(name))
            return true
        }
    }
}
