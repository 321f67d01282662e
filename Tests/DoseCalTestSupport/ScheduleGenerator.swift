import DoseCalCore
import Foundation

/// Random valid schedules from a seed, for property tests (every value `ScheduleCodec.decode` accepts
/// is reachable in principle; awkward text, fractional numbers and edge values are favoured).
public struct ScheduleGenerator {
    public var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Etc/GMT+5", "Pacific/Chatham",
    ].map { Zone($0)! }
    public static let idCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    public static let textPieces = [
        "Metformin", " ", "500 mg", "é", "😀", "\"", "\\", "/", "ß", "中文", "x", "'", "{", "}", "\u{2028}", "\u{A0}",
    ]

    public mutating func bool(_ p: Double = 0.5) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    public mutating func id(unique used: inout Set<String>) -> String {
        while true {
            let s = String((0..<int(1...(bool(0.1) ? 64 : 8))).map { _ in pick(Self.idCharacters) })
            if used.insert(s).inserted { return s }
        }
    }

    public mutating func text(multiline: Bool = false, allowEmpty: Bool = true) -> String {
        var s = (0..<int(0...6)).map { _ in pick(Self.textPieces) }.joined()
        if multiline, bool(0.3) { s += pick(["\n", "\t", "\nline 2"]) }
        if !allowEmpty, s.allSatisfy(\.isWhitespace) { s += "M" }
        return s
    }

    public mutating func date(from: LocalDate = LocalDate(year: 2020, month: 1, day: 1)!, maxDays: Int = 4000) -> LocalDate {
        from.adding(days: int(0...maxDays))
    }

    public mutating func time() -> LocalTime { LocalTime(hour: int(0...23), minute: int(0...59))! }
    public mutating func quarters(_ range: ClosedRange<Int>) -> Double { Double(int(range)) / 4 }

    public mutating func schedule() -> Schedule {
        var feed = FeedOptions()
        if bool() { feed.name = text(allowEmpty: false) }
        if bool() { feed.privacy.toggle() }
        if bool() { feed.refreshMinutes = pick([15, 10080, int(15...10080)]) }
        var ids = Set<String>()
        let medications = (0..<int(0...4)).map { _ in medication(id: id(unique: &ids)) }
        var itinerary: [ItineraryStop] = []
        var day = date()
        for _ in 0..<(bool() ? int(1...3) : 0) {
            itinerary.append(ItineraryStop(from: day, zone: pick(Self.zones)))
            day = date(from: day.adding(days: 1), maxDays: 60)
        }
        var log: [DoseLogEntry] = []
        if !medications.isEmpty {
            for _ in 0..<int(0...5) {
                let m = pick(medications)
                log.append(
                    DoseLogEntry(
                        medication: m.id, slot: bool() ? pick(m.times).id : nil, date: bool() ? date() : nil,
                        status: pick(DoseLogEntry.Status.allCases),
                        at: Date(timeIntervalSince1970: Double(int(-2_000_000_000...4_000_000_000)))))
            }
        }
        return Schedule(home: pick(Self.zones), feed: feed, medications: medications, itinerary: itinerary, log: log)
    }

    public mutating func medication(id medicationID: String) -> Medication {
        let recurrence: Recurrence
        switch int(0...4) {
        case 0: recurrence = .daily
        case 1:
            var days = Weekday.allCases.filter { _ in bool(0.3) }
            days.shuffle(using: &rng)
            recurrence = .weekly(weekdays: days, interval: pick([1, 520, int(1...520)]))
        case 2: recurrence = .everyNDays(pick([1, 3650, int(1...3650)]))
        case 3: recurrence = .cycle(daysOn: int(1...3650), daysOff: pick([0, 3650, int(0...3650)]))
        default: recurrence = .everyNHours(pick([1, 168, int(1...168)]))
        }
        var slotIDs = Set<String>()
        var usedTimes = Set<LocalTime>()
        var times: [DoseSlot] = []
        let slotCount: Int
        if case .everyNHours = recurrence { slotCount = 1 } else { slotCount = int(1...4) }
        for position in 1...slotCount {
            var t = time()
            while usedTimes.contains(t) { t = time() }
            usedTimes.insert(t)
            let slotID = bool() && slotIDs.insert(String(position)).inserted ? String(position) : id(unique: &slotIDs)
            times.append(DoseSlot(id: slotID, time: t))
        }
        let start = date()
        let end: LocalDate? = bool() ? date(from: start, maxDays: 400) : nil
        if bool(0.15), let i = times.indices.randomElement(using: &rng) { times[i].until = date(from: start, maxDays: 200) }
        let policy: TimePolicy
        if case .everyNHours = recurrence {
            policy = .fixedInterval
        } else {
            policy = pick([.wallClock, .pinned(zone: pick(Self.zones)), .fixedInterval, .floating])
        }
        let reminder = Reminder(
            enabled: bool(0.8), minutesBefore: pick([0, -1440, 10080, int(-1440...10080)]),
            repeatCount: pick([0, 20, int(0...20)]),
            repeatIntervalMinutes: pick([10, 1, 1440, int(1...1440)]))
        let supply: Supply? =
            bool()
            ? Supply(
                pills: pick([0, quarters(0...800), Double(int(0...1000)) / 7, Double.random(in: 0...1e6, using: &rng)]),
                asOf: date(), warningDays: pick([7, 0, 365, int(0...365)]),
                refillReminderTime: bool() ? time() : LocalTime(hour: 9, minute: 0)!) : nil
        return Medication(
            id: medicationID, name: text(allowEmpty: false), strength: bool() ? text() : nil, dose: bool() ? text() : nil,
            pillsPerDose: pick([1, quarters(1...80), 0.25]), notes: bool() ? text(multiline: true) : nil, times: times,
            recurrence: recurrence, start: start, end: end, timePolicy: policy, reminder: reminder, supply: supply,
            taper: taper(times: times, start: start, end: end),
            rescheduled: rescheduled(times: times, recurrence: recurrence, start: start, end: end))
    }

    /// Sometimes one or two one-off moves on dose days (never for every N hours).
    public mutating func rescheduled(times: [DoseSlot], recurrence: Recurrence, start: LocalDate, end: LocalDate?)
        -> [RescheduledDose]
    {
        if case .everyNHours = recurrence { return [] }
        guard bool(0.2) else { return [] }
        var result: [RescheduledDose] = []
        for _ in 0..<int(1...2) {
            guard let day = recurrence.firstDay(onOrAfter: start.adding(days: int(0...40)), start: start), day <= (end ?? day)
            else {
                continue
            }
            let slot = pick(times).id
            if result.contains(where: { $0.slot == slot && $0.date == day }) { continue }
            result.append(RescheduledDose(slot: slot, date: day, time: time()))
        }
        return result
    }

    public mutating func taper(times: [DoseSlot], start: LocalDate, end: LocalDate?) -> [TaperStep] {
        guard bool(0.4) else { return [] }
        var steps: [TaperStep] = []
        var from = start
        for _ in 0..<int(1...4) {
            if let end, from > end { break }
            var changed: [DoseSlot]? = nil
            if bool(0.4) {
                var effective = times
                var list: [DoseSlot] = []
                for (i, slot) in times.enumerated().shuffled(using: &rng) where bool(0.6) || list.isEmpty {
                    let t = time()
                    if effective.enumerated().contains(where: { $0.offset != i && $0.element.time == t }) { continue }
                    effective[i].time = t
                    list.append(DoseSlot(id: slot.id, time: t))
                }
                if !list.isEmpty { changed = list }
            }
            steps.append(
                TaperStep(from: from, pillsPerDose: bool() ? quarters(1...40) : nil, dose: bool() ? text() : nil, times: changed))
            from = from.adding(days: int(1...30))
        }
        return steps
    }
}
