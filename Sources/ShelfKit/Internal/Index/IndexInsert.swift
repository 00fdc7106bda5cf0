internal import GRDB
internal import GRDBSQLite

/// An insert (or update) through a cached statement, bound and stepped with SQLite's C API.
///
/// The first build inserts about 200,000 rows; GRDB's argument arrays box every value in an
/// existential and copy each string into a `DatabaseValue`, which cost as much as SQLite's
/// insert itself. Binding directly copies each string once, into SQLite.
struct IndexInsert {
    private let statement: OpaquePointer
    private let db: Database
    private var position: Int32 = 0

    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.cachedStatement(sql: sql).sqliteStatement
    }

    /// SQLite copies the bytes before the call returns (`SQLITE_TRANSIENT`), so a C string
    /// lent for the call is enough.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    mutating func bind(_ text: String?) {
        position += 1
        guard let text else { sqlite3_bind_null(statement, position); return }
        // `withCString` lends a native string's own NUL-terminated bytes; passing the `String`
        // directly would copy it into a new array first.
        // The length is known, which spares SQLite a `strlen`.
        let length = Int32(clamping: text.utf8.count)
        _ = text.withCString { sqlite3_bind_text(statement, position, $0, length, Self.transient) }
    }

    mutating func bind(_ number: Int64?) {
        position += 1
        guard let number else { sqlite3_bind_null(statement, position); return }
        sqlite3_bind_int64(statement, position, number)
    }

    mutating func bind(_ number: Double?) {
        position += 1
        guard let number else { sqlite3_bind_null(statement, position); return }
        sqlite3_bind_double(statement, position, number)
    }

    /// Runs the insert with the values bound since the last run.
    mutating func run() throws {
        position = 0
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage)
        }
    }
}
