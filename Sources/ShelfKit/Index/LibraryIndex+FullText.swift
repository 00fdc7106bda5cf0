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
    /// another process cannot slip in between and leave a document behind its book.
    func fillFullText() throws(ShelfError) {
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    guard try !Self.hasFullText(db) else { return .commit }
                    try db.execute(sql: "DELETE FROM documents")
                    let books = try Row.fetchCursor(db, sql: "SELECT f.id AS file_id, b.* FROM books b JOIN files f ON f.path = b.path")
                    var documents: [(id: Int64, path: String, bookPath: String, encoded: [String])] = []
                    while let row = try books.next() {
                        let book = IndexRows.book(row)
                        documents.append((row["file_id"], book.path, book.path, Self.document(of: book)))
                    }
                    let sessions = try Row.fetchCursor(db, sql: """
                        SELECT f.id AS file_id, s.* FROM sessions s JOIN files f ON f.path = s.path
                        """)
                    while let row = try sessions.next() {
                        guard let session = IndexRows.session(row) else { continue }
                        documents.append((row["file_id"], session.path, row["book_path"], Self.document(of: session)))
                    }
                    var writer = try IndexWriter(db)
                    for document in documents {
                        try writer.insertDocument(id: document.id, path: document.path, bookPath: document.bookPath,
                                                  encoded: document.encoded)
                    }
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fulltext', 1)")
                    return .commit
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }
}
