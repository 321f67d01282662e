import DoseCal
import DoseCalTestSupport
import Foundation
import Testing

/// A log means what the person did: which dose an entry is about (its window), extra doses in
/// words, as-needed limits at the moment of logging, and reminders of doses still to come kept.
@Suite struct LogWindowTests {
    typealias E = ReminderExamples

    /// Chicago: metformin at 08:00 and 14:00, methotrexate on Fridays at 19:00, ibuprofen as
    /// needed (6 hours apart, at most 3 in 24 hours).
    let schedule: Schedule = {
        var metformin = E.medication("metformin", times: ["08:00", "14:00"], start: "2026-11-01", name: "Metformin")
        metformin.strength = "500 mg"
        metformin.times = [DoseSlot(id: "morning", time: E.time("08:00")), DoseSlot(id: "afternoon", time: E.time("14:00"))]
        var ibuprofen = E.medication(
            "ibuprofen", times: [], recurrence: .asNeeded(minimumHours: 6, maxPerDay: 3), start: "2026-11-01", name: "Ibuprofen")
        ibuprofen.strength = "200 mg"
        return E.schedule(
            [
                metformin,
                E.medication(
                    "methotrexate", times: ["19:00"], recurrence: .weekly(weekdays: [.friday], interval: 1), start: "2026-11-06",
                    name: "Methotrexate"),
                ibuprofen,
            ], zone: "America/Chicago")
    }()

    func words(_ record: LogRecord, label: String) -> [String] {
        record.warnings.map {
            $0.text(
                label: label, medication: record.medication, at: Int(record.entry.at.timeIntervalSince1970),
                engine: WallClockEngine(schedule: record.schedule))
        }
    }

    /// The instants the plan fires for `medication`'s `slot` in the 7 days from `at`.
    func planned(_ schedule: Schedule, _ medication: String, slot: String, at: Int) -> [Int] {
        NotificationPlanner(schedule: schedule).plan(at: at).requests.filter {
            $0.purpose == .dose(medicationID: medication, slotID: slot)
        }
        .flatMap(\.firings)
    }

    @Test func windowsOfDosesAt08And14() throws {
        let engine = WallClockEngine(schedule: schedule)
        let doses = engine.occurrences(of: schedule.medications[0], from: E.day("2026-12-04"), to: E.day("2026-12-05"))
        let windows = DoseWindow.windows(of: doses, hourly: false)
        // 08:00 CST: from 07:00 to 13:00 (where the 14:00 window opens); 14:00: to 02:00 (12 hours).
        #expect(windows[0].opens == E.instant("2026-12-04T07:00:00-06:00"))
        #expect(windows[0].closes == E.instant("2026-12-04T13:00:00-06:00"))
        #expect(windows[1].opens == E.instant("2026-12-04T13:00:00-06:00"))
        #expect(windows[1].closes == E.instant("2026-12-05T02:00:00-06:00"))
        #expect(windows[2].opens == E.instant("2026-12-05T07:00:00-06:00"))
        // Every 2 hours: half way belongs to the earlier dose, as the log reads an entry.
        let two = [0, 7200, 14_400].map {
            Occurrence(
                medicationID: "q", slotID: "q", local: LocalDateTime(secondsSinceEpoch: $0), zone: nil, instant: $0, pills: 1,
                resolution: .normal)
        }
        let hourly = DoseWindow.windows(of: two, hourly: true)
        #expect(hourly.map(\.opens) == [-3600, 3601, 10_801])
        #expect(hourly.map(\.closes) == [3601, 10_801, 14_400 + 12 * 3600])
    }

    /// `log taken metformin --at 12:00` with doses at 08:00 and 14:00: the 08:00 dose taken late,
    /// or, when 08:00 is already taken, an extra dose; never the 14:00 dose, whose reminder stays.
    @Test func aLogAtNoonBetween08And14() throws {
        let noon = E.instant("2026-12-04T12:00:00-06:00")
        let late = try schedule.recording(.taken, medication: "metformin", at: noon)
        #expect(late.dose?.instant == E.instant("2026-12-04T08:00:00-06:00"))
        #expect(
            late.entry
                == DoseLogEntry(
                    medication: "metformin", slot: "morning", date: E.day("2026-12-04"), status: .taken,
                    at: E.date("2026-12-04T18:00:00Z")))
        #expect(late.warnings.isEmpty)
        #expect(planned(late.schedule, "metformin", slot: "afternoon", at: noon).first == E.instant("2026-12-04T20:00:00Z"))

        let morning = try schedule.recording(.taken, medication: "metformin", at: E.instant("2026-12-04T08:05:00-06:00"))
        #expect(morning.dose?.slotID == "morning")
        let extra = try morning.schedule.recording(.taken, medication: "metformin", at: noon)
        #expect(extra.dose == nil && extra.isExtra)
        #expect(extra.entry == DoseLogEntry(medication: "metformin", status: .taken, at: E.date("2026-12-04T18:00:00Z")))
        #expect(
            words(extra, label: "Metformin 500 mg") == [
                "Metformin 500 mg: the 08:00 dose was already logged taken at 08:05; this is an extra dose, "
                    + "2 hours before the 14:00 dose; the 14:00 reminder stays."
            ])
        // The plan still reminds of 14:00 (20:00Z), and status lists it as pending.
        #expect(planned(extra.schedule, "metformin", slot: "afternoon", at: noon).first == E.instant("2026-12-04T20:00:00Z"))
        let status = ReminderStatus(schedule: extra.schedule, at: noon).status(of: extra.schedule.medications[0])
        #expect(status.next.first?.occurrence.instant == E.instant("2026-12-04T20:00:00Z"))
        #expect(status.next.first?.state == .pending)
        // The extra dose uses up a pill: two doses counted by noon, three with the extra.
        #expect(DoseLedger(engine: WallClockEngine(schedule: extra.schedule), medicationID: "metformin").extras.count == 1)
    }

    /// Weekly methotrexate (Fridays 19:00) logged on a Tuesday: an extra dose in words, exit 1,
    /// and Friday's reminder kept; named with --date, that dose with a warning.
    @Test func weeklyMethotrexateLoggedOnATuesday() throws {
        let tuesday = E.instant("2026-12-08T10:00:00-06:00")
        let friday = E.instant("2026-12-11T19:00:00-06:00")
        let record = try schedule.recording(.taken, medication: "metho", at: tuesday)
        #expect(record.dose == nil)
        #expect(record.entry == DoseLogEntry(medication: "methotrexate", status: .taken, at: E.date("2026-12-08T16:00:00Z")))
        #expect(
            words(record, label: "Methotrexate") == [
                "Methotrexate is taken weekly: this is 3 days before Friday's dose; Friday's reminder stays."
            ])
        #expect(planned(record.schedule, "methotrexate", slot: "1900", at: tuesday) == [friday])
        #expect(
            record.json(label: "Methotrexate", privacy: false, backup: nil)
                == """
                {
                  "recorded": {"medication": "methotrexate", "status": "taken", "at": "2026-12-08T16:00:00Z"},
                  "medication": "methotrexate",
                  "kind": "extra",
                  "dose": null,
                  "named": false,
                  "replaced": null,
                  "at": "2026-12-08T16:00:00Z",
                  "local": "2026-12-08T10:00:00-06:00",
                  "zone": "America/Chicago",
                  "warnings": [
                    {"kind": "extraDose", "text": "Methotrexate is taken weekly: this is 3 days before Friday's dose; Friday's reminder stays."}
                  ],
                  "nextAllowed": null,
                  "nextAllowedLocal": null,
                  "backup": null
                }

                """)
        // In privacy mode the medication is named by its position, in the entry too.
        let hidden = record.json(label: "Medication 2", privacy: true, backup: nil)
        #expect(!hidden.contains("ethotrexate") && hidden.contains(#""recorded": {"medication": "Medication 2""#))

        let named = try schedule.recording(.taken, medication: "methotrexate", date: E.day("2026-12-11"), at: tuesday)
        #expect(named.dose?.instant == friday && named.named)
        #expect(
            words(named, label: "Methotrexate") == [
                "Methotrexate is taken weekly: this is 3 days before Friday's dose, recorded as that dose because you named it; "
                    + "Friday's reminder is removed."
            ])
        #expect(planned(named.schedule, "methotrexate", slot: "1900", at: tuesday).isEmpty)
        // Inside its window (an hour early) it is Friday's dose, without a warning.
        let onTime = try schedule.recording(.taken, medication: "methotrexate", at: E.instant("2026-12-11T18:15:00-06:00"))
        #expect(onTime.dose?.instant == friday && onTime.warnings.isEmpty)
    }

    /// An as-needed dose 2 hours after the last (minimum 6 hours): recorded, with the next
    /// allowed time in words; a fourth in 24 hours (at most 3) likewise.
    @Test func asNeededDoseBeforeItIsAllowed() throws {
        let first = try schedule.recording(.taken, medication: "ibu", at: E.instant("2026-12-04T08:00:00-06:00"))
        #expect(first.warnings.isEmpty && first.nextAllowed == E.instant("2026-12-04T14:00:00-06:00"))
        let second = try first.schedule.recording(.taken, medication: "ibu", at: E.instant("2026-12-04T10:00:00-06:00"))
        #expect(second.entry == DoseLogEntry(medication: "ibuprofen", status: .taken, at: E.date("2026-12-04T16:00:00Z")))
        #expect(second.nextAllowed == E.instant("2026-12-04T22:00:00Z"))
        #expect(
            words(second, label: "Ibuprofen 200 mg") == [
                "Ibuprofen 200 mg is taken at least 6 hours apart: this dose is 2 hours after the last one "
                    + "(2026-12-04 08:00 America/Chicago); the next dose is allowed from 2026-12-04 16:00 America/Chicago."
            ])
        let third = try second.schedule.recording(.taken, medication: "ibu", at: E.instant("2026-12-04T16:00:00-06:00"))
        #expect(third.warnings.isEmpty)
        let fourth = try third.schedule.recording(.taken, medication: "ibu", at: E.instant("2026-12-04T22:00:00-06:00"))
        #expect(fourth.nextAllowed == E.instant("2026-12-05T10:00:00-06:00"))
        #expect(
            words(fourth, label: "Ibuprofen 200 mg") == [
                "Ibuprofen 200 mg is taken at most 3 times in 24 hours: this is the 4th dose in 24 hours; "
                    + "the next dose is allowed from 2026-12-05 10:00 America/Chicago."
            ])
    }

    /// Skipped and missed follow the same windows; outside them the person names the dose, and a
    /// named skip of a dose to come cancels it (its reminder and its event go).
    @Test func skippingAndMissingNameTheirDose() throws {
        #expect(throws: ReminderError.noDoseDue(medicationID: "metformin", lastSlot: "afternoon", lastDate: "2026-12-04")) {
            try schedule.recording(.skipped, medication: "metformin", at: E.instant("2026-12-05T03:00:00-06:00"))
        }
        let inWindow = try schedule.recording(.missed, medication: "metformin", at: E.instant("2026-12-04T13:30:00-06:00"))
        #expect(inWindow.dose?.slotID == "afternoon")
        let evening = E.instant("2026-12-04T22:00:00-06:00")
        let cancel = try schedule.recording(
            .skipped, medication: "metformin", slot: "afternoon", date: E.day("2026-12-05"), at: evening)
        #expect(cancel.dose?.instant == E.instant("2026-12-05T14:00:00-06:00") && cancel.warnings.isEmpty)
        #expect(cancel.schedule.skippedDoses()["metformin"]?["afternoon"] == [E.day("2026-12-05")])
        #expect(
            !planned(cancel.schedule, "metformin", slot: "afternoon", at: evening).contains(E.instant("2026-12-05T20:00:00Z")))
        #expect(throws: ReminderError.noDoseOn(medicationID: "methotrexate", date: "2026-12-10", slot: nil)) {
            try schedule.recording(.taken, medication: "methotrexate", date: E.day("2026-12-10"), at: evening)
        }
    }

    /// The last entry about a dose decides: another status corrects it; taken twice is an extra dose.
    @Test func correctionsAndDosesTakenTwice() throws {
        let taken = try schedule.recording(.taken, medication: "metformin", at: E.instant("2026-12-04T08:05:00-06:00"))
        let missed = try taken.schedule.recording(.missed, medication: "metformin", at: E.instant("2026-12-04T08:30:00-06:00"))
        #expect(missed.dose?.slotID == "morning" && missed.replaced == .taken && missed.warnings.isEmpty)
        let again = try missed.schedule.recording(.taken, medication: "metformin", at: E.instant("2026-12-04T08:40:00-06:00"))
        #expect(again.dose?.slotID == "morning" && again.replaced == .missed)
        let named = try again.schedule.recording(
            .taken, medication: "metformin", slot: "morning", date: E.day("2026-12-04"),
            at: E.instant("2026-12-04T09:00:00-06:00"))
        #expect(named.dose == nil)
        #expect(
            words(named, label: "Metformin 500 mg") == [
                "Metformin 500 mg: the 08:00 dose was already logged taken at 08:40; this is an extra dose, "
                    + "5 hours before the 14:00 dose; the 14:00 reminder stays."
            ])
    }

    /// Whatever the time, the dose an entry is recorded about is the dose the log reads it as
    /// (every N hours too, where the log names that day's dose nearest to the entry's time).
    @Test func theLogReadsEachEntryAsTheDoseItWasRecordedFor() throws {
        var s = schedule
        s.medications.append(E.medication("amoxicillin", times: ["06:00"], recurrence: .everyNHours(8), start: "2026-11-01"))
        for id in ["metformin", "methotrexate", "amoxicillin"] {
            var t = E.instant("2026-12-04T00:00:00-06:00")
            while t < E.instant("2026-12-12T00:00:00-06:00") {
                let record = try s.recording(.taken, medication: id, at: t)
                if let dose = record.dose {
                    let ledger = DoseLedger(engine: WallClockEngine(schedule: record.schedule), medicationID: id)
                    #expect(ledger.status(of: dose) == .taken, "\(id) at \(t)")
                    #expect(ledger.statuses.count == 1 && ledger.extras.isEmpty, "\(id) at \(t)")
                } else {
                    #expect(record.isExtra, "\(id) at \(t)")
                }
                t += 17 * 60
            }
        }
    }

    /// During a trip the words give the person's local times: an extra dose in Tokyo.
    @Test func wordsInTheZoneOfTheTrip() throws {
        var s = schedule
        s.itinerary = [ItineraryStop(from: E.day("2026-12-08"), zone: Zone("Asia/Tokyo")!)]
        // 08:00 in Tokyo on 12-09 taken at 08:10; again at 11:00: an extra dose.
        let first = try s.recording(.taken, medication: "metformin", at: E.instant("2026-12-09T08:10:00+09:00"))
        #expect(first.dose?.instant == E.instant("2026-12-09T08:00:00+09:00"))
        let again = try first.schedule.recording(.taken, medication: "metformin", at: E.instant("2026-12-09T11:00:00+09:00"))
        #expect(
            words(again, label: "Metformin 500 mg") == [
                "Metformin 500 mg: the 08:00 dose was already logged taken at 08:10; this is an extra dose, "
                    + "3 hours before the 14:00 dose; the 14:00 reminder stays."
            ])
        let ibu = try s.recording(.taken, medication: "ibu", at: E.instant("2026-12-09T08:00:00+09:00"))
        let soon = try ibu.schedule.recording(.taken, medication: "ibu", at: E.instant("2026-12-09T09:00:00+09:00"))
        #expect(
            words(soon, label: "Ibuprofen 200 mg") == [
                "Ibuprofen 200 mg is taken at least 6 hours apart: this dose is 1 hour after the last one "
                    + "(2026-12-09 08:00 Asia/Tokyo); the next dose is allowed from 2026-12-09 15:00 Asia/Tokyo."
            ])
    }
}
