import Foundation
import ICal
import Testing

@testable import DoseCal

/// export -> import -> export of every example schedule in `fixtures/schedules` (the files found
/// when the tests run, so a new example is covered without a change here), compared as the two
/// feeds say it: every dose instance over 400 days from the first start, expanded by
/// `CalendarExpander` (start, SUMMARY and its series' alarm), the refill warnings and the "next
/// dose allowed" events; and the imported schedule field by field against what the feed carries
/// of the original (`ImportFeedRoundTripTests.carried`, docs/import.md). A field the feed does
/// not carry and this file does not name (a new one) makes the test fail: nothing is skipped.
@Suite struct ImportFeedRoundTripTests {
    static let days = 400

    /// The examples as the tests find them; an empty list fails (a moved folder is no pass).
    @Test func examplesAreFound() {
        #expect(Fixtures.scheduleNames.count >= 14, "\(Fixtures.scheduleNames)")
    }

    @Test(arguments: Fixtures.scheduleNames)
    func feedRoundTrips(_ name: String) throws {
        try roundTrip(name)
    }

    func roundTrip(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let first = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        // Floating times carry no zone at all: that schedule's home zone is given (`--zone`).
        let floatingOnly = schedule.medications.allSatisfy { $0.timePolicy == .floating }
        let report = try CalendarImporter(zone: floatingOnly ? schedule.homeZone : nil)
            .run([ReturnedCalendar(parsing: Array(first.utf8))])
        // A privacy-mode feed's refill warnings and "next dose allowed" events name no medicine;
        // an as-needed medicine whose next dose is set by doses the feed does not name is
        // reported, not imported (decision 0268).
        let uncarried = Self.uncarriedAsNeeded(schedule)
        let reported = report.unmapped.filter { !(schedule.feed.privacy && $0.reason.hasPrefix("a privacy-mode")) }
        #expect(
            reported.map(\.summary).sorted() == uncarried.map { "\($0.name): next dose allowed" }.sorted()
                && reported.allSatisfy { $0.reason.hasPrefix("the next dose is allowed from") },
            "\(name): \(reported.map(\.reason))")
        let second = FeedBuilder(schedule: report.schedule, now: Fixtures.now).build().serialized()
        let from = try #require(schedule.medications.map(\.start).min())
        let (a, b) = try (
            Self.events(first, home: schedule.home, from: from), Self.events(second, home: schedule.home, from: from)
        )
        #expect(!a.doses.isEmpty, "\(name): no dose in \(Self.days) days")
        #expect(
            a.doses == b.doses,
            "\(name): only in the first feed \(a.doses.filter { !b.doses.contains($0) }.prefix(3)), only in the second \(b.doses.filter { !a.doses.contains($0) }.prefix(3))"
        )
        var kept = schedule
        kept.medications.removeAll { m in uncarried.contains { $0.id == m.id } }
        kept.log.removeAll { e in uncarried.contains { $0.id == e.medication } }
        let (want, got) = (Self.carried(kept, original: true), Self.carried(report.schedule, original: false))
        #expect(
            want == got,
            "\(name): the schedule the feed carries\n\(String(decoding: ScheduleCodec.encode(want), as: UTF8.self))\nimported\n\(String(decoding: ScheduleCodec.encode(got), as: UTF8.self))"
        )
        // The refill warnings and "next dose allowed" events are those of what the feed carries:
        // the first feed's, but for an as-needed medicine whose daily maximum counts doses the
        // feed does not name (reported), and those of a privacy-mode feed.
        let carriedFeed = FeedBuilder(schedule: want, now: Fixtures.now).build().serialized()
        #expect(try b.others == Self.events(carriedFeed, home: schedule.home, from: from).others, "\(name)")
        let differing = Set(a.others.filter { !b.others.contains($0) } + b.others.filter { !a.others.contains($0) })
        let summaries = Set(
            differing.map { $0.split(separator: " ").dropFirst(2).prefix { !$0.hasPrefix("[") }.joined(separator: " ") })
        let explained = Set(uncarried.map { "\($0.name): next dose allowed" })
        let unnamed: Set<String> = schedule.feed.privacy ? ["Refill reminder", "Next dose allowed"] : []
        #expect(
            explained.isSubset(of: summaries) && summaries.isSubset(of: explained.union(unnamed)),
            "\(name): first \(a.others), second \(b.others)")
    }
}

extension ImportFeedRoundTripTests {
    /// A feed's instances over `days` days from `from`: the doses (CATEGORIES MEDICATION without
    /// REFILL or AS-NEEDED) as "start SUMMARY alarm", and the other events as "CATEGORY start
    /// SUMMARY alarm"; floating times read in `home`.
    static func events(_ text: String, home: Zone, from: LocalDate) throws -> (doses: [String], others: [String]) {
        let parsed = try ICalParser.parse(Array(text.utf8))
        var kinds: [String: String] = [:]
        var alarms: [String: String] = [:]
        for event in parsed.calendar?.components(named: "VEVENT") ?? [] where event.property("RECURRENCE-ID") == nil {
            let uid = event.property("UID")?.value ?? ""
            let categories = event.properties(named: "CATEGORIES").map(\.value)
            kinds[uid] = categories.first { $0 != "MEDICATION" } ?? "DOSE"
            alarms[uid] =
                event.components(named: "VALARM").map { alarm in
                    ["TRIGGER", "REPEAT", "DURATION"].compactMap { alarm.property($0).map { "\($0.name)=\($0.value)" } }
                        .joined(separator: ";")
                }.joined(separator: " ")
        }
        let start = ZoneResolver.resolve(LocalDateTime(date: from, time: LocalTime(hour: 0, minute: 0)!), in: home).instant
        let expansion = CalendarExpander(calendar: parsed, viewerZone: home).expand(from: start, to: start + days * 86_400)
        #expect(expansion.problems.isEmpty, "\(expansion.problems)")
        var doses: [String] = []
        var others: [String] = []
        for i in expansion.instances {
            let line = "\(RFC3339.utc(i.start)) \(i.summary ?? "") [\(alarms[i.uid] ?? "?")]"
            if let kind = kinds[i.uid], kind != "DOSE" { others.append("\(kind) \(line)") } else { doses.append(line) }
        }
        return (doses.sorted(), others.sorted())
    }
}

extension ImportFeedRoundTripTests {
    /// What the feed carries of `s`, in the form import gives it back (docs/import.md, "What
    /// import cannot recover"); every other field is compared as it is:
    /// - medication ids come from the names, slot ids are `1`, `2`, ... by time: both are
    ///   renamed here alike (in times, taper steps, moved doses and the log), and the medications
    ///   sorted;
    /// - the log: `skipped` entries about scheduled doses (their `at` is the dose's instant on
    ///   the way back) and, of an as-needed medicine, the doses its "next dose allowed" event
    ///   names; `taken` and `missed` entries of scheduled doses, and `seen` hints, are not in a
    ///   feed;
    /// - an as-needed medicine's strength, dose, form, unit, amounts, notes and supply are not in
    ///   its event, and its start comes back as the day of the first dose the event names;
    /// - the supply as its refill warning says it: none when there is no warning (privacy mode,
    ///   or a supply that does not run out), and the warning days as the days from the warning to
    ///   the run-out (fewer when the warning falls on the supply date);
    /// - in privacy mode no name, strength, dose text or note (decision 0057);
    /// - forms that write the same feed are one: a weekly rule without weekdays is on its start's
    ///   weekday, and a dose text that repeats the count ("6 tablets (15 mg)" with 6 per dose)
    ///   is its amount ("15 mg");
    /// - a medication's `spacing` is a rule `check` applies, not in the feed, and the file's
    ///   format version is not in it either: import writes version 1, or 2 for medications with
    ///   a form, unit or amounts by weekday, or people (the version those need);
    /// - people: their names (the titles' first words), each person's home zone and travel
    ///   (`carriedPeople`); ids come from the names, as medication ids do; a date of birth and
    ///   allergies are not in the feed, nor a person without medications.
    /// `original`: `s` is the exported schedule (what its feed carries is worked out); else the
    /// imported one (taken as it is, only renamed and sorted alike).
    static func carried(_ s: Schedule, original: Bool) -> Schedule {
        var s = s
        let engine = WallClockEngine(schedule: s)
        var slots: [String: [String: String]] = [:]
        let forms = s.medications.map { m in
            let byTime = m.times.sorted { $0.time < $1.time }
            slots[m.id] = Dictionary(uniqueKeysWithValues: byTime.enumerated().map { ($1.id, String($0 + 1)) })
            var form = carriedForm(m, of: s, engine: engine, original: original)
            // Whose it is, by the person's name (the titles say no id).
            form.person = s.person(of: m).map { PersonWords($0, in: s, privacy: s.feed.privacy).name }
            return form
        }
        var ids: [String: String] = [:]
        var used: [String: Int] = [:]
        s.medications = forms.sorted { sortKey($0) < sortKey($1) }.map { m in
            let key = "\(m.person.map { "\($0)|" } ?? "")\(m.name)|\(m.strength ?? "")"
            used[key, default: 0] += 1
            ids[m.id] = "\(key)#\(used[key]!)"
            return renamed(m, id: ids[m.id]!, slots: slots[m.id] ?? [:])
        }
        s.log = carriedLog(s.log, medications: forms, ids: ids, slots: slots, original: original)
        s.seen = []
        (s.people, s.itinerary) = carriedPeople(s)
        // The version the carried medications need: forms, units and amounts, and people are
        // version 2's (import writes version 2 for them); spacing is not carried.
        s.version = s.medications.contains(where: \.needsVersion2) || !s.people.isEmpty ? 2 : 1
        return s
    }

    /// The people of `s` (its medications' `person` already their names) as the feed carries
    /// them: by name (their id), in name order, those who take a medication; each person's
    /// home zone where it is not the schedule's, and their travel where it is not the
    /// schedule's, the schedule's being the one most of them have (ties: in name order). The
    /// schedule's itinerary as it is without people.
    static func carriedPeople(_ s: Schedule) -> ([Person], [ItineraryStop]) {
        guard !s.people.isEmpty else { return ([], s.itinerary) }
        let names = Set(s.medications.compactMap(\.person))
        let people = s.people.map { p in (PersonWords(p, in: s, privacy: s.feed.privacy).name, s.timeline(of: p)) }
            .filter { names.contains($0.0) }.sorted { $0.0 < $1.0 }
        let stops = people.map(\.1.stops)
        let shared = stops.max { a, b in stops.filter { $0 == a }.count < stops.filter { $0 == b }.count } ?? []
        let carried = people.map { name, timeline in
            Person(
                id: name, name: name, home: timeline.home == s.home ? nil : timeline.home,
                itinerary: timeline.stops == shared ? nil : timeline.stops)
        }
        return (carried, shared)
    }

    /// `m` as its feed carries it, but for its ids.
    static func carriedForm(_ m: Medication, of s: Schedule, engine: WallClockEngine, original: Bool) -> Medication {
        var m = m
        if original {
            m.supply = carriedSupply(m, engine: engine, privacy: s.feed.privacy)
            m.spacing = nil
        }
        if s.feed.privacy { (m.name, m.strength, m.dose, m.notes, m.pillsPerDose) = ("", nil, nil, nil, 1) }
        if case .asNeeded = m.recurrence {
            (m.strength, m.dose, m.notes, m.supply, m.pillsPerDose) = (nil, nil, nil, nil, 1)
            (m.form, m.unit, m.doses) = (nil, nil, [])
            if original, let first = carriedAsNeeded(m, log: s.log).first {
                m.start = s.timeline(of: m).home.local(at: first).date
            }
        }
        if case .weekly(let days, let interval) = m.recurrence, days.isEmpty {
            m.recurrence = .weekly(weekdays: [m.start.weekday], interval: interval)
        }
        return carriedDoses(m)
    }

    /// The doses of `m` in one form of the forms that write the same feed:
    /// - a dose text that repeats the count ("6 tablets (15 mg)" with 6 per dose) is its amount
    ///   ("15 mg"), and a text that is the count times the strength ("10 mg" for 2 tablets of
    ///   5 mg) is none (the feed says it alike);
    /// - every taper step says its amount, weekday amounts and text (a step keeps the
    ///   medication's where it says none); a medication whose first step begins on its start
    ///   says that step's; a step saying what the one before says is none, and a lone step on
    ///   the start without times is no taper.
    static func carriedDoses(_ m: Medication) -> Medication {
        var m = m
        let said = { (dose: String?, pills: Double) -> String? in
            let dose = amount(dose, pills: pills)
            guard m.unit == nil, pills != 1, let strength = m.strength, dose == FeedText.total(strength, times: pills) else {
                return dose
            }
            return nil
        }
        var steps: [TaperStep] = []
        for var step in m.taper {
            step.pillsPerDose = step.pillsPerDose ?? m.pillsPerDose
            (step.dose, step.doses) = (said(step.dose ?? m.dose, step.pillsPerDose!), step.doses ?? m.doses)
            if let before = steps.last, before.amount == step.amount, before.dose == step.dose,
                before.doses == step.doses, before.times == step.times
            {
                continue
            }
            steps.append(step)
        }
        m.dose = said(m.dose, m.pillsPerDose)
        if let first = steps.first, first.from == m.start {
            (m.pillsPerDose, m.dose, m.doses) = (first.pillsPerDose!, first.dose, first.doses ?? m.doses)
            if steps.count == 1, first.times == nil { steps = [] }
        }
        m.taper = steps
        return m
    }

    /// `m` with the id `id` and its slots renamed by `slots` (in its times, taper steps and moved
    /// doses), its times sorted. Renamed in place: every other field of a slot, step or move (one
    /// a later version adds) is compared as it is.
    static func renamed(_ m: Medication, id: String, slots: [String: String]) -> Medication {
        var m = m
        m.id = id
        let slot = { (slot: DoseSlot) -> DoseSlot in
            var slot = slot
            slot.id = slots[slot.id] ?? slot.id
            return slot
        }
        m.times = m.times.map(slot).sorted { $0.time < $1.time }
        m.taper = m.taper.map { step in
            var step = step
            step.times = step.times?.map(slot)
            return step
        }
        m.rescheduled = m.rescheduled.map { r in
            var r = r
            r.slot = slots[r.slot] ?? r.slot
            return r
        }
        return m
    }

    /// The supply of `m` as its refill warning says it (nil: the feed has no warning for it).
    static func carriedSupply(_ m: Medication, engine: WallClockEngine, privacy: Bool) -> Supply? {
        guard !privacy, var supply = m.supply, let forecast = engine.supplyForecast(of: m), let runOut = forecast.runOut,
            let due = forecast.refillDue
        else { return nil }
        supply.warningDays = due.date.days(to: runOut)
        return supply
    }

    /// "15 mg" for "6 tablets (15 mg)" with 6 per dose; any other text as it is.
    static func amount(_ dose: String?, pills: Double) -> String? {
        guard let dose, dose.hasSuffix(")"), let open = dose.firstIndex(of: "(") else { return dose }
        let count = dose[..<open].split(separator: " ")
        guard count.count == 2, Double(count[0]) == pills else { return dose }
        return String(dose[dose.index(after: open)..<dose.index(before: dose.endIndex)])
    }

    static func sortKey(_ m: Medication) -> String {
        "\(m.person ?? "")|\(m.name)|\(m.strength ?? "")|\(m.start)|\(m.times.map(\.time))|\(m.reminder)"
    }

    /// The log entries a feed carries, renamed, in (medication, slot, date, at) order.
    static func carriedLog(
        _ log: [DoseLogEntry], medications: [Medication], ids: [String: String], slots: [String: [String: String]],
        original: Bool
    ) -> [DoseLogEntry] {
        var kept: [DoseLogEntry] = []
        for m in medications {
            if case .asNeeded = m.recurrence {
                let taken = original ? carriedAsNeeded(m, log: log) : AsNeededDoses(m, log: log)?.taken ?? []
                kept += taken.map {
                    DoseLogEntry(medication: ids[m.id]!, status: .taken, at: Date(timeIntervalSince1970: Double($0)))
                }
                continue
            }
            // The deciding entry of each dose, when it is `skipped`; its `at` left out.
            var deciding: [String: DoseLogEntry] = [:]
            for e in log where e.medication == m.id && e.slot != nil && e.date != nil {
                deciding["\(e.slot!)|\(e.date!)"] = e
            }
            kept += deciding.values.filter { $0.status == .skipped }.map {
                DoseLogEntry(
                    medication: ids[m.id]!, slot: slots[m.id]?[$0.slot!] ?? $0.slot, date: $0.date, status: .skipped,
                    at: Date(timeIntervalSince1970: 0))
            }
        }
        return kept.sorted {
            ($0.medication, $0.slot ?? "", $0.date?.description ?? "", $0.at) < (
                $1.medication, $1.slot ?? "", $1.date?.description ?? "", $1.at
            )
        }
    }

    /// The as-needed medicines of `s` whose next dose the doses their events name would allow
    /// earlier than their whole log does (a daily maximum of 3 or more reached).
    static func uncarriedAsNeeded(_ s: Schedule) -> [Medication] {
        s.medications.filter { m in
            guard let next = AsNeededDoses(m, log: s.log)?.nextAllowed else { return false }
            let named = carriedAsNeeded(m, log: s.log).map {
                DoseLogEntry(medication: m.id, status: .taken, at: Date(timeIntervalSince1970: Double($0)))
            }
            return AsNeededDoses(m, log: named)?.nextAllowed.map { $0 < next } ?? false
        }
    }

    /// The doses of an as-needed medicine its "next dose allowed" event names: the last, and,
    /// when the daily maximum sets the next dose, the one it counts from (24 hours before).
    static func carriedAsNeeded(_ m: Medication, log: [DoseLogEntry]) -> [Int] {
        guard let doses = AsNeededDoses(m, log: log), let last = doses.last, let next = doses.nextAllowed else { return [] }
        let counted = next - 86_400
        return next > last + doses.minimumHours * 3600 && counted < last ? [counted, last] : [last]
    }
}
