import DoseCal
import Foundation
import ICal
import Testing

@testable import DoseCal

/// dosecal's refill warnings come back as the supply of the medication they name, kept only when
/// that medication gives the warning again (decision 0208).
@Suite struct ImportSupplyTests {
    static func d(_ s: String) -> LocalDate { LocalDate(parsing: s)! }

    static func roundTrip(_ schedule: Schedule) throws -> ImportReport {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try CalendarImporter(zone: schedule.homeZone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    static func metformin(_ supply: Supply) -> Medication {
        Medication(
            id: "metformin", name: "Metformin", strength: "500 mg",
            times: [
                DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!), DoseSlot(id: "2", time: LocalTime(hour: 19, minute: 0)!),
            ],
            start: d("2026-03-01"), supply: supply)
    }

    /// 20 tablets from 2026-03-01, two a day: the 21st dose, on 03-11, has none; 30 warning days
    /// put the reminder before the record, so it is on 03-01 at 07:15, and the warning days come
    /// back as the 10 that put it there (the same feed).
    @Test func supplyComesBackWithTheWarningDaysTheFeedShows() throws {
        let schedule = Schedule(
            home: Zone("Europe/Paris")!,
            medications: [
                Self.metformin(
                    Supply(
                        pills: 20, asOf: Self.d("2026-03-01"), warningDays: 30,
                        refillReminderTime: LocalTime(hour: 7, minute: 15)!
                    ))
            ])
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.isEmpty, "\(report.unmapped)")
        #expect(
            report.schedule.medications.first?.supply
                == Supply(
                    pills: 20, asOf: Self.d("2026-03-01"), warningDays: 10, refillReminderTime: LocalTime(hour: 7, minute: 15)!))
    }

    /// The refill reminder falls in a travel stop: written in Tokyo time, read back at 09:00 (the
    /// reminder's time there) with the stop.
    @Test func refillReminderAwayComesBack() throws {
        let supply = Supply(pills: 40, asOf: Self.d("2026-03-01"), warningDays: 5)
        let schedule = Schedule(
            home: Zone("America/Chicago")!, medications: [Self.metformin(supply)],
            itinerary: [ItineraryStop(from: Self.d("2026-03-10"), zone: Zone("Asia/Tokyo")!)])
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        #expect(text.contains("DTSTART;TZID=Asia/Tokyo:20260316T090000"))
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.isEmpty, "\(report.unmapped)")
        #expect(report.schedule.medications.first?.supply == supply)
    }

    /// A missed dose after the record is in the log, not in the feed: with it the supply lasts
    /// a dose longer, so the imported medication does not give the warning: reported, no supply.
    @Test func warningTheImportedDosesDoNotGiveIsReported() throws {
        var schedule = Schedule(
            home: Zone("Europe/Paris")!, medications: [Self.metformin(Supply(pills: 20, asOf: Self.d("2026-03-01")))])
        schedule.log = [
            DoseLogEntry(
                medication: "metformin", slot: "1", date: Self.d("2026-03-02"), status: .missed,
                at: Date(timeIntervalSince1970: 1_772_438_400))
        ]
        let report = try Self.roundTrip(schedule)
        #expect(report.schedule.medications.first?.supply == nil)
        #expect(
            report.unmapped.map(\.reason) == [
                "a refill reminder the imported medication's doses do not give (its taken and missed doses are not in the feed): its supply is not imported"
            ])
    }

    /// Two medications of one name (different strengths): the warning says which by name only.
    @Test func warningOfAnAmbiguousNameIsReported() throws {
        var low = Self.metformin(Supply(pills: 20, asOf: Self.d("2026-03-01")))
        var high = low
        (high.id, high.strength, high.supply) = ("metformin-xr", "1000 mg", nil)
        low.times = [low.times[0]]
        let report = try Self.roundTrip(Schedule(home: Zone("Europe/Paris")!, medications: [low, high]))
        #expect(report.schedule.medications.allSatisfy { $0.supply == nil })
        #expect(
            report.unmapped.map(\.reason) == [
                "a refill reminder for no one imported medication of that name: its supply is not imported"
            ])
    }

    /// The warning's words read back, and nothing else.
    @Test func refillWarningTextReadsOnlyItsOwnForm() {
        let text = RefillWarningText(
            name: "Metformin", pills: 0.5, unit: "tablets", asOf: Self.d("2026-01-05"), dosesCovered: 1,
            lastCovered: LocalDateTime(date: Self.d("2026-01-05"), time: LocalTime(hour: 8, minute: 0)!),
            runOut: Self.d("2026-01-05"))
        #expect(text.summary == "Refill Metformin: supply runs out on 2026-01-05")
        #expect(
            text.description
                == "The supply of Metformin recorded on 2026-01-05 (0.5 tablets) covers 1 doses, the last on 2026-01-05 at 08:00; the first dose without supply is on 2026-01-05. Refill before then."
        )
        #expect(RefillWarningText(summary: text.summary, description: text.description) == text)
        var anonymous = text
        (anonymous.name, anonymous.lastCovered, anonymous.dosesCovered) = (nil, nil, 0)
        #expect(RefillWarningText(summary: "Refill reminder", description: anonymous.description) == anonymous)
        for (summary, description) in [
            ("Refill Metformin", text.description),
            (text.summary.replacingOccurrences(of: "01-05", with: "01-06"), text.description),
            (text.summary, text.description.replacingOccurrences(of: "Metformin", with: "Aspirin")),
            (text.summary, text.description + " Thanks."),
            (text.summary, text.description.replacingOccurrences(of: "0.5", with: "-1")),
        ] {
            #expect(RefillWarningText(summary: summary, description: description) == nil, "\(summary) \(description)")
        }
    }
}
