internal import GRDB

/// The full-text table, filled when a search first needs it.
///
/// Encoding every word of every book and note and handing them to FTS5 was about a third of
/// the first build, which every command pays on a new clone, while only searches and queries
/// with bare words read the table. So the first build leaves it empty, and the first command
/// that needs it fills it from the `books` and `sessions` tables (the files are not read
/// again). From then on every refresh keeps it up to date, which `meta` records as `fulltext`.
extension LibraryIndex {
    /// Whether the full-text table holds every book and session.
    static func hasFullText(_ db: Database) throws -> Bool {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fulltext'") == 1
    }

    /// Fills the full-text table unless it is already kept.
    ///
    /// One immediate transaction reads the rows and writes their documents, so a refresh by
    /// another process cannot slip in between and leave a document behind its book. Rows are
    /// read a page at a time, in rowid order, and their documents written before the next
    /// page is read: a library of 100,000 books never holds all its words at once.
    func fillFullText() throws(ShelfError) {
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    guard try !Self.hasFullText(db) else { return .commit }
                    try db.execute(sql: "DELETE FROM documents")
                    var writer = try IndexWriter(db)
                    try Self.forEachPage(db, sql: """
                        SELECT b.rowid AS page_key, f.id AS file_id, b.* FROM books b JOIN files f ON f.path = b.path
                        WHERE b.rowid > ? ORDER BY b.rowid LIMIT ?
                        """) { row in
                        let book = IndexRows.BookReader(columnNames: Array(row.columnNames)).book(row)
                        try writer.insertDocument(id: row["file_id"], path: book.path, bookPath: book.path,
                                                  encoded: Self.document(of: book))
                    }
                    try Self.forEachPage(db, sql: """
                        SELECT s.rowid AS page_key, f.id AS file_id, s.* FROM sessions s JOIN files f ON f.path = s.path
                        WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?
                        """) { row in
                        guard let session = IndexRows.session(row) else { return }
                        try writer.insertDocument(id: row["file_id"], path: session.path, bookPath: row["book_path"],
                                                  encoded: Self.document(of: session))
                    }
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fulltext', 1)")
                    return .commit
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Runs `body` on every row of `sql`, which takes the last `page_key` seen and a page size
    /// and returns rows in `page_key` order, fetching one page at a time: no cursor stays open
    /// on a table while the body writes to another.
    private static func forEachPage(_ db: Database, sql: String, _ body: (Row) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(db, sql: sql, arguments: [after, 2_048])
            for row in rows { try body(row) }
            guard let last = rows.last else { return }
            after = last["page_key"]
        }
    }
}
