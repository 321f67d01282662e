import DoseCalCore
import Foundation

/// Literal schedules the chart tests draw.
enum ChartSchedules {
    /// Ann in London (UTC+0 in February): Metformin twice a day from the 3rd to the 20th,
    /// a 2-on-2-off cycle from the 1st, Paracetamol as needed; a log with a taken, a skipped, a
    /// missed and an extra dose, and two as-needed doses on the 6th.
    static func february(privacy: Bool = false) -> String {
        """
        {"version": 2, "homeZone": "Europe/London", "feed": {"name": "Ann", "privacy": \(privacy)},
         "people": [{"id": "ann", "name": "Ann Example", "dateOfBirth": "1950-02-03", "allergies": ["penicillin"]}],
         "medications": [
          {"id": "metformin", "name": "Metformin", "strength": "500 mg", "form": "tablet", "amount": 1,
           "times": [{"id": "morning", "time": "08:00"}, {"id": "evening", "time": "20:00"}],
           "start": "2026-02-03", "end": "2026-02-20"},
          {"id": "pill", "name": "Norethisterone", "strength": "5 mg", "form": "tablet", "amount": 1,
           "times": [{"id": "night", "time": "22:00"}], "recurrence": {"kind": "cycle", "daysOn": 2, "daysOff": 2},
           "start": "2026-02-01"},
          {"id": "paracetamol", "name": "Paracetamol", "strength": "500 mg", "form": "tablet", "amount": 2,
           "recurrence": {"kind": "asNeeded", "minimumHours": 4, "maxPerDay": 4}, "start": "2026-02-01"}
         ],
         "log": [
          {"medication": "metformin", "status": "taken", "at": "2026-02-03T08:05:00Z", "slot": "morning", "date": "2026-02-03"},
          {"medication": "metformin", "status": "skipped", "at": "2026-02-03T20:00:00Z", "slot": "evening", "date": "2026-02-03"},
          {"medication": "metformin", "status": "missed", "at": "2026-02-04T21:00:00Z", "slot": "evening", "date": "2026-02-04"},
          {"medication": "metformin", "status": "taken", "at": "2026-02-05T13:30:00Z"},
          {"medication": "paracetamol", "status": "taken", "at": "2026-02-06T09:15:00Z"},
          {"medication": "paracetamol", "status": "taken", "at": "2026-02-06T15:40:00Z"}
         ]}
        """
    }

    static func decode(_ text: String) throws -> Schedule { try ScheduleCodec.decode(Data(text.utf8), file: "chart.json") }

    static func day(_ d: Int, month: Int = 2) -> LocalDate { LocalDate(year: 2026, month: month, day: d)! }
}
