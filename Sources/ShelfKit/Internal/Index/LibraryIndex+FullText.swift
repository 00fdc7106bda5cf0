internal import GRDB
internal import GRDBSQLite

/// The full-text table, filled when a read first needs it.
///
/// Encoding every word of every book and note and handing them to FTS5 was about a third of
/// the first build, which every command pays on a new clone, while only searches and queries
/// with bare words read the table. So a first build for another read leaves it empty, and the
/// first refresh for a read that needs it fills it from the `books` and `sessions` tables (the
/// files are not read again); when that refresh reads the session files too, it fills the
/// table while the first of them are parsed, and encodes their notes as it parses them
/// (``fillSessions(_:_:rows:fullText:batchSize:)``). From then on every refresh keeps it up to
/// date, which `meta` records as `fulltext`: every row of `books` has its document, and so has
/// every session file once the index keeps them (``SessionsKept``): a first search keeps their
/// documents without their rows, so only an index that keeps no session file fills it from the
/// tables alone.
extension LibraryIndex {
    /// Whether the full-text table holds every book and session.
    static func hasFullText(_ db: Database) throws -> Bool {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fulltext'") == 1
    }

    /// Records that the full-text table holds every book and session.
    static func markFullTextKept(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fulltext', 1)")
    }

    /// Fills the full-text table unless it is already kept.
    ///
    /// One immediate transaction reads the rows and writes their documents, so a refresh by
    /// another process cannot slip in between and leave a document behind its book.
    func fillFullText() async throws(ShelfError) {
        do {
            guard try await !queue.read({ db in try Self.hasFullText(db) }) else { return }
            try await queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    guard try !Self.hasFullText(db) else { return .commit }
                    var writer = try IndexWriter(db)
                    try Self.writeDocuments(db, &writer)
                    return .commit
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Writes the document of every row of `books` and `sessions`, in the caller's transaction,
    /// and records the table as kept.
    ///
    /// Rows are read a page at a time, in rowid order, and each page is encoded on the other cores
    /// while this thread writes the page before it to FTS5, and by this thread too once it has:
    /// a library of 100,000 books never holds all its words at once. Only the
    /// columns a document is made of are read, by position, and decoded with the encoding:
    /// building each book and its unknown keys here was most of the time.
    static func writeDocuments(_ db: Database, _ writer: inout IndexWriter) throws {
        try db.execute(sql: "DELETE FROM documents")
        let fields = BookSchema.searchedFields
        let bookColumns = (fields.map(\.indexColumn) + ["body"]).map { "b." + $0 }.joined(separator: ", ")
        try writeDocuments(db, &writer, sql: """
            SELECT b.rowid, f.id, b.path, b.path, \(bookColumns) FROM books b JOIN files f ON f.path = b.path
            WHERE b.rowid > ? ORDER BY b.rowid LIMIT ?
            """) { stored in
            fields.indices.map { fields[$0].searchText(of: IndexRows.value(of: fields[$0], stored: stored[$0])) }
                + [String.fromDatabaseValue(stored[fields.count]) ?? ""]
        }
        // A session's document is its note, in the body's place.
        let emptyFields = Array(repeating: "", count: fields.count)
        try writeDocuments(db, &writer, sql: """
            SELECT s.rowid, f.id, s.path, s.book_path, s.note FROM sessions s JOIN files f ON f.path = s.path
            WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?
            """) { stored in emptyFields + [String.fromDatabaseValue(stored[0]) ?? ""] }
        try markFullTextKept(db)
    }

    /// A document to encode: the rowid of its file in `files`, whose it is, and the columns it
    /// is made of, as stored.
    private struct DocumentSource: Sendable {
        var id: Int64
        var path: String
        var bookPath: String
        var stored: [DatabaseValue]
    }

    /// A document encoded for ``IndexWriter/insertDocument(id:path:bookPath:encoded:)``.
    private struct EncodedDocument: Sendable {
        var id: Int64
        var path: String
        var bookPath: String
        var columns: [String]
    }

    /// Rows read per page: the documents of a page are encoded together on the other cores
    /// (``BackgroundMap``).
    private static let documentPage = 2_048

    /// Writes the document of every row of `sql`, which takes the last rowid seen and a page
    /// size and returns, in rowid order, the rowid, the file's id, its path and its book's, then
    /// the columns `text` makes the text columns of (in ``IndexSchema/textColumns`` order) from,
    /// on any thread. Each page is read when the one before is being encoded, and written when
    /// the one after is; no cursor stays open on a table while this thread writes to another.
    private static func writeDocuments(_ db: Database, _ writer: inout IndexWriter, sql: String,
                                       text: @escaping @Sendable ([DatabaseValue]) -> [String]) throws {
        let statement = try db.cachedStatement(sql: sql)
        let raw = statement.sqliteStatement
        let storedCount = Int32(statement.columnCount)
        var after: Int64 = 0
        var encoding: BackgroundMap<DocumentSource, EncodedDocument>?
        while true {
            var sources: [DocumentSource] = []
            sqlite3_reset(raw)
            sqlite3_bind_int64(raw, 1, after)
            sqlite3_bind_int64(raw, 2, Int64(documentPage))
            while true {
                let code = sqlite3_step(raw)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage)
                }
                after = sqlite3_column_int64(raw, 0)
                sources.append(DocumentSource(id: sqlite3_column_int64(raw, 1), path: Self.text(raw, 2), bookPath: Self.text(raw, 3),
                                              stored: (4..<storedCount).map { DatabaseValue(sqliteStatement: raw, index: $0) }))
            }
            sqlite3_reset(raw)
            let page = sources
            let next = page.isEmpty ? nil : BackgroundMap(page) { source in
                EncodedDocument(id: source.id, path: source.path, bookPath: source.bookPath,
                                columns: text(source.stored).map(FullText.indexText))
            }
            for document in encoding?.value() ?? [] {
                try writer.insertDocument(id: document.id, path: document.path, bookPath: document.bookPath,
                                          encoded: document.columns)
            }
            encoding = next
            if sources.isEmpty { return }
        }
    }

    /// The text of a column of the current row, `""` for NULL.
    private static func text(_ statement: SQLiteStatement, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }
}
