import DoseCal
import DoseCalTestSupport
import Testing

/// `ScheduleLookup` answers what a search of the schedule's arrays answers: the first medication
/// of an ID, its position, its log entries and seen hints in file order.
@Suite struct ScheduleLookupTests {
    typealias E = ReminderExamples

    func schedule() -> Schedule {
        var a2 = E.medication("a", times: ["09:00"], name: "Second A")
        a2.notes = "a second medication with the ID a"
        var s = E.schedule(
            [E.medication("a", times: ["08:00"]), E.medication("b", times: ["20:00"]), a2],
            log: [
                DoseLogEntry(
                    medication: "b", slot: "2000", date: E.day("2026-03-01"), status: .taken, at: E.date("2026-03-02T01:00:00Z")),
                DoseLogEntry(
                    medication: "a", slot: "0800", date: E.day("2026-03-01"), status: .skipped, at: E.date("2026-03-01T12:00:00Z")
                ),
                DoseLogEntry(medication: "gone", status: .taken, at: E.date("2026-03-01T13:00:00Z")),
                DoseLogEntry(
                    medication: "b", slot: "2000", date: E.day("2026-03-02"), status: .missed, at: E.date("2026-03-03T01:00:00Z")),
            ])
        s.seen = [
            SeenReminder(medication: "b", slot: "2000", at: E.instant("2026-03-01T01:05:00Z")),
            SeenReminder(medication: "a", slot: "0800", at: E.instant("2026-03-01T13:05:00Z")),
        ]
        return s
    }

    @Test func answersWhatTheArraysAnswer() {
        let s = schedule()
        let lookup = ScheduleLookup(s)
        for id in ["a", "b", "gone", ""] {
            #expect(lookup.medication(id) == s.medications.first { $0.id == id })
            #expect(lookup.position(of: id) == s.medications.firstIndex { $0.id == id })
            #expect(lookup.positionalName(of: id) == s.positionalName(of: id))
            #expect(lookup.log(of: id) == s.log.filter { $0.medication == id })
            #expect(lookup.hasLog(of: id) == s.log.contains { $0.medication == id })
            #expect(lookup.seen(of: id) == s.seen.filter { $0.medication == id })
        }
        #expect(lookup.medication("a")?.name == "A")
        #expect(lookup.positionalName(of: "b") == "Medication 2")
        #expect(lookup.log(of: "b").map(\.status) == [.taken, .missed])
    }
}
