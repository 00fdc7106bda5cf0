internal import GRDB

/// The full-text table, filled when a read first needs it.
///
/// Encoding every word of every book and note and handing them to FTS5 was about a third of
/// the first build, which every command pays on a new clone, while only searches and queries
/// with bare words read the table. So a first build for another read leaves it empty, and the
/// first refresh for a read that needs it fills it from the `books` and `sessions` tables (the
/// files are not read again), before any session files it reads, whose notes are then encoded
/// as they are parsed. From then on every refresh keeps it up to date, which `meta` records as
/// `fulltext`: every row of `books` and `sessions` has its document.
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
    /// another process cannot slip in between and leave a document behind its book. Rows are
    /// read a page at a time, in rowid order, and each page is encoded on all cores while this
    /// thread writes the page before it to FTS5: a library of 100,000 books never holds all its
    /// words at once, and only SQLite's own work stays on one core. Only the columns a
    /// document is made of are read, by position: building each book and its unknown keys
    /// was most of the time.
    func fillFullText() async throws(ShelfError) {
        do {
            guard try await !queue.read({ db in try Self.hasFullText(db) }) else { return }
            try await queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    guard try !Self.hasFullText(db) else { return .commit }
                    try db.execute(sql: "DELETE FROM documents")
                    var writer = try IndexWriter(db)
                    let fields = BookSchema.searchedFields
                    let bookColumns = (fields.map(\.indexColumn) + ["body"]).map { "b." + $0 }.joined(separator: ", ")
                    try Self.writeDocuments(db, &writer, sql: """
                        SELECT b.rowid, f.id, b.path, b.path, \(bookColumns) FROM books b JOIN files f ON f.path = b.path
                        WHERE b.rowid > ? ORDER BY b.rowid LIMIT ?
                        """) { row in
                        fields.indices.map { fields[$0].searchText(of: IndexRows.value(of: fields[$0], in: row, at: 4 + $0)) }
                            + [row[4 + fields.count] as String]
                    }
                    // A session's document is its note, in the body's place.
                    let emptyFields = Array(repeating: "", count: fields.count)
                    try Self.writeDocuments(db, &writer, sql: """
                        SELECT s.rowid, f.id, s.path, s.book_path, s.note FROM sessions s JOIN files f ON f.path = s.path
                        WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?
                        """) { row in emptyFields + [row[4] as String] }
                    try Self.markFullTextKept(db)
                    return .commit
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// A document to encode: the rowid of its file in `files`, whose it is, and its text
    /// columns, in ``IndexSchema/textColumns`` order.
    private struct DocumentSource: Sendable {
        var id: Int64
        var path: String
        var bookPath: String
        var columns: [String]
    }

    /// Rows read per page: the documents of a page are encoded together on all cores.
    private static let documentPage = 2_048

    /// Writes the document of every row of `sql`, which takes the last rowid seen and a page
    /// size and returns, in rowid order, the rowid, the file's id, its path and its book's,
    /// then what `columns` makes the text columns from. Each page is read when the one before
    /// is being encoded, and written when the one after is; no cursor stays open on a table
    /// while this thread writes to another.
    private static func writeDocuments(_ db: Database, _ writer: inout IndexWriter, sql: String,
                                       columns: (Row) -> [String]) throws {
        var after: Int64 = 0
        var encoding: BackgroundResult<[DocumentSource]>?
        while true {
            let rows = try Row.fetchAll(db, sql: sql, arguments: [after, documentPage])
            let sources = rows.map { row in
                DocumentSource(id: row[1], path: row[2], bookPath: row[3], columns: columns(row))
            }
            let next = sources.isEmpty ? nil : BackgroundResult {
                ParallelMap.mapBlocking(sources) { source in
                    var encoded = source
                    encoded.columns = source.columns.map(FullText.indexText)
                    return encoded
                }
            }
            for document in encoding?.value() ?? [] {
                try writer.insertDocument(id: document.id, path: document.path, bookPath: document.bookPath,
                                          encoded: document.columns)
            }
            encoding = next
            guard let last = rows.last else { return }
            after = last[0]
        }
    }
}
