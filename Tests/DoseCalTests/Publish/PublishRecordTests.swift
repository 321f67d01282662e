import DoseCal
import Foundation
import Testing

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

    @Test func digestsAreSHA256() {
        #expect(PublishRecord.Digest(of: Array("abc".utf8)).hex == SHA256.hex("abc"))
    }
}
