import Foundation
import Testing

@testable import DoseCal

@Suite struct PublishRecordTests {
    /// Every field survives the text, tabs, line breaks and backslashes in names included.
    @Test func theRecordReadsBackAsWritten() throws {
        var record = PublishRecord()
        record.site = "/srv/feeds"
        record.build = "program 1\nzones 2"
        record.secretTag = "0123456789abcdef"
        record.baseURL = "https://feeds.example/d/"
        var a = PublishRecord.Entry(generation: 3, name: "dfa8dccfc21b213e503dac314489963a.ics")
        a.file = PublishRecord.FileKey(
            size: 2151, inode: 16_359_762, modified: 1_796_385_321, modifiedNanoseconds: 19_085_839, changed: 1_796_385_322,
            changedNanoseconds: 5)
        a.input = PublishRecord.Digest(of: Array("schedule".utf8))
        a.output = PublishRecord.Digest(of: Array("feed".utf8))
        a.stamp = 1_796_385_321
        a.calendar = "Anna's\tmedications \\ home"
        var b = PublishRecord.Entry(generation: 0, name: "0bde28ae0b8d3b53f1e20b2a49378915.ics")
        b.problem = "bad.json:1: homeZone: \"Nowhere\"\nline two"
        record.entries = ["home/anna.json": a, "home/b\tc\\d.json": b]
        record.retired = [
            PublishRecord.Retired(name: "cc62d8e3084561834b67b78da9f51cd5.ics", identity: "x.json", since: 7, pending: true)
        ]
        record.siteFolder = PublishRecord.FileKey(
            size: 4096, inode: 9, modified: 1, modifiedNanoseconds: 2, changed: 3, changedNanoseconds: 4)
        let text = record.encoded()
        #expect(try PublishRecord(decoding: text, path: "record") == record)
    }

    @Test(arguments: [
        ("", 1), ("dosecal-publish-record 2\n", 1), ("dosecal-publish-record 1\nsite\n", 2),
        ("dosecal-publish-record 1\nF\t0\tn\t-\t-\t-\t-\t-\t-\tzz\t\t0\t\t\tid\n", 2),
        ("dosecal-publish-record 1\nsite\t/a\nF\tx\tn\t-\t-\t-\t-\t-\t-\t\t\t0\t\t\tid\n", 3),
    ])
    func aDamagedRecordIsNamedWithItsLine(_ text: String, _ line: Int) {
        #expect(throws: PublishError.self) { try PublishRecord(decoding: Array(text.utf8), path: "record") }
        do {
            _ = try PublishRecord(decoding: Array(text.utf8), path: "record")
        } catch {
            if case .badRecord(_, let got, _) = error { #expect(got == line) } else { Issue.record("\(error)") }
        }
    }

    /// A record of many entries read from its file a buffer at a time (64 KiB: lines cross the
    /// buffer's end, and one line is longer than the buffer) gives what the whole text gives.
    @Test func aLargeRecordReadFromItsFileAsItsText() throws {
        var record = PublishRecord()
        record.site = "/srv/feeds"
        for i in 0..<3_000 {
            var e = PublishRecord.Entry(generation: i % 3, name: FeedName.make(secret: [1], identity: "\(i)", generation: 0))
            e.input = PublishRecord.Digest(of: Array("schedule \(i)".utf8))
            e.stamp = 1_796_000_000 + i
            e.calendar = "Resident \(i)"
            if i == 1_234 { e.problem = String(repeating: "a long problem\t", count: 10_000) }
            record.entries[String(format: "unit-%02d/resident-%05d.json", i / 500, i)] = e
        }
        record.retired = [PublishRecord.Retired(name: "x.ics", identity: "unit-00/gone.json", since: 7, pending: false)]
        let text = record.encoded()
        #expect(text.count > 10 * 65_536)
        let path = FileManager.default.temporaryDirectory.path + "/dosecal-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text).write(to: URL(fileURLWithPath: path))
        let reader = try PublishRecordReader(path: path)
        var read = reader.header
        var order: [String] = []
        while let (identity, entry) = try reader.next() {
            order.append(identity)
            read.entries[identity] = entry
        }
        read.retired = try reader.retired()
        #expect(read == record && order == record.entries.keys.sorted())
        #expect(try PublishRecord(decoding: text, path: "record") == record)
    }

    @Test func digestsAreSHA256() {
        #expect(PublishRecord.Digest(of: Array("abc".utf8)).hex == SHA256.hex("abc"))
    }
}
