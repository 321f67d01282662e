import DoseCal
import Foundation
import ICal
import Testing

@testable import DoseCal

/// dosecal's "next dose allowed" events come back as as-needed medicines with their minimum
/// hours, daily maximum, reminder and the doses the event names (decision 0206); a foreign event
/// and a privacy-mode one are reported.
@Suite struct ImportAsNeededTests {
    static func roundTrip(_ schedule: Schedule) throws -> ImportReport {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try CalendarImporter(zone: schedule.homeZone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    static func at(_ s: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(s)) }

    /// as-needed.json: ibuprofen (6 hours, at most 3 in 24 hours) taken 2026-11-29 22:00Z,
    /// 11-30 04:00Z and 10:00Z, next allowed 11-30 22:00Z; paracetamol (4 hours, reminder off)
    /// taken 11-30 09:00Z. The feed names ibuprofen's last dose and the one 24 hours before the
    /// next (22:00Z), not the 04:00Z one: imported, its next dose would be allowed from 16:00Z,
    /// six hours early, so it is reported, not imported (decision 0268); paracetamol comes back.
    @Test func asNeededExampleComesBackOrIsReported() throws {
        let report = try Self.roundTrip(Fixtures.schedule("as-needed.json"))
        #expect(
            report.unmapped.map(\.reason) == [
                "the next dose is allowed from 2026-11-30T22:00:00Z, set by doses the feed does not name: imported, it would be allowed from 2026-11-30T16:00:00Z; add the as-needed medicine by hand (at least 6 hours apart, at most 3 in any 24 hours) and log the doses taken since 2026-11-29T22:00:00Z"
            ])
        #expect(report.unmapped.map(\.summary) == ["Ibuprofen: next dose allowed"])
        let paracetamol = Medication(
            id: "paracetamol", name: "Paracetamol", times: [], recurrence: .asNeeded(minimumHours: 4, maxPerDay: nil),
            start: LocalDate(parsing: "2026-11-30")!, reminder: Reminder(enabled: false))
        #expect(report.schedule.medications.map(\.name) == ["Vitamin D", "Paracetamol"])
        #expect(report.schedule.medications.last == paracetamol)
        // 2026-11-30T09:00Z: no ibuprofen dose is logged.
        #expect(report.schedule.log == [DoseLogEntry(medication: "paracetamol", status: .taken, at: Self.at(1_796_029_200))])
        let carried =
            "taken dose(s) from its \"next dose allowed\" event; the rest of its log, its start, strength, dose, notes and supply are not in the feed"
        #expect(report.sources.last?.notes == ["1 \(carried)"])
        #expect(try ScheduleCodec.decode(ScheduleCodec.encode(report.schedule), file: "imported") == report.schedule)
    }

    /// At most 2 in 24 hours: the two doses the event names are the whole window, and the
    /// re-export's event is the first one's.
    @Test func dailyMaximumOfTwoComesBackExactly() throws {
        let m = Medication(
            id: "naproxen", name: "Naproxen", times: [], recurrence: .asNeeded(minimumHours: 8, maxPerDay: 2),
            start: LocalDate(parsing: "2026-11-01")!, reminder: Reminder(minutesBefore: 0, repeatCount: 1))
        // 2026-11-30 06:00Z and 15:00Z: next allowed 12-01 06:00Z (not 23:00Z).
        let log = [1_796_018_400, 1_796_050_800].map { DoseLogEntry(medication: "naproxen", status: .taken, at: Self.at($0)) }
        let schedule = Schedule(home: Zone("Europe/Berlin")!, medications: [m], log: log)
        let report = try Self.roundTrip(schedule)
        // Its start is not in the event: the day of the first dose it names.
        var back = m
        back.start = LocalDate(parsing: "2026-11-30")!
        #expect(report.schedule.medications == [back] && report.schedule.log == log)
        #expect(report.sources[0].notes.count == 1)
        let text = { (s: Schedule) in
            FeedBuilder(schedule: s, now: Fixtures.now).build().serialized().split(separator: "\r\n")
                .filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("DESCRIPTION") || $0.hasPrefix("TRIGGER") }
        }
        #expect(try text(report.schedule) == text(schedule))
        #expect(try text(schedule).contains("DTSTART:20261201T060000Z"))
    }

    /// Privacy mode names no medicine: reported with its rule, nothing imported for it.
    @Test func privacyModeEventIsReported() throws {
        var schedule = try Fixtures.schedule("as-needed.json")
        schedule.feed.privacy = true
        let report = try Self.roundTrip(schedule)
        #expect(report.schedule.medications.allSatisfy { !$0.recurrence.isAsNeeded })
        #expect(
            report.unmapped.map(\.reason).sorted() == [
                "a privacy-mode \"next dose allowed\" reminder names no medicine: add the as-needed medicine by hand (at least 4 hours apart)",
                "a privacy-mode \"next dose allowed\" reminder names no medicine: add the as-needed medicine by hand (at least 6 hours apart, at most 3 in any 24 hours)",
            ])
        #expect(report.schedule.log.isEmpty)
    }

    /// Another calendar's event with CATEGORIES:AS-NEEDED, or dosecal's with its text edited,
    /// says no minimum gap: reported.
    @Test func foreignAsNeededEventIsReported() throws {
        let event = { (summary: String, description: String) in
            [
                "BEGIN:VEVENT", "UID:\(summary.count)@example.com", "DTSTART:20261130T220000Z", "SUMMARY:\(summary)",
                "DESCRIPTION:\(description)", "CATEGORIES:MEDICATION,AS-NEEDED", "END:VEVENT",
            ]
        }
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN"]
            + event("Ibuprofen when needed", "Up to 3 a day")
            + event(
                "Ibuprofen: next dose allowed",
                "The last dose was taken at 2026-11-30T10:00:00Z\\; doses at least 6 hours apart\\, if needed.")
            + ["END:VCALENDAR", ""]
        let report = try CalendarImporter(zone: "Europe/London").run([
            ReturnedCalendar(parsing: Array(lines.joined(separator: "\r\n").utf8))
        ])
        #expect(report.schedule.medications.isEmpty)
        #expect(report.unmapped.map(\.reason) == Array(repeating: CalendarImporter.notAsNeeded, count: 2))
    }

    /// The feed's words read back, and nothing else.
    @Test func nextDoseAllowedTextReadsOnlyItsOwnForm() {
        let text = NextDoseAllowedText(name: "Ibuprofen", last: 1_796_032_800, minimumHours: 6, maxPerDay: 3)
        #expect(text.summary == "Ibuprofen: next dose allowed")
        #expect(
            text.description
                == "The last dose was taken at 2026-11-30T10:00:00Z; doses at least 6 hours apart, at most 3 in any 24 hours.")
        #expect(NextDoseAllowedText(summary: text.summary, description: text.description) == text)
        let anonymous = NextDoseAllowedText(name: nil, last: 1_796_032_800, minimumHours: 4, maxPerDay: nil)
        #expect(NextDoseAllowedText(summary: "Next dose allowed", description: anonymous.description) == anonymous)
        for (summary, description) in [
            ("Ibuprofen", text.description), (": next dose allowed", text.description),
            (text.summary, text.description + " "), (text.summary, text.description.replacingOccurrences(of: "6", with: "0")),
            (text.summary, text.description.replacingOccurrences(of: "3 in", with: "49 in")),
            (text.summary, "The last dose was taken at 2026-11-30T25:00:00Z; doses at least 6 hours apart."),
        ] {
            #expect(NextDoseAllowedText(summary: summary, description: description) == nil, "\(summary) \(description)")
        }
        // 22:00Z: the maximum counts from 22:00Z the day before; 16:00Z: the gap alone.
        #expect(text.doses(next: 1_796_076_000) == [1_795_989_600, 1_796_032_800])
        #expect(text.doses(next: 1_796_054_400) == [1_796_032_800])
    }
}
