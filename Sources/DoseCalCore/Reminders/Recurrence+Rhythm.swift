/// A medication's rhythm in the words a warning uses ("Methotrexate is taken weekly").
extension Recurrence {
    /// Whether the medicine is taken every day it is taken at all (daily, every weekday, a
    /// cycle's days on, every N hours, as needed): a dose of it named early is not warned about.
    public var isEveryDay: Bool {
        switch self {
        case .daily, .cycle, .everyNHours, .asNeeded: return true
        case .everyNDays(let n): return n <= 1
        case .weekly(let days, let interval): return interval == 1 && Set(days).count == 7
        }
    }

    /// `daily`, `weekly`, `on Mondays and Fridays`, `every 2 weeks`, `every 3 days`,
    /// `daily, 21 days on and 7 off`, `every 8 hours`, `as needed`.
    public var rhythm: String {
        switch self {
        case .daily: return "daily"
        case .everyNDays(let n): return n <= 1 ? "daily" : "every \(n) days"
        case .cycle(let on, let off): return "daily, \(on) days on and \(off) off"
        case .everyNHours(let n): return "every \(n) hour\(n == 1 ? "" : "s")"
        case .asNeeded: return "as needed"
        case .weekly(let days, let interval):
            if interval == 1 && Set(days).count == 7 { return "daily" }
            let every = interval == 1 ? "weekly" : "every \(interval) weeks"
            guard days.count > 1 else { return every }
            let names = Weekday.allCases.filter(days.contains).map { "\($0.name)s" }
            let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
            return interval == 1 ? "on \(list)" : "\(every) on \(list)"
        }
    }
}

extension Weekday {
    /// `Monday` … `Sunday`.
    public var name: String {
        switch self {
        case .monday: return "Monday"
        case .tuesday: return "Tuesday"
        case .wednesday: return "Wednesday"
        case .thursday: return "Thursday"
        case .friday: return "Friday"
        case .saturday: return "Saturday"
        case .sunday: return "Sunday"
        }
    }
}
