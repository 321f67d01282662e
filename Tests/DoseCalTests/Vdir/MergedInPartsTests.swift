import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

#if canImport(Glibc)
    import Glibc
#endif

/// Phone edits merged by parts (decision 0270): after a clean sync, series moved on the phone are
/// merged reading only their medications' items and base series, and the merged schedule is
/// built by parts. The schedule saved, the folder, the status (but for etags), the merge base and
/// the report must be exactly what the merge of the whole folder gives, round after round.
@Suite struct MergedInPartsTests {
    let changed = ChangedSyncTests()

    /// One merging sync as the CLI runs it: `schedule` is the file's; returns the report and the
    /// schedule the file holds afterwards.
    /// `listed`: with the inputs the CLI gives (the file's bytes' fingerprint, and how to make
    /// it for the file a merge writes), so that runs may go by the folder's listing.
    func sync(
        _ box: VdirSandbox, _ schedule: Schedule, now: Int, inParts: Bool, build: String = "test build", listed: Bool = false
    ) throws -> (VdirSync.Report, Schedule) {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        if inParts {
            sync.build = build
            sync.medicationFingerprints = ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule))
        }
        if listed {
            sync.inputs = "file " + SHA256.hex(of: ScheduleCodec.encode(schedule))
            sync.inputsOf = { "file " + SHA256.hex(of: $0) }
        }
        var saved = schedule
        let report = try sync.run(schedule: schedule, now: now) { merge in
            #expect(merge.bytes() == ScheduleCodec.encode(merge.schedule))
            saved = merge.schedule
        }
        return (report, saved)
    }

    /// `text` with its first event's start moved 30 minutes later on the same day and SEQUENCE
    /// raised, with LF line ends, as a phone app and vdirsyncer write it.
    static func moved(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        guard let event = lines.firstIndex(of: "BEGIN:VEVENT") else { return text }
        if let i = lines[event...].firstIndex(where: { $0.hasPrefix("DTSTART") }), let colon = lines[i].lastIndex(of: ":") {
            let value = lines[i][lines[i].index(after: colon)...]
            if value.count >= 15, let t = value.firstIndex(of: "T"), let hhmm = Int(value[value.index(after: t)...].prefix(4)) {
                let minutes = ((hhmm / 100) * 60 + hhmm % 100 + 30) % 1440
                let time = String(format: "%02d%02d", minutes / 60, minutes % 60)
                let rest = value[value.index(t, offsetBy: 5)...]
                lines[i] = String(lines[i][...colon]) + value[...t] + time + rest
            }
        }
        if let i = lines[event...].firstIndex(where: { $0.hasPrefix("SEQUENCE:") }), let n = Int(lines[i].dropFirst(9)) {
            lines[i] = "SEQUENCE:\(n + 1)"
        }
        return lines.joined(separator: "\n")
    }

    /// Moves the first `count` series (by file name, skipping `skip`) in `box` on the phone.
    static func editPhone(_ box: VdirSandbox, count: Int, skip: Int) {
        let series = box.files.filter { box.read($0).contains("\r\nRRULE:") || box.read($0).contains("\nRRULE:") }
        for name in series.dropFirst(skip).prefix(count) { box.write(name, moved(box.read(name))) }
    }

    /// Rounds of phone edits merged in parts and in full; returns how many rounds ran in parts.
    @discardableResult
    func compare(
        _ schedule: Schedule, _ label: String, rounds: Int = 3, count: Int = 2, listed: Bool = false,
        edit: (VdirSandbox, _ count: Int, _ round: Int) -> Void = { editPhone($0, count: $1, skip: $2) }
    ) throws -> Int {
        let parts = VdirSandbox()
        let full = VdirSandbox()
        var (a, b) = (schedule, schedule)
        (_, a) = try sync(parts, a, now: Fixtures.now, inParts: true, listed: listed)
        (_, b) = try sync(full, b, now: Fixtures.now, inParts: false)
        var inParts = 0
        var lastByParts = false
        for round in 1...rounds {
            edit(parts, count, round)
            edit(full, count, round)
            let now = Fixtures.now + round * 3_600
            let (p, newA) = try sync(parts, a, now: now, inParts: true, listed: listed)
            let (f, newB) = try sync(full, b, now: now, inParts: false)
            (a, b) = (newA, newB)
            let roundLabel = "\(label), round \(round)"
            #expect(a == b, "\(roundLabel): the schedule saved")
            #expect(p.merge?.changes.changes.map(\.description) == f.merge?.changes.changes.map(\.description), "\(roundLabel)")
            #expect(p.merge?.accepted == f.merge?.accepted, "\(roundLabel)")
            #expect(parts.files == full.files, "\(roundLabel)")
            for name in parts.files where parts.read(name) != full.read(name) {
                let (x, y) = (parts.read(name).split(separator: "\r\n"), full.read(name).split(separator: "\r\n"))
                Issue.record(
                    "\(roundLabel): \(name) parts \(x.filter { !y.contains($0) }) full \(y.filter { !x.contains($0) }) merged-by-parts \(p.builtInPart)"
                )
            }
            #expect(try changed.statusWithoutEtags(parts) == changed.statusWithoutEtags(full), "\(roundLabel): status")
            let base = { (box: VdirSandbox) in try SyncStore(path: box.storePath).baseText() }
            #expect(try base(parts) == base(full), "\(roundLabel): base")
            if listed {  // by the listing, the plan holds only the items it read: what is not left, and the count
                let done = { (r: VdirSync.Report) in r.plan.actions.map(changed.summary).filter { !$0.hasPrefix("leave") } }
                #expect(done(p) == done(f) && p.inStep == f.inStep, "\(roundLabel)")
            } else {
                #expect(p.plan.actions.map(changed.summary) == f.plan.actions.map(changed.summary), "\(roundLabel)")
            }
            #expect(p.merge?.repaired.map(\.data) == f.merge?.repaired.map(\.data), "\(roundLabel): repairs")
            #expect(kept(parts) == kept(full), "\(roundLabel): the damaged items' bytes kept")
            if p.builtInPart && p.merge != nil { inParts += 1 }
            lastByParts = p.builtInPart && p.merge != nil && p.conflicts.isEmpty
        }
        let (again, _) = try sync(parts, a, now: Fixtures.now + (rounds + 1) * 3_600, inParts: true, listed: listed)
        #expect(again.outcome?.statusWritten == false, "\(label): in step after the rounds")
        if listed, lastByParts, again.plan.actions.isEmpty == false {
            Issue.record("\(label): the run after the rounds read the status instead of the listing")
        }
        return inParts
    }

    /// The phone's copies of damaged items kept in the sync store, by name.
    func kept(_ box: VdirSandbox) -> [String: Data] {
        guard FileManager.default.fileExists(atPath: box.storePath) else { return [:] }
        return (try? SyncStore(path: box.storePath).damagedCopies()) ?? [:]
    }

    /// The first `count` series (by file name, skipping `skip`) given a start the phone's app
    /// wrote wrongly: damage, repaired from the schedule with the phone's bytes kept.
    static func damagePhone(_ box: VdirSandbox, count: Int, skip: Int) {
        let series = box.files.filter { box.read($0).contains("\r\nRRULE:") }
        for name in series.dropFirst(skip).prefix(count) {
            let lines = box.read(name).components(separatedBy: "\r\n").map { line in
                line.hasPrefix("DTSTART") ? String(line[...line.lastIndex(of: ":")!]) + "20261341T256100" : line
            }
            box.write(name, lines.joined(separator: "\r\n"))
        }
    }

    @Test func damageOnThePhoneIsRepairedByParts() throws {
        var inParts = 0
        for seed in UInt64(1)...3 {
            for listed in [false, true] {  // by the status, and by the folder's listing
                var generator = ScheduleGenerator(seed: seed)
                let label = "seed \(seed), damaged, listed \(listed)"
                inParts += try compare(generator.schedule(), label, rounds: 2, count: 1, listed: listed) { box, count, round in
                    MergedInPartsTests.damagePhone(box, count: count, skip: round)
                }
            }
        }
        let daily = try Fixtures.schedule("daily.json")
        inParts += try compare(daily, "daily, damaged", rounds: 1, count: 1) { box, count, round in
            MergedInPartsTests.damagePhone(box, count: count, skip: round)
        }
        #expect(inParts > 0, "no damage was repaired by parts")
        let box = VdirSandbox()
        var schedule = daily
        schedule.log = []
        (_, schedule) = try sync(box, schedule, now: Fixtures.now, inParts: true)
        MergedInPartsTests.damagePhone(box, count: 1, skip: 0)
        let record = try #require(try SyncStore(path: box.storePath).feedRecord())
        let (report, _) = try sync(box, schedule, now: Fixtures.now + 3_600, inParts: true)
        #expect(report.builtInPart)
        #expect(report.merge?.repaired.count == 1)
        // The merge left the medication as it was: only the damaged item is built again.
        let damaged = try #require(report.merge?.repaired.first?.uid)
        let medication = try #require(record.medications.first { $0.uids.contains(damaged) })
        #expect(medication.uids.count > 1, "the damaged item's medication has other items")
        #expect(report.medicationsBuilt == 0 && report.itemsBuilt == 1)
        #expect(report.merge?.changes.damaged.count == 1)
        #expect(kept(box).count == 1, "the phone's bytes are kept")
    }

    /// A medication with its fingerprint as recorded and items to repair has those items built
    /// alone, the others kept as recorded; an item to repair that its medication's build does not
    /// give is not taken by parts (its file would go unplanned).
    @Test func aRepairBuildsOnlyItsItemsOfAnUnchangedMedication() throws {
        let schedule = try Fixtures.schedule("daily.json")
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        let fingerprints = try #require(ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule)))
        let record = try #require(FeedRecord(key: "key", feed: feed, schedule: schedule, fingerprints: fingerprints))
        let medication = try #require(record.medications.first { $0.uids.count > 1 })
        let status = SyncStatus(folder: "")
        let repair = { (record: FeedRecord, uids: Set<String>) in
            PartialFeed(
                schedule: schedule, fingerprints: fingerprints, record: record, previous: status, now: Fixtures.now,
                repairing: uids)
        }
        let parts = try #require(repair(record, [medication.uids[1]]))
        #expect(parts.feed.items.map(\.uid) == [medication.uids[1]])
        #expect(parts.built == 0 && parts.itemsBuilt == 1)
        #expect(Set(parts.unchangedUIDs) == Set(record.medications.flatMap(\.uids)).subtracting([medication.uids[1]]))
        #expect(parts.record.medications.map(\.uids) == record.medications.map(\.uids))
        var other = record
        let unknown = "dose-000000000000000000000000@dosecal.app"
        let index = try #require(other.medications.firstIndex { $0.id == medication.id })
        other.medications[index].uids.append(unknown)
        #expect(repair(other, [unknown]) == nil)
        #expect(try #require(repair(other, [])).itemsBuilt == 0, "nothing to repair: nothing built")
    }

    /// The first `count` series (by file name, skipping `skip`) with the dose of 10 December 2026
    /// deleted on the phone (an EXDATE at its start's time and zone): a skipped dose in the log.
    static func skipOnPhone(_ box: VdirSandbox, count: Int, skip: Int) {
        let series = box.files.filter { box.read($0).contains("\r\nRRULE:") }
        for name in series.dropFirst(skip).prefix(count) {
            let lines = box.read(name).components(separatedBy: "\r\n").flatMap { line -> [String] in
                guard line.hasPrefix("DTSTART"), let t = line.lastIndex(of: "T"), let colon = line.lastIndex(of: ":") else {
                    return [line]
                }
                let start = line[line.index(after: colon)...]
                guard start.count >= 15 else { return [line] }
                return [line, "EXDATE" + line[...colon].dropFirst(7) + "20261210" + line[t...]]
            }
            box.write(name, lines.joined(separator: "\r\n"))
        }
    }

    /// A merge by parts that adds log entries of the medications it rebuilt keeps the record for
    /// the merged schedule: the next phone edit is merged by parts too, as the whole folder would.
    @Test func aSkipOnThePhoneLeavesTheNextEditByParts() throws {
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []
        let rounds = try compare(schedule, "daily, skip then move", rounds: 2, count: 1) { box, count, round in
            if round == 1 {
                MergedInPartsTests.skipOnPhone(box, count: count, skip: 0)
            } else {
                MergedInPartsTests.editPhone(box, count: count, skip: 1)
            }
        }
        #expect(rounds == 2, "both phone edits merged by parts")
    }

    @Test(arguments: [false, true]) func generatedSchedulesMergeAsTheWholeFolderDoes(listed: Bool) throws {
        var inParts = 0
        for seed in UInt64(1)...8 {
            var generator = ScheduleGenerator(seed: seed)
            inParts += try compare(generator.schedule(), "seed \(seed)", listed: listed)
        }
        #expect(inParts > 0, "no phone edit was merged by parts")
    }

    @Test(arguments: Fixtures.scheduleNames, [false, true])
    func everyFixtureMergesAsTheWholeFolderDoes(_ name: String, listed: Bool) throws {
        try compare(try Fixtures.schedule(name), name, rounds: 2, count: 1, listed: listed)
    }

    @Test func aMovedSeriesIsMergedByParts() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []  // a skipped dose on the day the series moves to would be an edit left
        (_, schedule) = try sync(box, schedule, now: Fixtures.now, inParts: true)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (report, merged) = try sync(box, schedule, now: Fixtures.now + 3_600, inParts: true)
        #expect(report.builtInPart)
        #expect(report.merge?.changes.changes.isEmpty == false)
        #expect(merged != schedule)
        // A foreign item in the folder: the whole folder is merged.
        box.write(
            "foreign.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//x//EN\r\nBEGIN:VEVENT\r\nUID:other\r\n"
                + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        _ = try sync(box, merged, now: Fixtures.now + 7_200, inParts: true)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (second, _) = try sync(box, merged, now: Fixtures.now + 10_800, inParts: true)
        #expect(!second.builtInPart)
        #expect(second.merge?.changes.changes.isEmpty == false, "\(String(describing: second.merge?.changes))")
    }

    /// A full run that finds the folder in step and writes nothing (here: the first run of another
    /// build, whose records name the old one) leaves the feed as the base and records it, so the
    /// next phone edit is merged by parts again instead of reading the whole folder.
    @Test func aCleanFullRunThatWritesNothingKeepsTheNextEditByParts() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []  // a skipped dose on the day the series moves to would be an edit left
        (_, schedule) = try sync(box, schedule, now: Fixtures.now, inParts: true, build: "old build")
        let (inStep, _) = try sync(box, schedule, now: Fixtures.now + 60, inParts: true, build: "new build")
        let (inFull, wrote) = (!inStep.builtInPart, inStep.outcome?.statusWritten)
        #expect(inFull)
        #expect(wrote == false)
        #expect(try SyncStore(path: box.storePath).feedRecord() != nil)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (report, merged) = try sync(box, schedule, now: Fixtures.now + 3_600, inParts: true, build: "new build")
        let byParts = report.builtInPart
        #expect(byParts)
        #expect(report.merge?.changes.changes.isEmpty == false)
        #expect(merged != schedule)
    }

    /// A schedule file not in dosecal's layout (written by hand or by another program): the merge
    /// rewrites it in dosecal's, which changes every medication's text but not the medications the
    /// phone did not touch, whose items are the recorded ones: only the touched one is built, and
    /// the record names the new texts, so the next edit builds only its own medication too.
    @Test func aFileInAnotherLayoutBuildsOnlyTheTouchedMedication() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []  // a skipped dose on the day the series moves to would be an edit left
        #expect(schedule.medications.count > 1)
        let text = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
        let otherLayout = Data(text.replacingOccurrences(of: "\n  ", with: "\n   ").utf8)
        var isEncoding: [Bool?] = []  // per merge: whether the file it read was dosecal's encoding
        let run = { (schedule: Schedule, layout: Data, now: Int) throws -> (VdirSync.Report, Schedule) in
            var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
            sync.mergeEdits = true
            sync.build = "test build"
            sync.scheduleBytes = layout
            var saved = schedule
            let report = try sync.run(schedule: schedule, now: now) {
                saved = $0.schedule
                isEncoding.append($0.readFileIsEncoding)
            }
            return (report, saved)
        }
        #expect(ScheduleCodec.medicationFingerprints(otherLayout) != ScheduleCodec.medicationFingerprints(Data(text.utf8)))
        _ = try run(schedule, otherLayout, Fixtures.now)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (report, merged) = try run(schedule, otherLayout, Fixtures.now + 3_600)
        let (byParts, built) = (report.builtInPart, report.medicationsBuilt)
        #expect(byParts)
        #expect(built == 1)
        let record = try #require(try SyncStore(path: box.storePath).feedRecord())
        #expect(record.medications.map(\.fingerprint) == ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(merged)))
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (next, _) = try run(merged, ScheduleCodec.encode(merged), Fixtures.now + 7_200)
        let (nextByParts, nextBuilt) = (next.builtInPart, next.medicationsBuilt)
        #expect(nextByParts)
        #expect(nextBuilt == 1)
        // The file in another layout needs its backup; dosecal's own encoding does not.
        #expect(isEncoding == [false, true])  // another layout: never dosecal's encoding
    }

    /// The phone's edits are found by planning the items the scan read, not the whole folder: the
    /// same changes the plan of the whole folder gives; none when the scan read nothing; the whole
    /// folder is planned when a read file is no usable item of its entry.
    @Test func theEditsAreFoundAmongTheItemsRead() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        (_, schedule) = try sync(box, schedule, now: Fixtures.now, inParts: true)
        let sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        let status = try #require(try box.storedStatus())
        let planner = SyncPlanner(folder: box.folder, now: Fixtures.now)
        let desired = VdirItem.items(
            of: FeedBuilder(schedule: schedule, previous: status.feedRevisions, now: Fixtures.now).build(), known: status)
        let untouched = try sync.editsRead(
            status, state: VdirFolder.scan(box.folder, known: status), desired: desired, planner: planner)
        #expect(untouched == nil)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let state = try VdirFolder.scan(box.folder, known: status)
        let edits = try #require(try sync.editsRead(status, state: state, desired: desired, planner: planner))
        let whole = try planner.plan(status: status, folder: state, desired: desired).changes
        #expect(edits.owned.count == 1)
        #expect(edits == whole)
        box.write("garbage.ics", "not a calendar")
        let withGarbage = try VdirFolder.scan(box.folder, known: status)
        #expect(try sync.editsRead(status, state: withGarbage, desired: desired, planner: planner) == nil)
    }

    /// Overwrites the file at `path` in place with as many `x` bytes, then gives it back its times:
    /// its etag (mtime, inode, size) is what the status recorded, its bytes are no calendar.
    static func garble(keepingEtag path: String) {
        var st = stat()
        precondition(stat(path, &st) == 0, "cannot stat \(path)")
        let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: Int(st.st_size))
        let fd = open(path, O_WRONLY)
        precondition(fd >= 0, "cannot open \(path)")
        precondition(garbage.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == garbage.count)
        close(fd)
        var times = [st.st_atim, st.st_mtim]
        precondition(utimensat(AT_FDCWD, path, &times, 0) == 0, "cannot set the times of \(path)")
    }

    /// A phone edit reads and parses only the items whose stat changed: the other items of the
    /// edited series' medication are what dosecal recorded when it wrote them. One of them is made
    /// unreadable garbage with its recorded etag: reading it would make the merge fail or differ.
    @Test func anItemWhoseStatIsAsRecordedIsNotRead() throws {
        let box = VdirSandbox()
        let twin = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []  // a skipped dose on the day the series moves to would be an edit left
        var other = schedule
        (_, schedule) = try sync(box, schedule, now: Fixtures.now, inParts: true)
        (_, other) = try sync(twin, other, now: Fixtures.now, inParts: true)
        let status = try #require(try box.storedStatus())
        let record = try #require(try SyncStore(path: box.storePath).feedRecord())
        let fileOf = { (uid: String) in status.entries[uid]?.file ?? "" }
        // The first series file of a medication with more than one item; another item of it.
        let series = box.files.filter { box.read($0).contains("\r\nRRULE:") }
        let medication = try #require(
            record.medications.first { m in m.uids.count > 1 && m.uids.contains { series.contains(fileOf($0)) } })
        let edited = try #require(series.first { name in medication.uids.contains { fileOf($0) == name } })
        let untouched = try #require(medication.uids.map(fileOf).first { $0 != edited && !$0.isEmpty })
        for b in [box, twin] { b.write(edited, MergedInPartsTests.moved(b.read(edited))) }
        let path = box.folder + "/" + untouched
        let etag = VdirFolder.etag(path)
        MergedInPartsTests.garble(keepingEtag: path)
        #expect(VdirFolder.etag(path) == etag)
        #expect(!box.read(untouched).contains("BEGIN:"))

        let (report, merged) = try self.sync(box, schedule, now: Fixtures.now + 3_600, inParts: true)
        let (whole, expected) = try self.sync(twin, other, now: Fixtures.now + 3_600, inParts: false)
        #expect(report.builtInPart)
        #expect(report.merge?.changes.changes.isEmpty == false)
        #expect(report.merge?.changes.changes.map(\.description) == whole.merge?.changes.changes.map(\.description))
        #expect(merged == expected)
        #expect(!box.read(untouched).contains("BEGIN:"), "the untouched item is left as it was")
    }
}
