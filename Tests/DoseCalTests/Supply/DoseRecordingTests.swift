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

    @Test func medicationByIdOrAnyUniquePartOfItsName() throws {
        #expect(try schedule.medication(matching: "levo").id == "levo")
        #expect(try schedule.medication(matching: "LEVOTHY").id == "levo")
        #expect(try schedule.medication(matching: "metf").id == "metformin")
        // Any part of the name, any letter case.
        #expect(try schedule.medication(matching: "FORM").id == "metformin")
        #expect(try schedule.medication(matching: "trex").id == "methotrexate")
        #expect(try schedule.medication(matching: "thyroxine").id == "levo")
        #expect(try schedule.medication(matching: "Levothyroxine").id == "levo")
        #expect(throws: ReminderError.ambiguousMedication(query: "met", candidates: ["metformin", "methotrexate"])) {
            try schedule.medication(matching: "met")
        }
        #expect(throws: ReminderError.ambiguousMedication(query: "o", candidates: ["metformin", "methotrexate", "levo"])) {
            try schedule.medication(matching: "o")
        }
        #expect(throws: ReminderError.unknownMedication(query: "aspirin", ids: ["metformin", "methotrexate", "levo"])) {
            try schedule.medication(matching: "aspirin")
        }
        #expect(
            ReminderError.ambiguousMedication(query: "met", candidates: ["metformin", "methotrexate"]).description
                == "\"met\" matches several medications; use one of these ids: metformin, methotrexate")
        // A whole name beats a part of another: "Iron" is not ambiguous next to "Citron".
        let iron = E.schedule([
            E.medication("a", times: ["08:00"], name: "Citron"), E.medication("b", times: ["08:00"], name: "Iron"),
        ])
        #expect(try iron.medication(matching: "iron").id == "b")
    }

    @Test func aNamedSlotOrDateNamesTheDose() throws {
        let m = "metformin"
        let at = E.instant("2026-03-02T14:30:00-05:00")
        // 14:30 EST is in the 08:00 window (it closes at 19:00, where the 20:00 window opens).
        #expect(try schedule.recording(.taken, medication: m, at: at).dose?.slotID == "0800")
        // --slot 08:00 names that day's 08:00 dose, --slot 2000 the evening one.
        #expect(
            try schedule.recording(.taken, medication: m, slot: "08:00", at: at).dose?.instant
                == E.instant("2026-03-02T08:00:00-05:00"))
        #expect(
            try schedule.recording(.taken, medication: m, slot: "2000", at: at).dose?.instant
                == E.instant("2026-03-02T20:00:00-05:00"))
        // --date names the day: its dose nearest to the time.
        #expect(
            try schedule.recording(.taken, medication: m, date: E.day("2026-03-01"), at: at).dose?.instant
                == E.instant("2026-03-01T20:00:00-05:00"))
        #expect(throws: ReminderError.self) { try schedule.recording(.taken, medication: m, slot: "12:00", at: at) }
        // A weekly dose named by its slot from the following Thursday: the nearest, Monday's.
        let monday = try schedule.recording(
            .taken, medication: "methotrexate", slot: "2000", at: E.instant("2026-03-05T09:00:00-05:00"))
        #expect(monday.dose?.instant == E.instant("2026-03-02T20:00:00-05:00"))
        #expect(monday.warnings.isEmpty)
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
        // 36 from 03-03, two a day: the last dose covered is on 03-20; refill by 7 days before.
        #expect(result.runOut == E.day("2026-03-21"))
        #expect(
            result.json(privacy: false, backup: nil)
                == """
                {
                  "medication": "metformin",
                  "added": 30,
                  "at": "2026-03-03T17:00:00Z",
                  "local": "2026-03-03T12:00:00-05:00",
                  "zone": "America/New_York",
                  "supply": {"pills": 36, "asOf": "2026-03-03"},
                  "runOut": "2026-03-21",
                  "refillBy": "2026-03-14T13:00:00Z",
                  "refillByLocal": "2026-03-14T09:00:00-04:00",
                  "backup": null
                }

                """)
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
