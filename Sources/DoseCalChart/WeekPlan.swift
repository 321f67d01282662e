public import DoseCalCore

/// A week of one person's reminders as they will fire: a column per day, each reminder at its
/// local time (the zone named when the person is away from home), what it says and its alarm
/// (docs/chart.md). Read from the notification plan (`NotificationPlanner`): the same requests,
/// instants and words `dosecal plan` gives, so the picture never disagrees with the phone.
public struct WeekPlan: Sendable, Equatable {
    /// One reminder firing.
    public struct Reminder: Sendable, Equatable {
        /// "07:00", or "07:00 Asia/Tokyo" away from home.
        public var time: String
        /// The notification's title and body, as the phone shows them.
        public var title: String
        public var body: String
        /// When it fires against the dose and how often it repeats: "15 minutes before the dose";
        /// empty for an alarm at the dose time that does not repeat.
        public var alarm: String
    }

    public var person: ChartPerson
    /// The days shown, in order.
    public var days: [LocalDate]
    /// Each day's reminders, in the order they fire.
    public var reminders: [[Reminder]]
    /// The zone of each day when it is not the person's home zone (a travel day), else nil.
    public var zones: [String?]

    /// The most days one week view shows.
    public static let mostDays = 7

    /// The reminders of `person` that fire from `start` (a typed time: the start of a day, or
    /// now) to the end of `count` days from its date.
    public init(person: ChartPerson, start: TypedTime, days count: Int = mostDays) throws(ChartError) {
        let from = start.date
        guard (1...Self.mostDays).contains(count) else {
            throw ChartError.range(
                from: "\(from)", to: "\(from.adding(days: count - 1))", most: Self.mostDays, view: "week")
        }
        self.person = person
        days = (0..<count).map { from.adding(days: $0) }
        let timeline = person.timeline
        var planner = NotificationPlanner(schedule: person.schedule, budget: 1000, margin: 0, days: count)
        planner.medicationIDs = Set(person.medications.map(\.id))
        let plan = planner.plan(at: start.instant)
        var reminders = [[(Int, Reminder)]](repeating: [], count: count)
        let home = timeline.home
        for request in plan.requests + plan.dropped {
            let m = person.schedule.medications.first { $0.id == request.purpose.medicationID }
            for instant in request.firings {
                let time = ZonedTime(instant, in: timeline.zone(at: instant))
                guard let index = days.firstIndex(of: time.date) else { continue }
                let reminder = Reminder(
                    time: time.clock(besides: home), title: request.content.title, body: request.content.body,
                    alarm: request.purpose.isDose ? m.map { WeekPlanAlarm.words($0.reminder) } ?? "" : "")
                reminders[index].append((instant, reminder))
            }
        }
        self.reminders = reminders.map { $0.sorted { $0.0 < $1.0 }.map(\.1) }
        zones = days.map { day in
            let zone = timeline.zone(on: day)
            return zone == home ? nil : zone.identifier
        }
    }
}

/// How a dose reminder's alarm is said in the week view.
public enum WeekPlanAlarm {
    /// "15 minutes before the dose, then 2 more every 10 minutes"; empty at the dose time once.
    public static func words(_ reminder: Reminder) -> String {
        var parts: [String] = []
        let lead = reminder.minutesBefore
        if lead > 0 { parts.append("\(lead) minute\(lead == 1 ? "" : "s") before the dose") }
        if lead < 0 { parts.append("\(-lead) minute\(lead == -1 ? "" : "s") after the dose") }
        if reminder.repeatCount > 0 {
            let every = reminder.repeatIntervalMinutes
            parts.append("then \(reminder.repeatCount) more every \(every) minute\(every == 1 ? "" : "s")")
        }
        return parts.joined(separator: ", ")
    }
}

extension NotificationRequest.Purpose {
    var isDose: Bool {
        if case .dose = self { return true }
        return false
    }
}
