import CSQLite
import Foundation

/// One connection to an SQLite database file: the only Swift file that calls SQLite (Debian's
/// libsqlite3, the `CSQLite` system-library target). It opens an existing file, never through a
/// symbolic link (`SQLITE_OPEN_NOFOLLOW`), runs statements, prepared ones with bound values, and
/// transactions; every failure is an `SQLiteDatabase.Failure` naming the file and SQLite's own
/// message.
///
/// A connection is used by one thread at a time (SQLite's default serialised mode makes that
/// safe; dosecal never shares one).
final class SQLiteDatabase {
    /// What SQLite refused, with its result code and message.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The database file.
        var path: String
        /// SQLite's extended result code.
        var code: Int32
        /// SQLite's message (`sqlite3_errmsg`).
        var message: String
        /// What dosecal was doing: "open", "prepare", the statement's first words.
        var doing: String

        var description: String { "\(path): SQLite could not \(doing): \(message) (code \(code))" }

        /// The database file is locked by another connection (`SQLITE_BUSY`).
        var isBusy: Bool { code & 0xFF == SQLITE_BUSY }
    }

    /// The file's path.
    let path: String
    private let handle: OpaquePointer
    /// The rows the connection's statements have stepped to (what it read), since it was opened.
    private(set) var rowsRead = 0

    /// The rows inserted, updated or deleted since the connection was opened
    /// (`sqlite3_total_changes64`).
    var rowsChanged: Int { Int(sqlite3_total_changes64(handle)) }

    /// How a connection opens its database.
    enum Access {
        /// The file, to read and write.
        case readWrite
        /// The file, to read only: any write fails (`SQLITE_READONLY`).
        case readOnly
        /// A new database in memory, no file (`path` names what it stands for in messages).
        case memory
    }

    /// Opens the database file at `path` (`access` `.readWrite` or `.readOnly`), or a database in
    /// memory (`.memory`); the file must exist (the caller creates it, with the mode and checks it
    /// wants) and must not be a symbolic link.
    init(path: String, access: Access = .readWrite) throws(Failure) {
        var db: OpaquePointer?
        let mode: Int32
        switch access {
        case .readWrite: mode = SQLITE_OPEN_READWRITE
        case .readOnly: mode = SQLITE_OPEN_READONLY
        case .memory: mode = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
        }
        let flags = mode | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(access == .memory ? ":memory:" : path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw Failure(path: path, code: rc, message: message, doing: "open the file")
        }
        self.path = path
        self.handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql`, one or more statements without parameters or results.
    func exec(_ sql: String) throws(Failure) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw failure(rc, doing: Self.doing(sql)) }
    }

    /// `sql` prepared, to bind and step.
    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc, doing: Self.doing(sql)) }
        return Statement(database: self, handle: statement, sql: sql)
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): committed when it returns,
    /// rolled back when it throws.
    func transaction<E: Error>(_ body: () throws(E) -> Void) throws(TransactionFailure<E>) {
        do { try exec("BEGIN IMMEDIATE") } catch { throw .database(error) }
        do {
            try body()
        } catch {
            try? exec("ROLLBACK")
            throw .body(error)
        }
        do { try exec("COMMIT") } catch {
            try? exec("ROLLBACK")
            throw .database(error)
        }
    }

    /// Why a transaction did not commit: SQLite's failure, or the body's own error.
    enum TransactionFailure<E: Error>: Error {
        case database(Failure)
        case body(E)
    }

    /// A single value of the first row of `sql` as an integer, nil when it gives no row or NULL.
    func integer(_ sql: String) throws(Failure) -> Int? {
        let statement = try prepare(sql)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.integer(0)
    }

    fileprivate func failure(_ rc: Int32, doing: String) -> Failure {
        Failure(
            path: path, code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), doing: doing)
    }

    /// The statement's first words, to name it in an error: "run INSERT INTO items".
    private static func doing(_ sql: String) -> String {
        "run " + sql.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ")
    }

    /// A value bound to a statement's parameter (`Statement.run`); nil text or integer is NULL.
    enum Value {
        case text(String?)
        case integer(Int?)
        case real(Double)
        case blob([UInt8])
    }

    /// A prepared statement: bind its `?` parameters (from 1), `step` through its rows, read
    /// columns (from 0), `reset` to run it again.
    final class Statement {
        private let database: SQLiteDatabase  // kept open while the statement lives
        private let handle: OpaquePointer
        private let sql: String

        fileprivate init(database: SQLiteDatabase, handle: OpaquePointer, sql: String) {
            self.database = database
            self.handle = handle
            self.sql = sql
        }

        deinit { sqlite3_finalize(handle) }

        /// Binds `value` to parameter `index`.
        func bind(_ value: Int, at index: Int32) throws(Failure) {
            try check(sqlite3_bind_int64(handle, index, Int64(value)))
        }

        /// Binds `value` to parameter `index`.
        func bind(_ value: Double, at index: Int32) throws(Failure) {
            try check(sqlite3_bind_double(handle, index, value))
        }

        /// Binds `value` (as UTF-8 text; NULL when nil) to parameter `index`.
        func bind(_ value: String?, at index: Int32) throws(Failure) {
            guard let value else { return try check(sqlite3_bind_null(handle, index)) }
            var copy = value
            let rc = copy.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) { c in
                    let start = c.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start).assumingMemoryBound(to: CChar.self)
                    return sqlite3_bind_text(handle, index, start, Int32(c.count), dosecal_sqlite_transient())
                }
            }
            try check(rc)
        }

        /// Binds `bytes` (as a blob) to parameter `index`.
        func bind(_ bytes: [UInt8], at index: Int32) throws(Failure) {
            let rc = bytes.withUnsafeBytes { raw in
                let start = raw.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start)
                return sqlite3_bind_blob64(handle, index, start, UInt64(raw.count), dosecal_sqlite_transient())
            }
            try check(rc)
        }

        /// Runs the statement to its next row: true when there is one, false when it is done.
        @discardableResult
        func step() throws(Failure) -> Bool {
            let rc = sqlite3_step(handle)
            if rc == SQLITE_ROW {
                database.rowsRead += 1
                return true
            }
            if rc == SQLITE_DONE { return false }
            throw database.failure(rc, doing: SQLiteDatabase.doing(sql))
        }

        /// Makes the statement ready to run again, its bindings cleared.
        func reset() {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }

        /// Runs a statement that writes (no row read) with `values` bound to its parameters in
        /// order, and makes it ready to run again: one row inserted, updated or deleted per call.
        func run(_ values: Value...) throws(Failure) {
            for (i, value) in values.enumerated() {
                let index = Int32(i + 1)
                switch value {
                case .text(let text): try bind(text, at: index)
                case .integer(let n?): try bind(n, at: index)
                case .integer(nil): try check(sqlite3_bind_null(handle, index))
                case .real(let x): try bind(x, at: index)
                case .blob(let bytes): try bind(bytes, at: index)
                }
            }
            try step()
            reset()
        }

        /// Whether column `index` of the row is NULL.
        func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

        /// Column `index` of the row as an integer (0 for NULL).
        func integer(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

        /// Column `index` of the row as a number (0 for NULL).
        func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

        /// Column `index` of the row as text ("" for NULL).
        func text(_ index: Int32) -> String {
            guard let bytes = sqlite3_column_text(handle, index) else { return "" }
            let count = Int(sqlite3_column_bytes(handle, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        /// Column `index` of the row as text, nil for NULL.
        func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }

        /// Column `index` of the row as bytes (empty for NULL).
        func bytes(_ index: Int32) -> [UInt8] {
            guard let blob = sqlite3_column_blob(handle, index) else { return [] }
            let count = Int(sqlite3_column_bytes(handle, index))
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        }

        /// The bytes bound for an empty text without storage of its own.
        private static let empty: StaticString = ""

        private func check(_ rc: Int32) throws(Failure) {
            guard rc == SQLITE_OK else { throw database.failure(rc, doing: SQLiteDatabase.doing(sql)) }
        }
    }
}
