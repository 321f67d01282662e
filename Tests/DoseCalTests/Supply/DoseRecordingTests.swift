import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

@Suite struct DoseRecordingTests {
    typealias E = ReminderExamples

    let schedule = E.schedule([
        E.medication(
            "metformin", times: ["08:00", "20:00"], supply: Supply(pills: 10, asOf: E.day("2026-03-01")), name: "Metformin"),
        E.medication(
            "methotrexate", times: ["20:00"], recurrence: .weekly(weekdays: [.monday], interval: 1), name: "Methotrexate"),
        E.medication("levo", times: ["06:30"], name: "Levothyroxine"),
    ])

    @Test func medicationByIdOrUnambiguousPrefix() throws {
        #expect(try schedule.medication(matching: "levo").id == "levo")
        #expect(try schedule.medication(matching: "LEVOTHY").id == "levo")
        #expect(try schedule.medication(matching: "metf").id == "metformin")
        #expect(throws: ReminderError.ambiguousMedication(query: "met", candidates: ["metformin", "methotrexate"])) {
            try schedule.medication(matching: "met")
        }
        #expect(throws: ReminderError.unknownMedication(query: "aspirin", ids: ["metformin", "methotrexate", "levo"])) {
            try schedule.medication(matching: "aspirin")
        }
        #expect(
            ReminderError.ambiguousMedication(query: "met", candidates: ["metformin", "methotrexate"]).description
                == "\"met\" matches several medications; use one of these ids: metformin, methotrexate")
    }

    @Test func withoutSlotTheNearestDose() throws {
        let m = try schedule.medication(matching: "metformin")
        // 14:30 EST is 6.5 h after 08:00 and 5.5 h before 20:00.
        let near = try schedule.dose(of: m, slot: nil, near: E.instant("2026-03-02T14:30:00-05:00"))
        #expect(near.instant == E.instant("2026-03-02T20:00:00-05:00"))
        let bySlot = try schedule.dose(of: m, slot: "08:00", near: E.instant("2026-03-02T14:30:00-05:00"))
        #expect(bySlot.instant == E.instant("2026-03-02T08:00:00-05:00"))
        // Exactly half way (14:00) the earlier dose wins.
        #expect(try schedule.dose(of: m, slot: nil, near: E.instant("2026-03-02T14:00:00-05:00")).slotID == "0800")
        #expect(throws: ReminderError.self) {
            try schedule.dose(of: m, slot: "12:00", near: E.instant("2026-03-02T14:30:00-05:00"))
        }
        // A weekly dose found from the following Thursday.
        let weekly = try schedule.medication(matching: "methotrexate")
        let monday = try schedule.dose(of: weekly, slot: nil, near: E.instant("2026-03-05T09:00:00-05:00"))
        #expect(monday.instant == E.instant("2026-03-02T20:00:00-05:00"))
    }

    @Test func theLogOnlyGrowsAtItsEnd() throws {
        let first = try schedule.recording(.taken, medication: "metformin", at: E.instant("2026-03-02T08:05:00-05:00"))
        #expect(
            first.entry
                == DoseLogEntry(
                    medication: "metformin", slot: "0800", date: E.day("2026-03-02"), status: .taken,
                    at: E.date("2026-03-02T13:05:00Z")))
        let second = try first.schedule.recording(.missed, medication: "levo", at: E.instant("2026-03-02T09:00:00-05:00"))
        let third = try second.schedule.recording(
            .taken, medication: "levo", slot: "06:30", at: E.instant("2026-03-02T10:00:00-05:00"))
        #expect(third.schedule.log == [first.entry, second.entry, third.entry])
        // Encoded, every byte before the new entry stays: the old file is a prefix up to its log's end.
        let before = String(decoding: ScheduleCodec.encode(second.schedule), as: UTF8.self)
        let after = String(decoding: ScheduleCodec.encode(third.schedule), as: UTF8.self)
        let closing = "\n  ]\n}\n"
        #expect(before.hasSuffix(closing))
        #expect(after.hasPrefix(String(before.dropLast(closing.count)) + ",\n"))
        #expect(
            after.hasSuffix(
                "{\"medication\": \"levo\", \"slot\": \"0630\", \"date\": \"2026-03-02\", \"status\": \"taken\", \"at\": \"2026-03-02T15:00:00Z\"}"
                    + closing))
        // The correction decides: the 06:30 dose is taken, not missed.
        let status = ReminderStatus(schedule: third.schedule, at: E.instant("2026-03-02T12:00:00-05:00"))
        let levo = status.status(of: try schedule.medication(matching: "levo"))
        #expect(!levo.missed.contains { $0.date == E.day("2026-03-02") })
    }

    @Test func refillCountsAgainOnTheRefillDay() throws {
        // 10 pills on 03-01, 2 a day: 6 left at the start of 03-03; the refill at 12:00 adds 30.
        let result = try schedule.refilling(medication: "metformin", amount: 30, at: E.instant("2026-03-03T12:00:00-05:00"))
        #expect(result.supply == Supply(pills: 36, asOf: E.day("2026-03-03")))
        let m = try result.schedule.medication(matching: "metformin")
        let at = E.instant("2026-03-03T12:00:00-05:00")
        #expect(ReminderStatus(schedule: result.schedule, at: at).pillsLeft(of: m, at: at) == 35)
        #expect(throws: ReminderError.noSupply(medicationID: "levo")) {
            try schedule.refilling(medication: "levo", amount: 30, at: at)
        }
        #expect(throws: ReminderError.self) { try schedule.refilling(medication: "metformin", amount: 0, at: at) }
        #expect(throws: ReminderError.refillBeforeCount(medicationID: "metformin", asOf: "2026-03-01", refillDate: "2026-02-28"))
        {
            try schedule.refilling(medication: "metformin", amount: 30, at: E.instant("2026-02-28T12:00:00-05:00"))
        }
    }

    @Test func scheduleFileIsReplacedAtomicallyWith0600AndABackupOfHandEditedFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dosecal-log-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("meds.json").path
        let canonical = ScheduleCodec.encode(schedule)
        try canonical.write(to: URL(fileURLWithPath: path))
        let next = try schedule.recording(.taken, medication: "levo", at: E.instant("2026-03-02T06:40:00-05:00")).schedule
        #expect(try ScheduleFile(path, holder: "test").replace(canonical, with: next) == nil)
        #expect(FileManager.default.contents(atPath: path) == ScheduleCodec.encode(next))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".meds.json.lock", "meds.json"],
            "no temporary file left")
        // A hand-edited file (x- key) is saved byte for byte before it is rewritten.
        let edited = Data(
            String(decoding: canonical, as: UTF8.self).replacingOccurrences(
                of: "\"version\": 1,", with: "\"version\": 1, \"x-mine\": true,"
            ).utf8)
        try edited.write(to: URL(fileURLWithPath: path))
        #expect(try ScheduleFile(path, holder: "test").replace(edited, with: next) == path + ".bak")
        #expect(FileManager.default.contents(atPath: path + ".bak") == edited)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                ".meds.json.lock", "meds.json", "meds.json.bak",
            ])
    }
}
