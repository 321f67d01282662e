import ICal

/// `check` from start to finish, for any frontend: every channel of a calendar expanded over the
/// checker's window (dosecal's expander, libical's own expansion, the notification plan, the
/// system's zone data), compared dose by dose, with the calendar's own warnings and the zone-data
/// warning added. The command line parses options, reads files and prints; this does the rest.
public struct CalendarCheck: Sendable {
    /// A step of the work, for a progress line.
    public enum Step: Sendable, Equatable {
        case expanding
        /// libical's expansion: events done of events.
        case libical(done: Int, of: Int)
        case comparing
    }

    public var checker: DoseChecker
    /// Foundation's zone data version (the iOS channel's data), named in the report.
    public var foundationZoneData: String
    /// The instances each expansion may make (`ExpansionBudget`); what passes it is left out
    /// and its doses reported unchecked. nil: `DoseChecker.expansionBudget` (the default, or
    /// twice the most doses the schedule can have in the window). Tests use small ones.
    public var budget: Int? = nil
    /// Which rows the report keeps (every row is counted): every row for a report that lists
    /// them all, only those that need attention for one that shows the problems.
    public var rows: CheckReport.Rows = .every

    public init(checker: DoseChecker, foundationZoneData: String) {
        self.checker = checker
        self.foundationZoneData = foundationZoneData
    }

    /// The report on `calendar` and the zone data each part used.
    public func run(_ calendar: CheckedCalendar, progress: (Step) -> Void = { _ in }) -> (CheckReport, ZoneDataVersions) {
        let schedule = checker.schedule
        let home = schedule.home
        let window = checker.instantWindow
        progress(.expanding)
        let budget = self.budget ?? checker.expansionBudget.instances
        let expanded = calendar.instances(in: window, viewerZone: home, budget: ExpansionBudget(instances: budget))
        let libical = calendar.libicalInstances(in: window, viewerZone: home, budget: ExpansionBudget(instances: budget)) {
            progress(.libical(done: $0, of: $1))
        }
        let cut = ExpansionCut(limit: budget, series: expanded.cut.uids, libicalSeries: libical.cut, until: expanded.cut.until)
        progress(.comparing)
        let system = SystemZones(lastYear: checker.to.year + 1)
        // One expansion of each medication's doses for the plan and the expected doses (two
        // days either side), made when that medication is compared.
        let planDays = PlanChannel.doseDays(schedule: schedule, in: window)
        let engine = WallClockEngine(schedule: schedule)
        let days = (min(planDays.from, checker.from.adding(days: -2)), max(planDays.to, checker.to.adding(days: 2)))
        let plan = PlanChannel(schedule: schedule, in: window)
        var report = checker.check(
            calendar: expanded.byUID, libical: libical.byUID, plan: plan.doseInstants(ofMedicationsAt:expansion:),
            systemZone: system.zone,
            expansion: { DoseExpansion(engine: engine, from: days.0, to: days.1, medicationsAt: $0) }, cut: cut, rows: rows)
        report.warnings += calendar.warnings
        // What the budget left out is said first (`cut`), not among the events that could not be read.
        report.warnings += expanded.problems.filter { !$0.isExpansionCut }.map {
            "An event of the calendar could not be read: \($0)"
        }
        let versions = ZoneDataVersions(foundation: foundationZoneData, system: Zone.dataVersion)
        if let warning = versions.warning(movedDoses: report.doses.filter { $0.notes.contains(where: \.isZoneData) }.count) {
            report.warnings.append(warning)
        }
        return (report, versions)
    }
}

/// The system's zone data as libical reads it, once per zone.
final class SystemZones: @unchecked Sendable {
    let lastYear: Int
    private var cache: [String: CalendarZone?] = [:]

    init(lastYear: Int) { self.lastYear = lastYear }

    func zone(_ identifier: String) -> (any ZoneRules)? {
        if let cached = cache[identifier] { return cached }
        let zone = SystemZoneData.zone(identifier, through: lastYear)
        cache[identifier] = zone
        return zone
    }
}

/// Which zone data each part uses: the system's zone files (expected instants, the feed's
/// VTIMEZONEs, libical's built-in zones) and Foundation's own copy (the iOS channel).
public struct ZoneDataVersions: Sendable {
    public var foundation: String
    public var system: String?

    public var summary: String {
        "Zone data: system \(system ?? "unknown") (expected instants, the feed's VTIMEZONEs, libical), "
            + "Foundation \(foundation) (the iOS repeating trigger)."
    }

    func warning(movedDoses: Int) -> String? {
        guard movedDoses > 0 else { return nil }
        return "libical's built-in zones disagree with the system's zone files (\(system ?? "unknown")) in a way that "
            + "moves \(movedDoses) doses in the window: programs that use libical's zones fire those at other times."
    }
}

extension DoseCheck.Note {
    var isZoneData: Bool { if case .zoneData = self { true } else { false } }
}
