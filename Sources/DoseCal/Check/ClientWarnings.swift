/// What calendar clients do to a feed that the data itself cannot show
/// (docs/calendar-clients.md), phrased for the person reading the report.
public struct ClientWarnings: Sendable {
    public var schedule: Schedule

    public init(schedule: Schedule) { self.schedule = schedule }

    public var all: [String] {
        var result: [String] = []
        let active = schedule.medications.filter { $0.reminder.enabled }
        if schedule.medications.contains(where: { $0.timePolicy == .floating }) {
            result.append(
                "Floating times (no time zone) are honoured only by Apple calendars; Google, Outlook and others show "
                    + "them as UTC or in the calendar's zone, hours off.")
        }
        if !active.isEmpty {
            result.append(
                "Google Calendar drops the reminders (alarms) of an imported or subscribed file and uses its own default "
                    + "notification instead; check the notification setting of that calendar.")
            result.append(
                "Apple Calendar's subscribe dialog defaults to \"Remove Alerts\": untick it, or no reminder fires.")
        }
        if active.contains(where: { $0.reminder.repeatCount > 0 }) {
            result.append(
                "Outlook keeps one alarm per event and ignores repeats: the repeated reminders will not sound there.")
        }
        let hours = schedule.feed.refreshMinutes / 60
        result.append(
            "Subscribed calendars refresh slowly (Google: less than once a day; this feed asks for every \(max(hours, 1)) h): "
                + "a schedule change reaches them late. Use the sync folder (CalDAV) for changes that must arrive quickly.")
        return result
    }
}
