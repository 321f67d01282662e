import DoseCal
import DoseCalTestSupport
import Foundation
import Testing

/// A seeded state machine: random schedule edits, random folder edits (phone edits rewritten with
/// LF endings under random names, renames, deletions, foreign files, conflict copies) and syncs
/// killed after a random number of executor steps. After every step: no phone edit lost, no
/// deleted series written again, foreign files untouched, no UID in two files unless the test
/// copied it; after an interrupted run, one full run converges (the run after it writes nothing).
/// Set DOSECAL_SYNC_SEED to replay one seed; failures name their seed.
@Suite struct SyncStateMachineTests {
    static var seeds: [UInt64] {
        if let s = ProcessInfo.processInfo.environment["DOSECAL_SYNC_SEED"], let seed = UInt64(s) { return [seed] }
        return Array(1...12)
    }

    @Test(arguments: seeds) func randomEditsAndKillsConverge(seed: UInt64) throws {
        var machine = SyncMachine(seed: seed)
        for step in 0..<25 {
            try machine.step(step)
        }
    }
}

/// The state of one run: the schedule, what the phone did, what the test owns.
struct SyncMachine {
    let seed: UInt64
    var rng: SplitMix64
    let box = VdirSandbox()
    /// Medication id -> slot times (minutes of the day).
    var medications: [String: [Int]] = ["m0": [480], "m1": [540, 1200]]
    var nextID = 2
    /// UID -> the bytes the phone left; must stay in the folder.
    var edited: [String: Data] = [:]
    /// UIDs deleted on the phone; must not come back.
    var deleted: Set<String> = []
    /// Foreign file name -> bytes.
    var foreign: [String: Data] = [:]
    /// UIDs the test copied into a second file (a conflict copy): both copies must stay.
    var copied: [String: [String: Data]] = [:]
    var now = Fixtures.now
    /// Files the test wrote (the others were written by dosecal).
    var testWritten: Set<String> = []

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
    }

    var schedule: Schedule {
        let meds = medications.sorted { $0.key < $1.key }.map { id, times in
            let slots = times.enumerated().map { i, t in "{\"id\": \"s\(i)\", \"time\": \"\(pad(t / 60)):\(pad(t % 60))\"}" }
            return
                "{\"id\": \"\(id)\", \"name\": \"Med \(id)\", \"times\": [\(slots.joined(separator: ", "))], \"start\": \"2026-01-05\"}"
        }
        let json = "{\"version\": 1, \"homeZone\": \"Europe/Berlin\", \"medications\": [\(meds.joined(separator: ", "))]}"
        return try! ScheduleCodec.decode(Data(json.utf8), file: "machine.json")
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    mutating func step(_ index: Int) throws {
        let at = "seed \(seed), step \(index)"
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...2: editSchedule()
        case 3...5: editFolder()
        default: break
        }
        now += 3600
        let limit = Bool.random(using: &rng) ? Int.random(in: 0..<6, using: &rng) : nil
        if try sync(limit: limit, at) == nil { return }
        try check(at)
        if limit == nil { try checkInStep(at) }
        if limit != nil {
            if Bool.random(using: &rng) {
                // Killed again before any full run, after a change of every series (as travel
                // does): the interrupted writes of the first run are changed again.
                medications = medications.mapValues { times in times.map { ($0 + 15) % 1440 } }
                now += 3600
                _ = try sync(limit: Int.random(in: 0..<6, using: &rng), at + " (killed twice)")
            }
            // Convergence: one full run, then a run that writes nothing.
            let full = try sync(limit: nil, at + " (after the kill)")
            let spurious = (full?.conflicts ?? []).filter { c in
                edited[c.uid] == nil && !deleted.contains(c.uid) && copied[c.uid] == nil
            }
            #expect(spurious.isEmpty, "\(at): conflicts the phone did not cause: \(spurious.map(\.message))")
            let before = box.snapshot.mapValues(\.etag)
            let third = try sync(limit: nil, at + " (converged?)")
            #expect(third?.outcome?.created == [] && third?.outcome?.updated == [] && third?.outcome?.deleted == [], "\(at)")
            #expect(third?.outcome?.statusWritten == false, "\(at): the status was written again")
            #expect(box.snapshot.mapValues(\.etag) == before, "\(at): the folder changed")
            try check(at + " (after the kill)")
            try checkInStep(at + " (after the kill)")
        }
    }

    /// Runs a sync; nil when it stopped on purpose (all owned files gone).
    mutating func sync(limit: Int?, _ at: String) throws -> VdirSync.Report? {
        do {
            return try box.sync(schedule, now: now, stepLimit: limit)
        } catch let e as SyncError {
            Issue.record("\(at): \(e)")
            return nil
        }
    }

    mutating func editSchedule() {
        let ids = medications.keys.sorted()
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            medications["m\(nextID)"] = [Int.random(in: 0..<96, using: &rng) * 15]
            nextID += 1
        case 1 where ids.count > 1:
            medications[ids.randomElement(using: &rng)!] = nil
        case 2:
            let id = ids.randomElement(using: &rng)!
            let time = Int.random(in: 0..<96, using: &rng) * 15
            if !medications[id]!.contains(time) { medications[id]![0] = time }  // a slot's time is unique
        default:
            let id = ids.randomElement(using: &rng)!
            let time = Int.random(in: 0..<96, using: &rng) * 15
            if medications[id]!.count < 3 && !medications[id]!.contains(time) { medications[id]!.append(time) }
        }
    }

    mutating func editFolder() {
        let ours = box.files.filter { name in
            let text = box.read(name)
            return text.contains("@dosecal.app") && !foreign.keys.contains(name)
                && !copied.values.contains { $0.keys.contains(name) }
        }
        let free = ours.filter { name in
            let uid = uid(in: name)
            return edited[uid] == nil && copied[uid] == nil
        }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0 where !free.isEmpty:  // a phone edit, pulled by vdirsyncer: LF, new random name
            let name = free.randomElement(using: &rng)!
            let text = box.read(name).replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "DURATION:PT15M", with: "DURATION:PT\(Int.random(in: 16..<60, using: &rng))M")
            box.remove(name)
            let newName = UUID(uuid: randomUUID()).uuidString.lowercased() + ".ics"
            box.write(newName, text)
            testWritten.insert(newName)
            edited[uid(in: newName)] = Data(text.utf8)
        case 1 where !free.isEmpty:  // a rename, content unchanged (LF endings)
            let name = free.randomElement(using: &rng)!
            let text = box.read(name).replacingOccurrences(of: "\r\n", with: "\n")
            box.remove(name)
            let newName = UUID(uuid: randomUUID()).uuidString.lowercased() + ".ics"
            box.write(newName, text)
            testWritten.insert(newName)
        case 2 where free.count > 2:  // deleted on the phone
            let name = free.randomElement(using: &rng)!
            deleted.insert(uid(in: name))
            box.remove(name)
        case 3:  // a foreign event
            let n = foreign.count
            let text =
                "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//phone//EN\nBEGIN:VEVENT\nUID:foreign-\(seed)-\(n)\n"
                + "DTSTART:20261201T1\(n % 10)0000Z\nSUMMARY:Dentist\nEND:VEVENT\nEND:VCALENDAR\n"
            foreign["foreign-\(n).ics"] = Data(text.utf8)
            box.write("foreign-\(n).ics", text)
            testWritten.insert("foreign-\(n).ics")
        case 4 where !free.isEmpty:  // a conflict copy left by a file-sync tool
            let name = free.randomElement(using: &rng)!
            let copy = name.replacingOccurrences(of: ".ics", with: ".sync-conflict.ics")
            box.write(copy, box.read(name))
            testWritten.insert(copy)
            copied[uid(in: name)] = [name: Data(box.read(name).utf8), copy: Data(box.read(copy).utf8)]
        default:
            break
        }
    }

    mutating func randomUUID() -> uuid_t {
        var b = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { b[i] = UInt8.random(in: 0...255, using: &rng) }
        return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
    }

    func uid(in name: String) -> String { (try? VdirContent(bytes: Data(box.read(name).utf8)))?.uids.first ?? "" }

    /// After a full run: every series the phone left alone is in exactly one file, as the
    /// schedule wants it; nothing else of dosecal's is left.
    func checkInStep(_ at: String) throws {
        var holders: [String: [String]] = [:]
        for name in box.files { holders[uid(in: name), default: []].append(name) }
        let feed = FeedBuilder(schedule: schedule, now: now).build()
        let wanted = VdirItem.items(of: feed)
        for item in wanted where edited[item.uid] == nil && !deleted.contains(item.uid) && copied[item.uid] == nil {
            let names = holders[item.uid] ?? []
            #expect(names.count == 1, "\(at): \(item.uid) is in \(names)")
            if let name = names.first {
                #expect(
                    try VdirContent(bytes: Data(box.read(name).utf8)).hash == item.hash,
                    "\(at): \(name) is not what the schedule says")
            }
        }
        let wantedUIDs = Set(wanted.map(\.uid))
        for (uid, names) in holders where uid.hasSuffix("@dosecal.app") && !wantedUIDs.contains(uid) {
            #expect(
                edited[uid] != nil || copied[uid] != nil, "\(at): \(uid) was removed from the schedule but is still in \(names)")
        }
    }

    /// The invariants that hold after every run, interrupted or not.
    func check(_ at: String) throws {
        var holders: [String: [String]] = [:]
        for name in box.files { holders[uid(in: name), default: []].append(name) }
        for (uid, data) in edited {
            #expect(
                box.files.contains { FileManager.default.contents(atPath: box.folder + "/" + $0) == data },
                "\(at): the phone's edit of \(uid) is lost")
        }
        for uid in deleted { #expect(holders[uid] == nil, "\(at): \(uid), deleted on the phone, was written again") }
        for (name, data) in foreign {
            #expect(FileManager.default.contents(atPath: box.folder + "/" + name) == data, "\(at): foreign \(name) changed")
        }
        for (uid, copies) in copied {
            for (name, data) in copies {
                #expect(
                    FileManager.default.contents(atPath: box.folder + "/" + name) == data, "\(at): copy \(name) of \(uid) changed"
                )
            }
        }
        for (uid, names) in holders where copied[uid] == nil {
            #expect(names.count == 1, "\(at): \(uid) is in \(names)")
        }
        for name in box.files where !testWritten.contains(name) {
            #expect(box.mode(name) == 0o600, "\(at): \(name) has mode \(String(box.mode(name), radix: 8))")
        }
    }
}
