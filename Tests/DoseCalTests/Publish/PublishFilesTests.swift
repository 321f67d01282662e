import DoseCal
import Foundation
import Testing

/// The record and the operator's index, byte for byte, for literal inputs: written as they go
/// (not built whole in memory), they stay what they were; paths in byte order (`home-b.json`,
/// `home.json`, then the folder `home/`, then `home0.json`), escapes, problems, links, a
/// rotated and a pruned name.
@Suite struct PublishFilesTests {
    typealias Box = PublishSandbox

    /// A site of six schedules (one bad, one a link), one rotated, one pruned.
    func published() throws -> Box {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        try box.add("weekdays.json", as: "other/carl.json")
        try box.add("daily.json", as: "home.json")
        try box.add("daily.json", as: "home-b.json")
        try box.add("daily.json", as: "home0.json")
        try box.add("daily.json", as: "home/tab\there.json")
        try box.write(Data("not json".utf8), as: "home/bad.json")
        try FileManager.default.createSymbolicLink(atPath: box.schedules + "/home/link.json", withDestinationPath: "anna.json")
        try box.publish { $0.baseURL = "https://feeds.example.org/doses/" }
        try box.publish { $0.rotate = ["home/bob.json"] }
        try FileManager.default.removeItem(atPath: box.schedules + "/other/carl.json")
        try box.publish { $0.prune = true }
        return box
    }

    /// The record with each file's status (inode, times of this run's files) as `S`.
    func record(_ box: Box) throws -> String {
        let text = try String(contentsOfFile: box.state + "/record", encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.first == "folder" { f[1] = "S" }
            if f.first == "F", f[3] != "-" { f.replaceSubrange(3...8, with: ["S"]) }
            return f.joined(separator: "\t")
        }.joined(separator: "\n")
    }

    @Test func theIndexIsAsItWas() throws {
        let box = try published()
        let text = try String(contentsOfFile: box.state + "/index.txt", encoding: .utf8)
        #expect(text == Self.indexText)
        let json = try String(contentsOfFile: box.state + "/index.json", encoding: .utf8)
        #expect(
            json
                == Self.indexJSON.replacingOccurrences(of: "ROOT", with: box.schedules).replacingOccurrences(
                    of: "SITE", with: box.site))
    }

    @Test func theRecordIsAsItWas() throws {
        let box = try published()
        #expect(try record(box) == Self.record.replacingOccurrences(of: "SITE", with: box.site))
    }

    static let indexText = #"""
        schedule	calendar	feed	last change	problem
        home-b.json	Medications	https://feeds.example.org/doses/a1b07242c59acc0739b1a5c30634e923.ics	2026-11-26T10:00:00Z	ok
        home.json	Medications	https://feeds.example.org/doses/c794b44964593508986ce37cb111db9d.ics	2026-11-26T10:00:00Z	ok
        home/anna.json	My medications	https://feeds.example.org/doses/dfa8dccfc21b213e503dac314489963a.ics	2026-11-26T10:00:00Z	ok
        home/bad.json	-	(none)	-	home/bad.json:1:1: unexpected word 'not'; the JSON literals are true, false and null (lowercase), and text needs double quotes
        home/bob.json	Medications	https://feeds.example.org/doses/b21b626e164f620d2d2adbc689f3dcf8.ics	2026-11-26T10:00:00Z	ok
        home/link.json	-	(none)	-	home/link.json is a symbolic link; dosecal does not follow links here
        home/tab\there.json	Medications	https://feeds.example.org/doses/0c4b1a90112114c82eacbe17a22dc29e.ics	2026-11-26T10:00:00Z	ok
        home0.json	Medications	https://feeds.example.org/doses/f2fd9daf709a1115a503f3e0b707d9bf.ics	2026-11-26T10:00:00Z	ok
        other/carl.json	Medications	(none)	-	ok
        home/bob.json	-	retired: 0bde28ae0b8d3b53f1e20b2a49378915.ics	2026-11-30T00:53:20Z	ok
        other/carl.json	-	retired: d9e46e6a44f6960bf5cafbb878fd5a10.ics	2026-11-30T00:53:20Z	ok

        """#
    static let indexJSON = #"""
        {
          "version": 1,
          "schedules": "ROOT",
          "site": "SITE",
          "baseURL": "https://feeds.example.org/doses/",
          "feeds": [
            {"schedule": "home-b.json", "person": null, "calendar": "Medications", "feed": "a1b07242c59acc0739b1a5c30634e923.ics", "url": "https://feeds.example.org/doses/a1b07242c59acc0739b1a5c30634e923.ics", "generation": 0, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "home.json", "person": null, "calendar": "Medications", "feed": "c794b44964593508986ce37cb111db9d.ics", "url": "https://feeds.example.org/doses/c794b44964593508986ce37cb111db9d.ics", "generation": 0, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "home/anna.json", "person": null, "calendar": "My medications", "feed": "dfa8dccfc21b213e503dac314489963a.ics", "url": "https://feeds.example.org/doses/dfa8dccfc21b213e503dac314489963a.ics", "generation": 0, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "home/bad.json", "person": null, "calendar": null, "feed": "6c7bd64520b8cee4541cf4f264611b2b.ics", "url": "https://feeds.example.org/doses/6c7bd64520b8cee4541cf4f264611b2b.ics", "generation": 0, "served": false, "lastChange": null, "problem": "home/bad.json:1:1: unexpected word 'not'; the JSON literals are true, false and null (lowercase), and text needs double quotes"},
            {"schedule": "home/bob.json", "person": null, "calendar": "Medications", "feed": "b21b626e164f620d2d2adbc689f3dcf8.ics", "url": "https://feeds.example.org/doses/b21b626e164f620d2d2adbc689f3dcf8.ics", "generation": 1, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "home/link.json", "person": null, "calendar": null, "feed": "d893dd31ae8253d8d21865c9b779e818.ics", "url": "https://feeds.example.org/doses/d893dd31ae8253d8d21865c9b779e818.ics", "generation": 0, "served": false, "lastChange": null, "problem": "home/link.json is a symbolic link; dosecal does not follow links here"},
            {"schedule": "home/tab\there.json", "person": null, "calendar": "Medications", "feed": "0c4b1a90112114c82eacbe17a22dc29e.ics", "url": "https://feeds.example.org/doses/0c4b1a90112114c82eacbe17a22dc29e.ics", "generation": 0, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "home0.json", "person": null, "calendar": "Medications", "feed": "f2fd9daf709a1115a503f3e0b707d9bf.ics", "url": "https://feeds.example.org/doses/f2fd9daf709a1115a503f3e0b707d9bf.ics", "generation": 0, "served": true, "lastChange": "2026-11-26T10:00:00Z", "problem": null},
            {"schedule": "other/carl.json", "person": null, "calendar": "Medications", "feed": "d9e46e6a44f6960bf5cafbb878fd5a10.ics", "url": "https://feeds.example.org/doses/d9e46e6a44f6960bf5cafbb878fd5a10.ics", "generation": 0, "served": false, "lastChange": null, "problem": null}
          ],
          "retired": [
            {"schedule": "home/bob.json", "feed": "0bde28ae0b8d3b53f1e20b2a49378915.ics", "since": "2026-11-30T00:53:20Z"},
            {"schedule": "other/carl.json", "feed": "d9e46e6a44f6960bf5cafbb878fd5a10.ics", "since": "2026-11-30T00:53:20Z"}
          ]
        }

        """#
    static let record = #"""
        dosecal-publish-record 1
        site	SITE
        build	test build
        secret	1cc9889a7b5ed49a
        base	https://feeds.example.org/doses/
        folder	S
        F	0	a1b07242c59acc0739b1a5c30634e923.ics	S	b339e3b188d225403480e84c2c0c17da682685d6a0d29c0324e09d0e70f1391a	68c2d75a0e7190ba1cbd8ab79b1ba68c4d1138e25c4d5fa04b9c51530dae1c7f	1795687200	Medications		home-b.json
        F	0	c794b44964593508986ce37cb111db9d.ics	S	b339e3b188d225403480e84c2c0c17da682685d6a0d29c0324e09d0e70f1391a	68c2d75a0e7190ba1cbd8ab79b1ba68c4d1138e25c4d5fa04b9c51530dae1c7f	1795687200	Medications		home.json
        F	0	dfa8dccfc21b213e503dac314489963a.ics	S	ddd7e4875d8c251ee7d56845577d469a104825f9cfd414d0f0b3d72eb31be512	dd8b9760a8a786235d341cfb15865b0326bac55018633b1efd5255c115909e67	1795687200	My medications		home/anna.json
        F	0	6c7bd64520b8cee4541cf4f264611b2b.ics	S	7ccfa1fbf3940e6f0c0375d87c0f9235a50514e14cb427bdfaf5077987b26ccf		0		home/bad.json:1:1: unexpected word 'not'; the JSON literals are true, false and null (lowercase), and text needs double quotes	home/bad.json
        F	1	b21b626e164f620d2d2adbc689f3dcf8.ics	S	b339e3b188d225403480e84c2c0c17da682685d6a0d29c0324e09d0e70f1391a	68c2d75a0e7190ba1cbd8ab79b1ba68c4d1138e25c4d5fa04b9c51530dae1c7f	1795687200	Medications		home/bob.json
        F	0	d893dd31ae8253d8d21865c9b779e818.ics	-	-	-	-	-	-			0		home/link.json is a symbolic link; dosecal does not follow links here	home/link.json
        F	0	0c4b1a90112114c82eacbe17a22dc29e.ics	S	b339e3b188d225403480e84c2c0c17da682685d6a0d29c0324e09d0e70f1391a	68c2d75a0e7190ba1cbd8ab79b1ba68c4d1138e25c4d5fa04b9c51530dae1c7f	1795687200	Medications		home/tab\there.json
        F	0	f2fd9daf709a1115a503f3e0b707d9bf.ics	S	b339e3b188d225403480e84c2c0c17da682685d6a0d29c0324e09d0e70f1391a	68c2d75a0e7190ba1cbd8ab79b1ba68c4d1138e25c4d5fa04b9c51530dae1c7f	1795687200	Medications		home0.json
        F	0	d9e46e6a44f6960bf5cafbb878fd5a10.ics	-	-	-	-	-	-	6617bf6fde34c614dda3fdafe519bea3891bd02cdd6ff0171ba0312ecfc9fe05		0	Medications		other/carl.json
        R	0bde28ae0b8d3b53f1e20b2a49378915.ics	1796000000	0	home/bob.json
        R	d9e46e6a44f6960bf5cafbb878fd5a10.ics	1796000000	0	other/carl.json

        """#
}
