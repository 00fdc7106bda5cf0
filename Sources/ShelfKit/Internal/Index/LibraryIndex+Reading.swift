internal import GRDB

/// Answering reads from an up-to-date index.
extension LibraryIndex {
    /// The books matching `query` (every book for `nil`), in path order, with the stamp of
    /// each file as indexed. A query of words needs the full-text table, which a refresh with
    /// `fullText` fills.
    func books(matching query: Query?) throws(ShelfError) -> [(book: Book, stamp: FileStamp)] {
        let result = try books(matching: query, progress: false) { book, stamp, _ in (book: book, stamp: stamp) }
        // Put in path order here rather than by `ORDER BY`, whose sorter would carry every
        // matched book's body.
        return result.indices.sorted { ByteOrder.precedes(result[$0].book.path, result[$1].book.path) }.map { result[$0] }
    }

    /// Each book matching `query` (every book for `nil`) made into an entry as it is read, in
    /// no particular order: only the entries are kept, and each book is let go once made into one.
    /// - Parameters:
    ///   - progress: Whether to read each book's progress as stored (``IndexProgressColumns``),
    ///     which is right only when the index keeps sessions; `nil` is passed without.
    ///   - expected: How many books the caller expects, for room made once rather than grown,
    ///     which holds the entries twice over while they are copied.
    ///   - withText: Whether to read each book's body and custom keys; without, a book has no
    ///     body and only the custom key `reads` (``Book/earlierReads``), which the statistics
    ///     of tens of thousands of books read, and must not be written back.
    ///   - entry: Makes a book, the stamp of its file as indexed and its progress into an entry.
    ///   - onlyColumns: When given, the only columns of `books` read besides the path, slug,
    ///     status, folder and title; every other field of a book reads as empty. For the keys
    ///     of a sort, not for a book to show or write back.
    func books<Entry>(matching query: Query?, progress: Bool, expected: Int = 0, withText: Bool = true,
                      onlyColumns: Set<String>? = nil,
                      _ entry: (Book, FileStamp, ReadingProgress?) -> Entry) throws(ShelfError) -> [Entry] {
        ensure(for: query)
        return try read { db in
            // The query scans the narrow `book_facts`, or only its index of authors and tags
            // when it tests nothing else (CROSS JOIN keeps it the outer loop), and reads the
            // rows of `books` only for the books it matches.
            let progressColumns = progress ? ", " + IndexProgressColumns.selected(from: "b") : ""
            let columns = onlyColumns.map(Self.columns(only:)) ?? (withText ? "d.*" : Self.columnsWithoutText)
            let (filter, arguments) = QuerySQL.filter(query)
            let sql = "SELECT \(columns)\(progressColumns) FROM book_facts b CROSS JOIN books d ON d.id = b.id" + filter
            var result: [Entry] = []
            result.reserveCapacity(expected)
            let statement = try db.makeStatement(sql: sql)
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            let reader = IndexRows.BookReader(statement)
            // The progress, when read, follows the columns of `books`.
            let progressColumn = statement.columnCount - IndexProgressColumns.names.count
            while let row = try rows.next() {
                let stamp = reader.stamp(row)
                let bookProgress = progress ? IndexProgressColumns.progress(row, from: progressColumn) : nil
                result.append(entry(reader.book(row).read(from: stamp), stamp, bookProgress))
            }
            return result
        }
    }

    /// The books at `paths`, in that order, each found through `books_by_path`; a path
    /// without a row is left out. Without `withText`, a book has no body and only the custom
    /// key `reads`, as ``books(matching:progress:expected:withText:_:)`` reads them.
    func books(atPaths paths: [String], withText: Bool = true) throws(ShelfError) -> [Book] {
        try read { db in
            let columns = withText ? "d.*" : Self.columnsWithoutText
            let statement = try db.makeStatement(sql: "SELECT \(columns) FROM books d WHERE d.path = ?")
            let reader = IndexRows.BookReader(statement)
            var books: [Book] = []
            books.reserveCapacity(paths.count)
            for path in paths {
                if let row = try Row.fetchOne(statement, arguments: [path]) { books.append(reader.book(row).read(from: reader.stamp(row))) }
            }
            return books
        }
    }

    /// The columns of `books` but its body and custom keys, which read as empty, but for the
    /// custom keys of a book read before (`reads`), for ``IndexRows/BookReader``.
    private static let columnsWithoutText = (IndexRows.bookColumns.filter { $0 != "body" && $0 != "extra" }.map { "d." + $0 }
        + [readsAlone, "'' AS body"]).joined(separator: ", ")

    /// The custom keys of a book read before, which hold its `reads`; `NULL` for the others.
    private static let readsAlone = #"CASE WHEN instr(d.extra, '"reads"') > 0 THEN d.extra END AS extra"#

    /// The columns of `books` with only `kept` and the path, slug, status, folder and title
    /// read; the others as empty values of their kind (a list empty, a stamp 0, a field `NULL`).
    /// `reads` in `kept` reads the custom keys of a book read before (``Book/earlierReads``).
    static func columns(only kept: Set<String>) -> String {
        let read = kept.union(["path", "slug", "status", "folder", "title"])
        return IndexRows.bookColumns.map { name in
            if read.contains(name) { return "d." + name }
            if name == "extra", kept.contains("reads") { return readsAlone }
            if emptyTextColumns.contains(name) { return "'' AS \"\(name)\"" }
            if name == "file_size" || name == "file_hash" { return "0 AS \"\(name)\"" }
            return "NULL AS \"\(name)\""
        }.joined(separator: ", ")
    }

    /// The columns of `books` stored empty rather than NULL (``IndexRows/bookColumnDefinitions``):
    /// the lists and the body.
    private static let emptyTextColumns = Set(BookSchema.fields.filter { $0.valueType == .textList }.map(\.indexColumn) + ["body"])

    /// The places up next of the books in `status`, from their rows' path, slug, `next` and
    /// `added` alone, in the order of the index `books_up_next` (``OnDemandIndex/upNext``):
    /// every one when `limit` is `nil`; else the first `limit` and every place tied with the
    /// last of them on `next` and `added`, which ``UpNextOrder/first(_:of:)`` then orders by
    /// slug. The index orders as ``UpNextOrder`` does up to the slug: `next` as a number, the
    /// books without it after, then `added`, whose text (``Day/description``, four-digit years)
    /// sorts as its days do. Ordering 45,000 books to read in Swift to keep 20 read a row of each.
    func upNextPlaces(in status: Status, first limit: Int?) throws(ShelfError) -> UpNextOrder.Candidates {
        ensure(.upNext)
        return try read { db in
            var places: [UpNextOrder.Place] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT path, slug, next, added FROM books WHERE status = ?
                ORDER BY next IS NULL, next, added IS NULL, added
                """, arguments: [status.name])
            var last: (next: Int?, added: String?) = (nil, nil)
            while let row = try rows.next() {
                let next: Int? = row[2]
                let added: String? = row[3]
                // Past the limit, only a tie with the last kept can still come before it.
                if let limit, places.count >= limit, last.next != next || last.added != added { break }
                last = (next, added)
                places.append(UpNextOrder.Place(next: next, added: IndexRows.day(added), id: row[1], path: row[0]))
            }
            guard let limit, places.count >= limit else { return UpNextOrder.Candidates(places: places, total: places.count) }
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM books WHERE status = ?", arguments: [status.name]) ?? 0
            return UpNextOrder.Candidates(places: places, total: total)
        }
    }

    /// How many books match `query`.
    func count(matching query: Query) throws(ShelfError) -> Int {
        ensure(for: query)
        return try read { db in
            guard query.expression != .all else { return try Int.fetchOne(db, sql: "SELECT count(*) FROM book_facts") ?? 0 }
            let compiled = QuerySQL(query.expression)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM book_facts b WHERE " + compiled.sql,
                                    arguments: compiled.statementArguments) ?? 0
        }
    }

    /// The paths of a page of the books matching `query` sorted by title (``BookSort``: the
    /// folded title, then the path), the `limit` after the first `offset`: the first rows of the
    /// index by `sort_title`, or of the matching rows sorted with the limit in SQLite.
    func pathsByTitle(matching query: Query, descending: Bool, limit: Int, offset: Int) throws(ShelfError) -> [String] {
        ensure(.sortTitle)
        ensure(for: query)
        return try read { db in
            let order = "ORDER BY d.sort_title\(descending ? " DESC" : ""), d.path LIMIT ? OFFSET ?"
            guard query.expression != .all else {
                return try String.fetchAll(db, sql: "SELECT d.path FROM books d " + order, arguments: [limit, offset])
            }
            let compiled = QuerySQL(query.expression)
            return try String.fetchAll(db, sql: "SELECT d.path FROM book_facts b JOIN books d ON d.id = b.id WHERE "
                                           + compiled.sql + " " + order,
                                       arguments: compiled.statementArguments + [limit, offset])
        }
    }

    /// The paths of a page of the books matching `query` sorted by `column` of `book_facts`, a
    /// number, a day or a first author (``IndexColumns/sortColumn(of:)``), the books without one
    /// last either way, ties by `sort_title` then path, as ``BookSort/Keys`` sorts them.
    ///
    /// With no index of the column, ordering by it and the title joined every matching row to
    /// its row in `books` (65 ms for 20 of 100,000 books, against 257 ms for a key of each read
    /// back into Swift). So the value the page ends at is found in `book_facts` alone, and only
    /// the books up to it, ties included, are joined and sorted.
    func pathsByValue(of column: String, matching query: Query, descending: Bool, limit: Int, offset: Int)
        throws(ShelfError) -> [String] {
        ensure(for: query)
        return try read { db in
            var (filter, arguments) = QuerySQL.filter(query)
            let order = "b.\(column) IS NULL, b.\(column)\(descending ? " DESC" : "")"
            // The page's last book's value; a NULL one, or a page past the books, cuts nothing.
            let last = try DatabaseValue.fetchOne(db, sql: """
                SELECT b.\(column) FROM book_facts b\(filter) ORDER BY \(order) LIMIT 1 OFFSET ?
                """, arguments: arguments + [max(0, offset) + max(0, limit) - 1])
            var cut = ""
            if let last, !last.isNull {
                cut = (filter.isEmpty ? " WHERE " : " AND ") + "b.\(column) \(descending ? ">=" : "<=") ?"
                arguments += [last]
            }
            return try String.fetchAll(db, sql: """
                SELECT d.path FROM book_facts b JOIN books d ON d.id = b.id\(filter)\(cut)
                ORDER BY \(order), d.sort_title, d.path LIMIT ? OFFSET ?
                """, arguments: arguments + [limit, offset])
        }
    }

    /// The books matching `query`, as ``books(matching:)`` finds them, each known by its path,
    /// slug and title only.
    func bookMatches(_ query: Query) throws(ShelfError) -> [SearchMatch] {
        ensure(for: query)
        return try read { db in
            let (filter, arguments) = QuerySQL.filter(query)
            let sql = "SELECT b.path, d.slug, d.title FROM book_facts b CROSS JOIN books d ON d.id = b.id" + filter
            var result: [SearchMatch] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                result.append(SearchMatch(kind: .book, bookID: BookID(row[1] as String), title: row[2], path: row[0], score: 0))
            }
            return result
        }
    }

    /// The custom keys that books have values for.
    func customKeys() throws(ShelfError) -> Set<String> {
        try read { db in
            let fields = try String.fetchAll(db, sql: "SELECT DISTINCT field FROM book_values WHERE field >= 'x:' AND field < 'x;'")
            return Set(fields.map { String($0.dropFirst(2)) })
        }
    }

    /// The problems of book files (`sessions == false`) or of session files on or after `since`.
    func problems(sessions: Bool, since day: Day? = nil) throws(ShelfError) -> [Problem] {
        var arguments: StatementArguments = [sessions]
        if let day { arguments += [day.description] }
        return try problems(where: day == nil ? "is_session = ?" : "is_session = ? AND day >= ?", arguments)
    }

    /// The problems of every file, the books' then the sessions', each in the order they were
    /// found: what a read of books and notes together warns of (a search, the statistics).
    func allProblems() throws(ShelfError) -> [Problem] {
        try problems(where: "1", orderedBy: "is_session, rowid")
    }

    /// The rows of `problems` that `condition` selects, in `order` when given, as problems.
    private func problems(where condition: String, orderedBy order: String? = nil,
                          _ arguments: StatementArguments = []) throws(ShelfError) -> [Problem] {
        let sql = "SELECT path, line, \"column\", message FROM problems WHERE \(condition)" + (order.map { " ORDER BY " + $0 } ?? "")
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                Problem(path: row[0], line: row[1], column: row[2], message: row[3])
            }
        }
    }

    /// Every readable session on or after `day`, in reading order (untimed first), then by path.
    func sessions(since day: Day?) throws(ShelfError) -> [ReadingSession] {
        try read { db in
            var sql = "SELECT \(IndexRows.sessionColumns) FROM sessions"
            var arguments = StatementArguments()
            if let day {
                sql += " WHERE day >= ?"
                arguments += [day.description]
            }
            sql += " ORDER BY day, time, sequence, path"
            return try Self.sessions(db, sql: sql, arguments: arguments)
        }
    }

    /// The sessions of the rows of `sql`, each row read in place rather than copied.
    private static func sessions(_ db: Database, sql: String, arguments: StatementArguments) throws -> [ReadingSession] {
        var sessions: [ReadingSession] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            if let session = IndexRows.session(row) { sessions.append(session) }
        }
        return sessions
    }

    /// Every readable session of each book with one on or after `day`, the earlier ones
    /// included, found through the sessions' index by day, then each such book's by path.
    func sessionsOfBooks(readSince day: Day) throws(ShelfError) -> [ReadingSession] {
        try read { db in
            try Self.sessions(db, sql: """
                SELECT \(IndexRows.sessionColumns) FROM sessions WHERE book_path IN (SELECT book_path FROM sessions WHERE day >= ?)
                ORDER BY day, time, sequence, path
                """, arguments: [day.description])
        }
    }

    /// Each book with a readable session on or after `day`, read from its row, in path order,
    /// with the problems of those of their files that could not be read: what reading the
    /// books of `sessionsOfBooks(readSince:)` from their files would give, without the files.
    func booksRead(since day: Day) throws(ShelfError) -> Listing<Book> {
        try read { db in
            let read = "SELECT book_path FROM sessions WHERE day >= ?"
            let statement = try db.makeStatement(sql: "SELECT * FROM books WHERE path IN (\(read)) ORDER BY path")
            let reader = IndexRows.BookReader(statement)
            var books: [Book] = []
            let rows = try Row.fetchCursor(statement, arguments: [day.description])
            while let row = try rows.next() { books.append(reader.book(row).read(from: reader.stamp(row))) }
            return Listing(books, problems: try Self.bookProblems(db, readSince: day))
        }
    }

    /// The problems of the book files with a readable session on or after `day`: those of
    /// them that do not read.
    func bookProblems(readSince day: Day) throws(ShelfError) -> [Problem] {
        try read { db in try Self.bookProblems(db, readSince: day) }
    }

    private static func bookProblems(_ db: Database, readSince day: Day) throws -> [Problem] {
        try Row.fetchAll(db, sql: """
            SELECT path, line, "column", message FROM problems
            WHERE NOT is_session AND path IN (SELECT book_path FROM sessions WHERE day >= ?)
            """, arguments: [day.description]).map { row in
            Problem(path: row[0], line: row[1], column: row[2], message: row[3])
        }
    }

    /// At least the slugs of the book files whose slug, lowercased, starts with `prefix`
    /// (lowercase), each once: the lowercase ones through the index of slugs, those with
    /// capitals or past ASCII (``IndexSchema/wideSlug``), and those of the book files that could
    /// not be read, which `slug` makes from their paths. The caller keeps those that start with it.
    func bookFileSlugs(startingWith prefix: String, _ slug: (String) -> String?) throws(ShelfError) -> [String] {
        // GLOB, unlike LIKE, is case-sensitive, and so reads a range of the index of slugs.
        let pattern = prefix.map { "*?[".contains($0) ? "[\($0)]" : String($0) }.joined() + "*"
        return try bookFileSlugs(where: "slug GLOB ?", [pattern], slug)
    }

    /// At least the slugs of the book files whose lowercased length in characters is within
    /// `lengths`, each once, as ``bookFileSlugs(startingWith:_:)`` finds them: for the slugs a
    /// few edits from one typed, through the index of the slugs' lengths.
    func bookFileSlugs(ofLengths lengths: ClosedRange<Int>, _ slug: (String) -> String?) throws(ShelfError) -> [String] {
        try bookFileSlugs(where: "length(slug) BETWEEN ? AND ?", [lengths.lowerBound, lengths.upperBound], slug)
    }

    private func bookFileSlugs(where condition: String, _ arguments: StatementArguments,
                               _ slug: (String) -> String?) throws(ShelfError) -> [String] {
        ensure(.nearSlugs)
        return try read { db in
            var slugs = try String.fetchAll(db, sql: """
                SELECT slug FROM books WHERE \(condition) UNION SELECT slug FROM books WHERE \(IndexSchema.wideSlug)
                """, arguments: arguments)
            let unreadable = try String.fetchAll(db, sql: """
                SELECT DISTINCT path FROM problems WHERE NOT is_session AND path NOT IN (SELECT path FROM books)
                """).compactMap(slug)
            if !unreadable.isEmpty {
                var seen = Set(slugs)
                slugs += unreadable.filter { seen.insert($0).inserted }
            }
            return slugs
        }
    }

    /// The slug and folded title of each book whose folded title contains `needle`, found in
    /// the narrow table of query values: the books' own rows are wide with their text, and a
    /// scan of them reads the whole index.
    func titles(containing needle: String) throws(ShelfError) -> [BookTitle] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.slug, b.q_title FROM book_facts b CROSS JOIN books d ON d.id = b.id WHERE instr(b.q_title, ?) > 0
                """, arguments: [needle]).map { BookTitle(id: $0[0], title: $0[1]) }
        }
    }

    /// The day of every readable session, each once, from the sessions' index by day.
    func sessionDays() throws(ShelfError) -> Set<Day> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT DISTINCT day FROM sessions").compactMap { Day($0) })
        }
    }

    /// Each book's reading progress (of its current read), by book path, as the index stores
    /// it (``IndexProgressColumns``): the index must keep sessions.
    func progress(of books: [Book]) throws(ShelfError) -> [String: ReadingProgress] {
        let columns = IndexProgressColumns.selected(from: "b")
        return try read { db in
            var result: [String: ReadingProgress] = [:]
            if books.count <= Self.pathsLookedUpOneByOne {
                let statement = try db.makeStatement(sql: """
                    SELECT \(columns) FROM books d JOIN book_facts b ON b.id = d.id WHERE d.path = ?
                    """)
                for book in books {
                    if let row = try Row.fetchOne(statement, arguments: [book.path]) {
                        result[book.path] = IndexProgressColumns.progress(row, from: 0)
                    }
                }
            } else {
                let wanted = Set(books.map(\.path))
                let rows = try Row.fetchCursor(db, sql: "SELECT b.path, \(columns) FROM book_facts b")
                while let row = try rows.next() {
                    let path: String = row[0]
                    if wanted.contains(path) { result[path] = IndexProgressColumns.progress(row, from: 1) }
                }
            }
            return result
        }
    }

    /// Up to this many books, each is found through `books_by_path`; past it, one scan of
    /// `book_facts` costs less. A chunk of a streamed listing (``StreamedListing/chunk``) is
    /// looked up: a scan for each chunk of 100,000 books was a hundred scans of the table.
    private static let pathsLookedUpOneByOne = StreamedListing.chunk

    /// The columns of `sessions` the totals are made of, in the order ``totalsSession(_:from:)``
    /// reads them.
    /// The row's `rowid` and `pages_read` follow, for ``updateProgress(_:books:all:)`` to set the latter.
    static let totalsColumnNames = ["book_path", "\"from\"", "\"to\"", "pages", "minutes", "day", "time", "sequence", "path",
                                    "rowid", "pages_read"]

    /// ``totalsColumnNames`` for a `SELECT`.
    static let totalsColumns = totalsColumnNames.joined(separator: ", ")

    /// A session as far as the totals see it, from a row of ``totalsColumns`` starting at
    /// `column`. Day, time, sequence and suffix order the sessions: the page reached depends on it when
    /// some sessions count only `pages`.
    static func totalsSession(_ row: Row, from column: Int = 0) -> ReadingSession {
        var session = ReadingSession(day: Day(row[column + 5] as String) ?? anyDay, time: IndexRows.time(row[column + 6]),
                                     sequence: row[column + 7], pages: row[column + 3], minutes: row[column + 4])
        session.fromPosition = IndexRows.position(row[column + 1])
        session.toPosition = IndexRows.position(row[column + 2])
        session.suffix = IndexRows.suffix(ofSessionAt: row[column + 8])
        return session
    }

    /// The columns of `books` ``progressBook(_:from:)`` reads.
    static let progressColumnNames = ["pages", "locations", "duration", "started", "extra"]

    /// ``progressColumnNames`` for a `SELECT`.
    static let progressColumns = progressColumnNames.joined(separator: ", ")

    /// As much of a book as its progress needs (``ReadingProgress/init(_:of:)``: its length and
    /// its current read), from a row of ``progressColumns`` starting at `column`. Only a book
    /// with `reads` has its custom keys decoded.
    static func progressBook(_ row: Row, from column: Int) -> Book {
        var book = Book(title: "")
        book.pages = row[column]
        book.locations = row[column + 1]
        book.duration = row[column + 2]
        book.started = (row[column + 3] as String?).flatMap { Day($0) }
        if let extra = row[column + 4] as String?, extra.contains("\"reads\"") { book.extra = IndexRows.extra(extra) }
        return book
    }

    /// For a stored day that cannot be read, which a session row never has.
    private static var anyDay: Day { Day(year: 2000, month: 1, day: 1) ?? Day.today() }

    /// Books and sessions whose words contain every phrase, scored, for ``LibraryReading/search(_:limit:highlight:)``.
    ///
    /// Scored in SQLite by `shelf_weighted_count` (``FullTextRank``) from FTS5's list of where
    /// each phrase occurs, which is what ``SearchRanking/score(_:_:)`` counts in the text:
    /// no document's text is read, nor any book's row, for the tens of thousands of documents
    /// a common word matches at 100,000 books. It needs the full-text table, which a refresh
    /// with `fullText` fills.
    func searchMatches(_ phrases: [[String]]) throws(ShelfError) -> [ScoredDocument] {
        let match = phrases.filter { !$0.isEmpty }.map(FullText.matchExpression).joined(separator: " AND ")
        guard !match.isEmpty else { return [] }
        return try read { db in
            var matches: [ScoredDocument] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT path, book_path, \(FullTextRank.weightedCount) FROM documents WHERE documents MATCH ?
                """, arguments: [match])
            while let row = try rows.next() {
                matches.append(ScoredDocument(path: row[0], bookPath: row[1], score: row[2]))
            }
            return matches
        }
    }

    /// The `limit` documents of the best score that contain every phrase, best first, then by
    /// path, with their books' slugs and titles; a document whose book has no row (its file
    /// cannot be read) is left out.
    ///
    /// Each match is scored from FTS5's instance lists alone; only those that score at least
    /// the `limit`th best read their path, which is read from the row of the document's text,
    /// and a common word matches tens of thousands of them.
    func bestMatches(_ phrases: [[String]], limit: Int) throws(ShelfError) -> [SearchMatch] {
        let match = phrases.filter { !$0.isEmpty }.map(FullText.matchExpression).joined(separator: " AND ")
        guard !match.isEmpty, limit > 0 else { return [] }
        return try read { db in
            let rows = try Row.fetchAll(db, sql: """
                WITH scored AS MATERIALIZED (
                    SELECT rowid AS id, \(FullTextRank.weightedCount) AS score FROM documents WHERE documents MATCH ?)
                SELECT d.path, d.book_path, s.score FROM scored s JOIN documents d ON d.rowid = s.id
                WHERE s.score >= COALESCE((SELECT score FROM scored ORDER BY score DESC LIMIT 1 OFFSET ?), 0)
                ORDER BY s.score DESC, d.path LIMIT ?
                """, arguments: [match, limit - 1, limit])
            let book = try db.makeStatement(sql: "SELECT slug, title FROM books WHERE path = ?")
            var matches: [SearchMatch] = []
            for row in rows {
                let path: String = row[0]
                let bookPath: String = row[1]
                guard let found = try Row.fetchOne(book, arguments: [bookPath]) else { continue }
                matches.append(SearchMatch(kind: path == bookPath ? .book : .session, bookID: BookID(found[0] as String),
                                           title: found[1], path: path, score: row[2]))
            }
            return matches
        }
    }
}
