import DoseCal
import Foundation
import Testing

/// The temporary-file pattern only dosecal writes, recognised exactly, and writes that never go
/// through a link planted under the temporary's name.
@Suite struct AtomicFileTests {
    @Test func theTemporaryNameCarriesTheMarker() {
        #expect(AtomicFile.temporaryName(for: "dose-1.ics", processID: 4242) == ".dose-1.ics.dosecal-4242.tmp")
        #expect(
            AtomicFile.temporaryName(for: ".meds.json.sync-a4670e8635a7", processID: 7)
                == "..meds.json.sync-a4670e8635a7.dosecal-7.tmp")
    }

    @Test func onlyTheExactPatternIsALeftover() {
        let ours: [(String, String, Int32)] = [
            (".dose-1.ics.dosecal-4242.tmp", "dose-1.ics", 4242),
            ("..meds.json.sync-a4670e8635a7.dosecal-7.tmp", ".meds.json.sync-a4670e8635a7", 7),
            (".a.dosecal-1.dosecal-99.tmp", "a.dosecal-1", 99),
        ]
        for (name, target, pid) in ours {
            let parsed = AtomicFile.leftover(name)
            #expect(parsed?.target == target && parsed?.processID == pid, "\(name)")
        }
        let theirs = [
            ".dose-1.ics.4242.tmp", "dose-1.ics.dosecal-4242.tmp", ".dose-1.ics.dosecal-4242", ".dose-1.ics.dosecal-.tmp",
            ".dose-1.ics.dosecal-0042.tmp", ".dose-1.ics.dosecal-42a.tmp", ".dosecal-42.tmp",
            ".dose-1.ics.dosecal-12345678901.tmp",
            ".dose-1.ics.dosecal-٤٢.tmp", ".dose-1.ics.DOSECAL-42.tmp",
        ]
        for name in theirs { #expect(AtomicFile.leftover(name) == nil, "\(name)") }
    }

    @Test func aLinkAtTheTemporaryNameIsReplacedNotFollowed() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/dosecal-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temp = dir + "/" + AtomicFile.temporaryName(for: "out.txt", processID: getpid())
        try FileManager.default.createSymbolicLink(atPath: temp, withDestinationPath: dir + "/victim")
        try AtomicFile.write(Data("new\n".utf8), to: dir + "/out.txt")
        #expect(try String(contentsOfFile: dir + "/out.txt", encoding: .utf8) == "new\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/victim"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.txt"])
    }

    /// The next write of a file removes the temporaries killed writes of that file left (its
    /// process gone), not those of other files or of processes still running.
    @Test func aWriteRemovesTheTemporariesOfKilledWritesOfTheSameFile() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/dosecal-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let names = [".out.ics.dosecal-99999999.tmp", ".out.ics.dosecal-1.tmp", ".other.ics.dosecal-99999999.tmp"]
        for name in names { #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8))) }
        try AtomicFile.write(Data("new\n".utf8), to: dir + "/out.ics")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [names[2], names[1], "out.ics"].sorted())
    }

    /// dosecal never writes a file it could not read back.
    @Test func aFileLargerThanDosecalReadsIsNotWritten() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/dosecal-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tooLarge = Data(count: InputFile.maxBytes + 1)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(tooLarge, to: dir + "/big.ics") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [], "nothing written, no temporary left")
        try AtomicFile.write(Data(count: InputFile.maxBytes), to: dir + "/big.ics")
        #expect(try InputFile.read(dir + "/big.ics", expected: "a file").count == InputFile.maxBytes)
    }
}
