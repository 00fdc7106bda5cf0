internal import Dispatch
internal import GRDB

/// The sessions table, filled when a read first needs it.
///
/// Session files are most of a library's files (some 17,000 of 27,000 on a generated library
/// of 10,000 books), yet a query of book fields, which is what most reads are, needs none of
/// them. So an index built for such a read holds the books only; the first read that needs
/// sessions reads every session file once, and from then on every refresh compares them, which
/// `meta` records as `sessions` (``SessionsKept``).
///
/// A search needs only the words of the sessions' notes: its first refresh keeps each session
/// file's row in `files`, its problems and its document, not its row in `sessions` nor its
/// book's totals, which were a third of that first search. The first read that needs the rows
/// reads the session files again for them (``fillSessions(_:_:rows:fullText:batchSize:)``).
extension LibraryIndex {
    /// What the index keeps of the session files; each level holds the one before.
    enum SessionsKept: Int, Comparable, Sendable {
        /// None: refreshes pass the session files by.
        case none = 0
        /// Every session file's row in `files`, its problems and its full-text document (the
        /// full-text table is kept too), compared by every refresh. `sessions` may hold rows of
        /// some (those a refresh read since), and the books' totals may count only those: no read
        /// trusts either until the level is ``rows``.
        case documents = 1
        /// All of the above, and every session's row in `sessions` and every book's totals.
        case rows = 2

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the index keeps of the session files, as `meta` records it.
    static func sessionsKept(_ db: Database) throws -> SessionsKept {
        try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'sessions'").flatMap(SessionsKept.init(rawValue:)) ?? .none
    }

    /// Whether the sessions table holds every session file, and refreshes compare them.
    static func hasSessions(_ db: Database) throws -> Bool {
        try sessionsKept(db) == .rows
    }

    /// Whether the sessions table holds every session file.
    func keepsSessions() throws(ShelfError) -> Bool {
        try read { db in try Self.hasSessions(db) }
    }

    /// Records what the index keeps of the session files.
    static func markSessionsKept(_ db: Database, _ kept: SessionsKept = .rows) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('sessions', ?)", arguments: [kept.rawValue])
    }

    /// Whether the indexed file at `path` is a session file: one named like a session that is
    /// not a book's, read or not. Known from `files` alone, as a session file kept without its
    /// row (``SessionsKept/documents``) is.
    static func isSessionFile(_ path: String, _ db: Database) throws -> Bool {
        guard SessionFileName(Path.name(of: path)) != nil else { return false }
        return try Bool.fetchOne(db, sql: """
            SELECT NOT EXISTS (SELECT 1 FROM books WHERE path = ?)
                AND NOT EXISTS (SELECT 1 FROM problems WHERE path = ? AND NOT is_session)
            """, arguments: [path, path]) ?? false
    }

    /// Reads every session file of `listing` and adds them to an index that keeps less of them
    /// than `rows` asks (``SessionsKept``): with `rows`, their rows with each book's totals, and
    /// without, their files, problems and documents alone (the full-text table is filled too,
    /// and kept from then on). An index that keeps the files already gets the rows alone, of
    /// the files it keeps without one, read again (``filesWithoutRows(_:_:batchSize:)``), and the
    /// totals of every book that has sessions; one that keeps enough is left as it is. With
    /// `fullText`, the full-text table is filled too, unless it is kept already.
    ///
    /// One immediate transaction checks, reads and writes: another process may be filling the
    /// table too, and only one must. The files are read a few thousand at a time, by their
    /// paths in the library's open folder, the next batch on the other cores while this thread writes
    /// the last (``BackgroundMap``, which this thread joins when it gets there), so that a library
    /// of 100,000 books does not hold all its parsed sessions at once. The full-text table is
    /// filled from the books' rows (``writeDocuments(_:_:)``) while the first batch is parsed,
    /// which keeps the other cores busy while SQLite takes this one, and the notes are encoded
    /// as they are parsed.
    ///
    /// A batch holds whole books, and each book's totals are computed on the parsing threads
    /// from the sessions just read and its row's length and current read, read before the batch
    /// is parsed: the other books have none, as before, and reading every session back from the
    /// table for the totals cost as much as writing them. A session file changed after it was
    /// read here has a later modification time than the refresh before, so the next refresh reads
    /// it again.
    /// - Returns: The number of session files read.
    func fillSessions(_ listing: LibraryWalk, _ storage: DiskStorage, rows: Bool = true, fullText: Bool = false,
                      batchSize: Int = sessionBatch) async throws(ShelfError) -> Int {
        // The listing's books with session files: their files are named on the parsing threads,
        // batch by batch, rather than all at once here.
        let listed = Self.batches(listing.books.compactMap { location in
            listing.sessionFiles[location.sessionFolder].map { (BookSessions(book: location), $0.count) }
        }, of: batchSize)
        do {
            return try await queue.writeWithoutTransaction { db in
                var added = 0
                try db.inTransaction(.immediate) {
                    let kept = try Self.sessionsKept(db)
                    let wanted: SessionsKept = rows ? .rows : .documents
                    guard kept < wanted else { return .commit }
                    // The files, their problems and documents are in: only the rows go in, of the
                    // files the index keeps without one, whatever this walk saw.
                    let rowsOnly = kept == .documents
                    let (batches, booksWithRows) = rowsOnly ? try Self.filesWithoutRows(db, listing, batchSize: batchSize) : (listed, [])
                    if rows { try IndexSchema.dropSessionIndexes(db) }
                    let keptText = try Self.hasFullText(db)
                    let keepsText = keptText || fullText || !rows
                    var writer = try IndexWriter(db)
                    var totals = try IndexInsert(db, sql: IndexColumns.sessionUpdateSQL)
                    var parsing: [BackgroundMap<BookSessions, ParsedSessions>] = []
                    let root = storage.openDirectory("")
                    var next = 0
                    func parseNext() throws {
                        guard next < batches.count else { return }
                        let batch = batches[next]
                        let books = rows ? try Self.progressBooks(db, paths: batch.map(\.book.path)) : [:]
                        parsing.append(BackgroundMap(batch) { work in
                            // A book with rows already gets its totals from the table, after.
                            let row = booksWithRows.contains(work.book.path) ? nil : books[work.book.path]
                            return Self.parseSessions(of: work.book, work.files ?? listing.sessionNames(of: work.book), row: row,
                                                      in: root, storage, encodeText: keepsText && !rowsOnly)
                        })
                        next += 1
                    }
                    try parseNext()
                    if keepsText && !keptText { try Self.writeDocuments(db, &writer) }
                    while !parsing.isEmpty {
                        let parsed = parsing.removeFirst().value()
                        try parseNext()
                        for book in parsed {
                            for item in book.items {
                                if rowsOnly {
                                    try writer.insertSessionRow(item)
                                } else {
                                    try writer.insert(item, info: item.info, fullText: keepsText, sessionRow: rows)
                                }
                            }
                            added += book.items.count
                            guard let (id, values, progress) = book.totals else { continue }
                            try Self.storeTotals(values, progress, id: id, &totals)
                        }
                        Self.freeElsewhere(parsed)
                    }
                    if rows { try db.execute(sql: IndexSchema.sessionIndexes) }
                    if rowsOnly { try Self.updateProgress(db, books: booksWithRows, all: booksWithRows.count > 2_000) }
                    try Self.markSessionsKept(db, wanted)
                    return .commit
                }
                return added
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// A book whose session files a fill reads: those the listing names, or `files`.
    private struct BookSessions: Sendable {
        var book: BookLocation
        var files: [(file: String, name: SessionFileName)]?
    }

    /// The session files the index keeps without a row (``SessionsKept/documents``), by book in
    /// batches of about `batchSize` files, and the books that have rows already, which refreshes
    /// since the first search wrote with their files.
    ///
    /// They are found in `files`, inside the transaction that adds their rows, rather than in
    /// the caller's walk: another process may have added or dropped some since that walk, and
    /// a file the index keeps must not be left without its row. One whose book this walk did not
    /// see (moved since) is forgotten, so that the next refresh reads it as new.
    private static func filesWithoutRows(_ db: Database, _ listing: LibraryWalk,
                                         batchSize: Int) throws -> (batches: [[BookSessions]], booksWithRows: Set<String>) {
        let booksWithRows = Set(try String.fetchAll(db, sql: "SELECT DISTINCT book_path FROM sessions"))
        var books: [String: BookLocation] = [:]
        for book in listing.books { books[book.sessionFolder] = book }
        var byBook: [String: BookSessions] = [:]
        var order: [String] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT f.id, f.path FROM files f
            WHERE NOT EXISTS (SELECT 1 FROM books b WHERE b.path = f.path)
                AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.path = f.path)
                AND NOT EXISTS (SELECT 1 FROM problems p WHERE p.path = f.path)
            """)
        var unseen: [(id: Int64, path: String)] = []
        while let row = try rows.next() {
            let path: String = row[1]
            let file = Path.name(of: path)
            // A note of an adopted library that is no book has a row in `files` alone.
            guard let name = SessionFileName(file) else { continue }
            guard let book = books[Path.parent(of: path)] else {
                unseen.append((row[0], path))
                continue
            }
            if byBook[book.path] == nil {
                order.append(book.path)
                byBook[book.path] = BookSessions(book: book, files: [])
            }
            byBook[book.path]?.files?.append((file, name))
        }
        for (id, path) in unseen { try forget(db, path: path, id: id) }
        let works = order.compactMap { path -> (BookSessions, Int)? in
            guard var work = byBook[path], let files = work.files else { return nil }
            work.files = files.sorted { $0.file < $1.file }
            return (work, files.count)
        }
        return (batches(works, of: batchSize), booksWithRows)
    }

    /// `works` in order, in batches of whole books that each reach `size` files with their last
    /// book (one batch, empty, when there are none).
    private static func batches(_ works: [(work: BookSessions, files: Int)], of size: Int) -> [[BookSessions]] {
        var batches: [[BookSessions]] = [[]]
        var inBatch = 0
        for (work, files) in works where files > 0 {
            if inBatch >= max(1, size) {
                batches.append([])
                inBatch = 0
            }
            batches[batches.count - 1].append(work)
            inBatch += files
        }
        return batches
    }

    /// A book's session files as read, and the values of ``IndexColumns/sessionUpdateSQL`` for
    /// its row in `book_facts`, when it has one and sessions.
    private struct ParsedSessions: Sendable {
        var items: [Parsed]
        var totals: (id: Int64, values: [Double?], progress: ReadingProgress)?
    }

    /// Reads a book's session files, by their paths in the library's open folder `root`, and
    /// computes its totals from `row`, its `id` and what ``progressBook(_:from:)`` reads of it.
    ///
    /// Opening each book's session folder to read its few files in it was a seventh of the
    /// parsing threads' time: the kernel looks up the path's few folders, which it has cached,
    /// for less than an `open` and a `close` of each.
    private static func parseSessions(of book: BookLocation, _ files: [(file: String, name: SessionFileName)],
                                      row: (id: Int64, book: Book)?, in root: FileSystem.OpenDirectory?, _ storage: DiskStorage,
                                      encodeText: Bool) -> ParsedSessions {
        let folder = book.sessionFolder
        let items = files.map { file, name in
            let path = folder + "/" + file
            return parse(.session(path: path, name: name, book: book), storage, encodeText: encodeText, in: root.map { ($0, path) })
        }
        let sessions = items.compactMap(\.session)
        guard let row, !sessions.isEmpty else { return ParsedSessions(items: items) }
        let progress = ReadingProgress(sessions, of: row.book)
        var pages = pagesRead(sessions, of: row.book).makeIterator()
        let read = items.map { item in item.session == nil ? item : pages.next().map(item.readingPages) ?? item }
        return ParsedSessions(items: read,
                              totals: (row.id, IndexColumns.sessionValues(pages: row.book.pages, progress: progress), progress))
    }

    /// The `id` and what ``progressBook(_:from:)`` reads of the books at `paths`, by path.
    private static func progressBooks(_ db: Database, paths: [String]) throws -> [String: (id: Int64, book: Book)] {
        var books: [String: (id: Int64, book: Book)] = [:]
        // Within SQLite's limit on bound values, whatever the batch size.
        for start in stride(from: 0, to: paths.count, by: 1_000) {
            let part = paths[start..<min(start + 1_000, paths.count)]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, path, \(progressColumns) FROM books WHERE path IN (\(Array(repeating: "?", count: part.count).joined(separator: ", ")))
                """, arguments: StatementArguments(Array(part)))
            while let row = try rows.next() { books[row[1]] = (row[0], progressBook(row, from: 2)) }
        }
        return books
    }

    /// Frees a batch of parsed session files on another thread: thousands of small values,
    /// whose freeing was a twentieth of the time of the thread that writes.
    private static func freeElsewhere(_ batch: [ParsedSessions]) {
        DispatchQueue.global().async { withExtendedLifetime(batch) {} }
    }

    /// Session files read and written at a time.
    static let sessionBatch = 4_096
}
