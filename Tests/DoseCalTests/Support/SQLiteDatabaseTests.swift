import Foundation
import Testing

@testable import DoseCal

/// The SQLite wrapper over Debian's libsqlite3: values go in bound and come back as they were,
/// a transaction that throws leaves nothing, and SQLite's refusals name the file and its message.
@Suite struct SQLiteDatabaseTests {
    private static func emptyFile() -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.path + "/dosecal-sqlite-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/store.db"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        return (folder, path)
    }

    /// Text with a NUL, a tab and non-ASCII, an empty text, NULL, bytes and integers round-trip.
    @Test func boundValuesComeBackAsTheyWere() throws {
        let (folder, path) = Self.emptyFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = try SQLiteDatabase(path: path)
        try db.exec("CREATE TABLE t (a TEXT, b INTEGER, c BLOB)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?)")
        for (n, text) in ["Ärzte\tüber\u{0}Nacht", ""].enumerated() {
            try insert.bind(text, at: 1)
            try insert.bind(n == 0 ? Int.min : Int.max, at: 2)
            try insert.bind(n == 0 ? [0, 255, 10] : [], at: 3)
            try insert.step()
            insert.reset()
        }
        try insert.bind(nil as String?, at: 1)
        try insert.step()
        let select = try db.prepare("SELECT a, b, c FROM t ORDER BY rowid")
        #expect(try select.step())
        #expect(select.text(0) == "Ärzte\tüber\u{0}Nacht")
        #expect(select.integer(1) == Int.min)
        #expect(select.bytes(2) == [0, 255, 10])
        #expect(try select.step())
        #expect(select.text(0) == "" && !select.isNull(0) && select.integer(1) == Int.max && select.bytes(2) == [])
        #expect(try select.step())
        #expect(select.optionalText(0) == nil)
        #expect(try !select.step())
    }

    /// A body that throws rolls the transaction back; one that returns commits.
    @Test func aTransactionThatThrowsLeavesNothing() throws {
        struct Stop: Error {}
        let (folder, path) = Self.emptyFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = try SQLiteDatabase(path: path)
        try db.exec("CREATE TABLE t (a INTEGER)")
        #expect(throws: SQLiteDatabase.TransactionFailure<Stop>.self) {
            try db.transaction { () throws(Stop) in
                try? db.exec("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try db.integer("SELECT count(*) FROM t") == 0)
        try db.transaction { () throws(SQLiteDatabase.Failure) in try db.exec("INSERT INTO t VALUES (2)") }
        #expect(try db.integer("SELECT a FROM t") == 2)
    }

    /// A bad statement: the error names the file, what was run and SQLite's message.
    @Test func aFailureNamesTheFileAndSQLitesMessage() throws {
        let (folder, path) = Self.emptyFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = try SQLiteDatabase(path: path)
        let error = #expect(throws: SQLiteDatabase.Failure.self) { try db.exec("SELECT * FROM missing") }
        #expect(error?.description == "\(path): SQLite could not run SELECT * FROM: no such table: missing (code 1)")
    }

    /// A symbolic link in the file's place is not opened, and no file is made at its target.
    @Test func aSymbolicLinkIsNotOpened() throws {
        let (folder, path) = Self.emptyFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.db", withDestinationPath: path)
        #expect(throws: SQLiteDatabase.Failure.self) { try SQLiteDatabase(path: folder + "/link.db") }
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.db", withDestinationPath: folder + "/target")
        #expect(throws: SQLiteDatabase.Failure.self) { try SQLiteDatabase(path: folder + "/dangling.db") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/target"))
    }
}
