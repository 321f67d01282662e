import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCal

/// A sync that merges the phone's edits by parts encodes the merged schedule once: the merge
/// carries that encoding, which the save writes as it is (`Merge.bytes`), and whether the file
/// it replaces was dosecal's encoding (so whether it needs a backup) is told from the
/// medications' fingerprints (`readFileIsEncoding`), without encoding the file's schedule again
/// (`ScheduleFile.replace` encodes only what it is not given). The file written and the backup
/// are those of comparing with the whole encoding.
@Suite struct MergeEncodedOnceTests {
    /// The schedule file's bytes, written as the CLI's sync saves them: read and replaced under
    /// the file's lock.
    func sync(_ box: VdirSandbox, path: String, now: Int) throws -> (VdirSync.Report, [VdirSync.Merge], [String?]) {
        let held = try ScheduleFile(path, holder: "test")
        let bytes = try held.read()
        let decoded = try ScheduleCodec.decode(bytes, file: path)
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.build = "test build"
        sync.scheduleBytes = bytes
        var merges: [VdirSync.Merge] = []
        var backups: [String?] = []
        let report = try sync.run(schedule: decoded, now: now) { merge in
            merges.append(merge)
            backups.append(
                try held.replace(
                    bytes, decoded: decoded, with: merge.schedule, encoded: merge.bytes(),
                    originalIsEncoding: merge.readFileIsEncoding))
        }
        return (report, merges, backups)
    }

    @Test(arguments: [false, true]) func aMergeByPartsSavesItsOneEncoding(otherLayout: Bool) throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []  // a skipped dose on the day the series moves to would be an edit left
        let text = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
        let original = Data((otherLayout ? text.replacingOccurrences(of: "\n  ", with: "\n   ") : text).utf8)
        let path = box.root + "/schedule.json"
        try original.write(to: URL(fileURLWithPath: path))
        let (_, none, _) = try sync(box, path: path, now: Fixtures.now)
        #expect(none.isEmpty)
        MergedInPartsTests.editPhone(box, count: 1, skip: 0)
        let (report, merges, backups) = try sync(box, path: path, now: Fixtures.now + 3_600)
        #expect(report.builtInPart)
        let merge = try #require(merges.first)
        #expect(merges.count == 1)
        #expect(merge.changes.changes.isEmpty == false)
        // The merge's one encoding is what the file holds; the save made no other.
        let encoding = ScheduleCodec.encode(merge.schedule)
        #expect(merge.encoded == encoding)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == encoding)
        // Whether the file read was dosecal's encoding is known, and is what the whole encoding says.
        #expect(merge.readFileIsEncoding == !otherLayout)
        #expect((ScheduleCodec.encode(try ScheduleCodec.decode(original, file: path)) == original) == !otherLayout)
        // Only the file in another layout is kept, byte for byte.
        #expect(backups == [otherLayout ? path + ".bak" : nil])
        if otherLayout { #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == original) }
    }
}
