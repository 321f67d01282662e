/// A command-line option with a value (`--output FILE`), declared once: its long name, short
/// alias and the value's placeholder in the help. Commands list the options they accept and read
/// them by these names (`args[.output]`), so a misspelt name is a compile error. The help text's
/// Options block is checked against the declarations (`CommandSpec.declarationProblem`).
struct Option: Hashable, Sendable {
    /// The long name, without dashes.
    let name: String
    /// The value's placeholder in the help (`FILE`, `ZONE`).
    let placeholder: String
    /// The short alias (`-o`), if any.
    let short: String?

    init(_ name: String, _ placeholder: String, short: String? = nil) {
        self.name = name
        self.placeholder = placeholder
        self.short = short
    }
}

extension Option {
    static let add = Option("add", "N")
    static let amount = Option("amount", "N")
    static let at = Option("at", "TIME")
    static let base = Option("base", "FILE")
    static let baseURL = Option("base-url", "URL")
    static let budget = Option("budget", "N")
    static let caldavURL = Option("caldav-url", "URL")
    static let caldavUser = Option("caldav-user", "NAME")
    static let calendar = Option("calendar", "FILE")
    static let category = Option("category", "NAME")
    static let clock = Option("clock", "FILE")
    static let date = Option("date", "DATE")
    static let days = Option("days", "N")
    static let end = Option("end", "DATE")
    static let every = Option("every", "LENGTH")
    static let `for` = Option("for", "LENGTH")
    static let form = Option("form", "FORM")
    static let format = Option("format", "FORMAT")
    static let from = Option("from", "DATE")
    static let gapPolicy = Option("gap-policy", "P")
    static let grace = Option("grace", "MINUTES")
    static let id = Option("id", "ID")
    static let itinerary = Option("itinerary", "FILE")
    static let jobs = Option("jobs", "N")
    static let margin = Option("margin", "N")
    static let match = Option("match", "REGEX")
    static let maxPerDay = Option("max-per-day", "N")
    static let minimumHours = Option("minimum-hours", "N")
    static let month = Option("month", "YYYY-MM")
    static let name = Option("name", "TEXT")
    static let notes = Option("notes", "TEXT")
    static let now = Option("now", "TIME")
    static let out = Option("out", "SITE_DIR")
    static let output = Option("output", "FILE", short: "-o")
    static let outputDir = Option("output-dir", "DIR")
    static let paper = Option("paper", "PAPER")
    static let pending = Option("pending", "FILE")
    static let person = Option("person", "ID")
    static let prefer = Option("prefer", "SIDE")
    static let previous = Option("previous", "FILE")
    static let rotate = Option("rotate", "ID")
    static let slot = Option("slot", "SLOT")
    static let state = Option("state", "DIR")
    static let strength = Option("strength", "TEXT")
    static let supply = Option("supply", "N")
    static let times = Option("times", "08:00,20:00")
    static let to = Option("to", "DATE")
    static let unit = Option("unit", "UNIT")
    static let vdir = Option("vdir", "DIR")
    static let vdirRoot = Option("vdir-root", "DIR")
    static let view = Option("view", "VIEW")
    static let weekdays = Option("weekdays", "mo,fr")
    static let zone = Option("zone", "ZONE")
}
