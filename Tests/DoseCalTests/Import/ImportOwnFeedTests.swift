import DoseCal
import Foundation
import ICal
import Testing

/// What only dosecal's own feed says besides its doses comes back (decision 0207): the feed's
/// name, colour, refresh interval and privacy mode, the notes, a dose text with a count; another
/// calendar's name and descriptions are not read.
@Suite struct ImportOwnFeedTests {
    static func roundTrip(_ schedule: Schedule) throws -> ImportReport {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try CalendarImporter(zone: schedule.homeZone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    static func medication(notes: String?, dose: String? = nil, pills: Double = 1) -> Medication {
        Medication(
            id: "tacrolimus", name: "Tacrolimus", strength: "1 mg", dose: dose, pillsPerDose: pills, notes: notes,
            times: [DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!)], start: LocalDate(parsing: "2026-01-01")!)
    }

    /// The colour comes back as its CSS name when the `#RRGGBB` is exactly that name's (the feed
    /// writes both alike), else as the `#RRGGBB`.
    @Test(arguments: [("#008080", "teal"), ("teal", "teal"), ("#123456", "#123456")])
    func feedOptionsComeBack(_ written: String, _ read: String) throws {
        let feed = FeedOptions(name: "Family, kids", refreshMinutes: 60, color: FeedColor(parsing: written))
        let schedule = Schedule(home: Zone("Europe/Berlin")!, feed: feed, medications: [Self.medication(notes: nil)])
        let report = try Self.roundTrip(schedule)
        #expect(report.schedule.feed == FeedOptions(name: "Family, kids", refreshMinutes: 60, color: FeedColor(parsing: read)))
    }

    @Test func privacyModeComesBack() throws {
        let report = try Self.roundTrip(Fixtures.schedule("privacy.json"))
        #expect(report.schedule.feed == FeedOptions(name: "Daily reminders", privacy: true, refreshMinutes: 360))
        #expect(report.schedule.medications.map(\.name) == ["Medication reminder", "Medication reminder"])
        #expect(report.schedule.medications.allSatisfy { $0.notes == nil && $0.strength == nil })
    }

    /// Notes of several lines, and a dose text with a count of another form than tablets.
    @Test func notesAndDoseTextComeBack() throws {
        let m = Self.medication(notes: "Keep 12 hours apart.\nWith water; not with grapefruit.", dose: "2 capsules", pills: 2)
        let report = try Self.roundTrip(Schedule(home: Zone("America/Chicago")!, medications: [m]))
        #expect(report.schedule.medications == [m])
    }

    /// Another calendar: its name is not the feed's, its description is not notes, even in
    /// dosecal's form.
    @Test func foreignCalendarSaysNeither() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "X-WR-CALNAME:Work",
            "NAME:Work", "COLOR:red", "BEGIN:VEVENT", "UID:a@google.com", "DTSTART;TZID=Europe/Berlin:20261201T080000",
            "RRULE:FREQ=DAILY", "SUMMARY:Ramipril 5 mg", "DESCRIPTION:Take Ramipril 5 mg at 08:00.\\nWith water.",
            "CLASS:PRIVATE",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let report = try CalendarImporter().run([ReturnedCalendar(parsing: Array(text.utf8))])
        #expect(report.schedule.feed == FeedOptions())
        #expect(report.schedule.medications.map(\.notes) == [nil])
    }
}

extension ImportOwnFeedTests {
    /// A dose moved to another day (decision 0105) comes back as the rescheduled dose with its
    /// new date, in a wall-clock and an every-N-hours medication.
    @Test func doseMovedToAnotherDayComesBack() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let t = { (s: String) in LocalTime(parsing: s)! }
        var daily = Self.medication(notes: nil)
        daily.rescheduled = [RescheduledDose(slot: "1", date: d("2026-01-05"), time: t("22:30"), toDate: d("2026-01-04"))]
        let hourly = Medication(
            id: "amoxicillin", name: "Amoxicillin", strength: "500 mg", times: [DoseSlot(id: "1", time: t("07:00"))],
            recurrence: .everyNHours(8), start: d("2026-01-01"), end: d("2026-01-10"), timePolicy: .fixedInterval,
            rescheduled: [
                RescheduledDose(slot: "1", date: d("2026-01-03"), time: t("00:30"), toDate: d("2026-01-04"), at: t("23:00"))
            ])
        let schedule = Schedule(home: Zone("America/Chicago")!, medications: [hourly, daily])
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.isEmpty && report.sources.allSatisfy(\.notes.isEmpty), "\(report.unmapped) \(report.sources)")
        #expect(report.schedule.medications.map(\.rescheduled) == schedule.medications.map(\.rescheduled))
    }
}
