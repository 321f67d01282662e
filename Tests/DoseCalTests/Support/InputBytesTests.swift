import DoseCal
import Foundation
import Testing

/// A file named on the command line, mapped rather than read (`InputFile.map`): the same bytes as
/// reading it, the same errors, its own limit, and pages let go while the bytes stay readable.
@Suite struct InputBytesTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.path + "/dosecal-input-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aMappedFileHoldsTheBytesReadingGives() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/cal.ics"))
        let mapped = try InputFile.map(dir + "/cal.ics", expected: "a calendar file (.ics)")
        #expect(mapped.count == bytes.count)
        #expect(mapped.withBytes { Array($0) } == bytes)
        #expect(Array(try InputFile.read(dir + "/cal.ics", expected: "a calendar file (.ics)")) == bytes)
        // Pages let go are read again from the file when touched again.
        mapped.release(before: 2_000_000)
        mapped.release(before: bytes.count)
        #expect(mapped.withBytes { Array($0) } == bytes)
        mapped.release(before: 10)  // a new pass from the start
        #expect(mapped.withBytes { $0[1_234_567] } == bytes[1_234_567])
    }

    @Test func anEmptyFileIsNoBytes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/empty.ics", contents: Data()))
        let mapped = try InputFile.map(dir + "/empty.ics", expected: "a calendar file (.ics)")
        #expect(mapped.count == 0)
        #expect(mapped.withBytes { $0.count } == 0)
    }

    @Test func theErrorsAreThoseOfReading() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let expected = "a calendar file (.ics)"
        #expect(throws: FileError.missing(path: dir + "/none.ics", expected: expected)) {
            try InputFile.map(dir + "/none.ics", expected: expected)
        }
        #expect(throws: FileError.folder(path: dir, expected: expected)) { try InputFile.map(dir, expected: expected) }
        try Data(count: 5_000).write(to: URL(fileURLWithPath: dir + "/big.ics"))
        #expect(throws: FileError.tooLarge(path: dir + "/big.ics", size: 5_000, limit: 4_096)) {
            try InputFile.map(dir + "/big.ics", expected: expected, limit: 4_096)
        }
        #expect(try InputFile.map(dir + "/big.ics", expected: expected, limit: 5_000).count == 5_000)
        #expect(InputFile.maxStreamedBytes == 1 << 30)
    }
}
