import DoseCalCore

/// Schedules of every kind in the ranges people use, for the export -> import property: cycles
/// starting on any weekday, every N hours, tapers that change the dose or times, travel stops,
/// moved doses, reminders off, every time policy; a 150-day window from 2027-01-01.
extension ScheduleGenerator {
    public static let roundTripNames = ["Metformin", "Prednisone", "Sertraline", "Levothyroxine"]
    public static let windowStart = LocalDate(year: 2027, month: 1, day: 1)!

    public mutating func roundTripSchedule() -> Schedule {
        var feed = FeedOptions()
        feed.privacy = bool(0.15)
        var names = Self.roundTripNames.shuffled(using: &rng)
        let medications = (0..<int(1...3)).map { _ in roundTripMedication(name: names.removeLast()) }
        var itinerary: [ItineraryStop] = []
        var day = date(from: Self.windowStart, maxDays: 90)
        for _ in 0..<(bool(0.3) ? int(1...2) : 0) {
            itinerary.append(ItineraryStop(from: day, zone: pick(Self.zones)))
            day = date(from: day.adding(days: 3), maxDays: 30)
        }
        return Schedule(home: pick(Self.zones), feed: feed, medications: medications, itinerary: itinerary)
    }

    mutating func roundTripRecurrence() -> Recurrence {
        switch int(0...4) {
        case 0: return .daily
        case 1:
            var days = Weekday.allCases.filter { _ in bool(0.3) }
            days.shuffle(using: &rng)
            return .weekly(weekdays: days, interval: pick([1, 1, 2, 3, 4]))
        case 2: return .everyNDays(int(2...30))
        case 3: return .cycle(daysOn: pick([21, 14, 5, int(1...28)]), daysOff: pick([7, 14, int(1...14)]))
        default: return .everyNHours(pick([4, 6, 8, 12, 36]))
        }
    }

    mutating func roundTripMedication(name: String) -> Medication {
        let recurrence = roundTripRecurrence()
        var times: [DoseSlot] = []
        let hourly: Bool
        if case .everyNHours = recurrence { hourly = true } else { hourly = false }
        for position in 1...(hourly ? 1 : int(1...3)) {
            var t = LocalTime(hour: int(0...23), minute: 5 * int(0...11))!
            while times.contains(where: { $0.time == t }) { t = LocalTime(hour: int(0...23), minute: 5 * int(0...11))! }
            times.append(DoseSlot(id: String(position), time: t))
        }
        times.sort { $0.time < $1.time }
        for i in times.indices { times[i].id = String(i + 1) }
        let start = date(from: Self.windowStart, maxDays: 30)
        let end: LocalDate? = bool() ? date(from: start.adding(days: 20), maxDays: 100) : nil
        let policy: TimePolicy =
            hourly ? .fixedInterval : pick([.wallClock, .pinned(zone: pick(Self.zones)), .fixedInterval, .floating])
        let reminder = Reminder(
            enabled: bool(0.8), minutesBefore: pick([0, 5, 15, 60]), repeatCount: pick([0, 0, 1, 3]),
            repeatIntervalMinutes: pick([5, 10, 30]))
        var steps: [TaperStep] = []
        if bool(0.35) {
            var from = start
            for n in 0..<int(2...4) {
                var changed: [DoseSlot]? = nil
                if !hourly, bool(0.3) {
                    changed = times.map {
                        DoseSlot(id: $0.id, time: LocalTime(hour: ($0.time.hour + n) % 24, minute: $0.time.minute)!)
                    }
                }
                steps.append(TaperStep(from: from, pillsPerDose: Double(4 - n), dose: "\(10 * (4 - n)) mg", times: changed))
                from = from.adding(days: int(3...20))
            }
        }
        return Medication(
            id: name.lowercased(), name: name, strength: pick([nil, "10 mg"]), times: times, recurrence: recurrence,
            start: start, end: end, timePolicy: policy, reminder: reminder, taper: steps,
            rescheduled: rescheduled(times: times, recurrence: recurrence, start: start, end: end))
    }
}
