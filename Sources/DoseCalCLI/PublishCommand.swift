import DoseCal
import Foundation

/// `dosecal publish SCHEDULES_DIR --out SITE_DIR [--jobs N] [--base-url URL] [--rotate ID] ...`
enum PublishCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json, .prune],
        options: [.out, .jobs, .baseURL, .rotate, .state, .vdirRoot, .caldavURL, .caldavUser, .now], run: run)
    static let name = "publish"
    static let summary = "Publish a folder of schedules as private feeds for a web server or CalDAV"
    static let help = """
        Usage: dosecal publish SCHEDULES_DIR --out SITE_DIR [--jobs N] [--base-url URL]
                               [--rotate ID] [--prune] [--state DIR] [--json] [--now TIME]
               dosecal publish SCHEDULES_DIR --vdir-root DIR [--caldav-url URL]
                               [--caldav-user NAME] [--jobs N] [--json] [--now TIME]

        Publish every schedule in SCHEDULES_DIR and its subfolders (every *.json file
        whose name does not start with a dot) as an iCalendar feed in SITE_DIR, for a
        web server (nginx) or object storage to serve: a person or carer subscribes to
        its link in any calendar app. Each feed has a name nobody can guess (128 bits
        made from a secret that never leaves the state folder) that stays the same from
        one publish to the next. Feeds are readable by everyone (0644, the folder 0755);
        the secret, the record and the index are yours only (0600). See docs/publish.md.

        A publish again rewrites only the feeds whose schedule changed (or the program,
        or the zone data): a publish with nothing to do reads the status of each schedule
        file and writes nothing. A feed's bytes are the same for the same schedule, its
        events stamped with the schedule file's last change, and the file's modification
        time is that change, so web servers answer "not modified" to calendar apps that
        ask again. A schedule that cannot be read is named and its last feed kept; the
        others are published. Two publishes into one SITE_DIR never run at once.

        With --vdir-root, each schedule also gets a vdir folder DIR/NAME (a dosecal sync
        with all its guarantees: phone edits come back into the schedule) and a
        vdirsyncer configuration fragment DIR/NAME.vdirsyncer.conf, one CalDAV calendar
        per person.

        Options:
          --out SITE_DIR     The folder the web server serves (created 0755 if missing).
          --jobs N           Schedules built at once (default: the number of cores).
          --base-url URL     What the links in the index start with
                             (https://feeds.example.org/doses/).
          --rotate ID        Give one feed a new link and retire the old one (its URL
                             answers 410 Gone from now on, with the nginx configuration
                             of the documentation): ID is a schedule path relative to
                             SCHEDULES_DIR, a feed name or a link.
          --prune            Retire the feeds whose schedule file is gone (otherwise
                             they are kept, and named as a problem).
          --state DIR        Where the secret, record and index are kept (default:
                             SCHEDULES_DIR/.dosecal-publish; never inside SITE_DIR).
          --vdir-root DIR    Also keep a vdir folder per schedule in DIR (see above).
          --caldav-url URL   The CalDAV server for the vdirsyncer fragments (the
                             calendars are created there by vdirsyncer discover).
          --caldav-user NAME The user name for the vdirsyncer fragments.
          --json             Print the result as JSON.
          --now TIME         The time retired links and synced events are stamped with
                             (RFC 3339 or seconds since 1970; default: now, or
                             SOURCE_DATE_EPOCH). Feed bytes do not depend on it.

        Exit status: 0 every schedule published, 1 some could not be (listed; the
        others are published), 2 unreadable or unwritable folders, another publish
        running, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count == 1 else {
            throw UsageError(
                args.positionals.isEmpty
                    ? "missing SCHEDULES_DIR (a folder of schedule files)"
                    : "expected one SCHEDULES_DIR, got \(args.positionals.count)")
        }
        let schedules = SyncCommand.absolute(args.positionals[0])
        guard FileManager.default.fileExists(atPath: schedules) else {
            throw InputError("\(args.positionals[0]): no such folder; expected a folder of schedule files")
        }
        guard args[.out] != nil || args[.vdirRoot] != nil else {
            throw UsageError("missing --out SITE_DIR (the folder to publish the feeds in), or --vdir-root DIR")
        }
        let jobs = try args.integer(.jobs, default: ProcessInfo.processInfo.activeProcessorCount, in: 1...1024)
        // Retirements are recorded in UTC (each vdir sync reads --now in its own schedule's zones).
        let now = try context.clock.instant(args[.now], option: .now, timeline: ZoneTimeline(home: .utc))
        var code = ExitCode.ok
        var json: [(String, JSONValue)] = []
        if let out = args[.out] {
            var publisher = Publisher(
                schedules: schedules, site: SyncCommand.absolute(out),
                state: SyncCommand.absolute(args[.state] ?? schedules + "/.dosecal-publish"))
            publisher.jobs = jobs
            publisher.baseURL = args[.baseURL]
            publisher.rotate = args[.rotate].map { [$0] } ?? []
            publisher.prune = args[.prune]
            publisher.build = SyncInputs.build(environment: context.environment) + "\npublish 1"
            publisher.now = now
            // The text names the first few feeds written; the JSON names them all.
            if !args[.json] { publisher.listWritten = PublishOutput.shownWritten }
            let report = try publisher.run { randomBytes(32) }
            let output = PublishOutput(publisher: publisher, report: report)
            if args[.json] { json += output.json() } else { context.console.out(output.text()) }
            if !report.problems.isEmpty { code = ExitCode.problems }
        }
        if let root = args[.vdirRoot] {
            let result = try VdirRoot.sync(
                schedules: schedules, root: SyncCommand.absolute(root), args: args, jobs: jobs, context: context)
            if args[.json] { json.append(("vdirRoot", result.json)) } else { context.console.out(result.text) }
            if result.problems { code = ExitCode.problems }
        }
        if args[.json] { context.console.out(String(JSONValue(members: json).text.dropLast())) }
        return code
    }

    /// `count` bytes from the system's random source.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
