internal import GRDB

/// Writes parsed files into the index through statements prepared once per transaction.
///
/// Looking each statement up by its SQL for every row hashed that SQL some 100,000 times in a
/// first build, on the one thread that writes; here it happens once per transaction.
struct IndexWriter {
    let db: Database
    private var files: IndexInsert
    private var books: IndexInsert
    private var facts: IndexInsert
    private var values: IndexInsert
    private var sessions: IndexInsert
    private var documents: IndexInsert

    init(_ db: Database) throws {
        self.db = db
        files = try IndexInsert(db, sql: "INSERT INTO files (path, size, modified, inode, changed, hash) VALUES (?, ?, ?, ?, ?, ?)")
        books = try IndexInsert(db, sql: IndexRows.insertBookSQL)
        facts = try IndexInsert(db, sql: IndexRows.insertFactsSQL)
        values = try IndexInsert(db, sql: "INSERT INTO book_values (path, field, text, low, high) VALUES (?, ?, ?, ?, ?)")
        sessions = try IndexInsert(db, sql: IndexRows.insertSessionSQL)
        let columns = ["rowid", "path", "book_path"] + IndexSchema.textColumns
        documents = try IndexInsert(db, sql: """
            INSERT INTO documents (\(columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            """)
    }

    /// Inserts a parsed file's rows; with `fullText`, also its full-text document, encoding it
    /// here if the parse did not. Without `sessionRow`, a session goes in without its row in
    /// `sessions` (``LibraryIndex/SessionsKept/documents``).
    mutating func insert(_ item: LibraryIndex.Parsed, info: FileSystem.FileInfo?, fullText: Bool, sessionRow: Bool = true) throws {
        let path = item.path
        let info = info ?? FileSystem.FileInfo(size: -1, modified: -1, inode: -1, changed: -1)
        files.bind(path)
        files.bind(info.size)
        files.bind(info.modified)
        files.bind(info.inode)
        files.bind(info.changed)
        files.bind(Int64(bitPattern: item.stamp.hash))
        try files.run()
        let id = db.lastInsertedRowID
        for problem in item.problems {
            var day: String?
            if case .session(_, let name, _) = item.work { day = name.day.description }
            try db.cachedStatement(sql: """
                INSERT INTO problems (path, line, "column", message, is_session, day) VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [problem.path, problem.line, problem.column, problem.message, day != nil, day])
        }
        if let book = item.book {
            IndexRows.bind(book, stamp: item.stamp, extra: item.rows.extra, to: &books)
            try books.run()
            IndexRows.bindFacts(id: db.lastInsertedRowID, path: path, columns: item.rows.columns, lists: item.rows.lists,
                                progress: item.rows.progress, sortAuthor: item.rows.sortAuthor, to: &facts)
            try facts.run()
            for (field, value) in item.rows.values {
                values.bind(path)
                values.bind(field)
                values.bind(value.text)
                values.bind(value.low)
                values.bind(value.high)
                try values.run()
            }
            if fullText {
                let document = item.rows.document.isEmpty ? LibraryIndex.document(of: book) : item.rows.document
                try insertDocument(id: id, path: path, bookPath: path, encoded: document)
            }
        }
        if let session = item.session {
            if sessionRow { try insertSessionRow(item) }
            if fullText {
                let document = item.rows.document.isEmpty ? LibraryIndex.document(of: session) : item.rows.document
                try insertDocument(id: id, path: path, bookPath: item.bookPath, encoded: document)
            }
        }
    }

    /// Inserts a session's row in `sessions` alone, for a session file whose row in `files`,
    /// problems and document are in already; nothing for a file that is no session.
    mutating func insertSessionRow(_ item: LibraryIndex.Parsed) throws {
        guard let session = item.session else { return }
        IndexRows.bind(session, bookPath: item.bookPath, extra: item.rows.extra, pagesRead: item.rows.pagesRead, to: &sessions)
        try sessions.run()
    }

    /// Inserts a book's or a session's words, unless it has none.
    mutating func insertDocument(id: Int64, path: String, bookPath: String, encoded: [String]) throws {
        guard encoded.contains(where: { !$0.isEmpty }) else { return }
        documents.bind(id)
        documents.bind(path)
        documents.bind(bookPath)
        for column in encoded { documents.bind(column) }
        try documents.run()
    }
}
