internal import GRDB

/// A listing of sessions from the index, read in order and handed on a chunk at a time: each
/// row keeps the pages it read (`pages_read`), so no session is held for the ones after it.
extension LibraryIndex {
    /// Hands `body` the sessions dated from `first` through `last` in listing order
    /// (``ReadingSession/listedBefore(_:_:)``), the last `limit` of them, each with its pages
    /// read and its book (whole, or its id and title), ``StreamedListing/chunk`` at a time, until
    /// `body` returns `false`. The index must keep sessions.
    ///
    /// SQLite orders the rows by day, time and sequence; rows equal in those three are put in
    /// order here, by suffix and path, before any is handed on.
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool,
                        _ body: @escaping ([SessionLine]) -> Bool) throws(ShelfError) {
        try read { db in
            var period = SessionPeriod(first: first, last: last)
            // With a limit, the listing starts at the first session of the last `limit`: at the
            // day, time and sequence of that session, less those of them listed before it. That
            // session is the `limit`-th from the end, found by SQLite's sort with a limit in
            // descending order; stepping an `OFFSET` over every earlier row took 0.37 s at 170,000.
            var skipped = 0
            if let limit {
                guard limit > 0 else { return }
                guard let start = try Row.fetchOne(db, sql: """
                    SELECT day, ifnull(time, -1), sequence FROM sessions s WHERE \(period.sql)
                    ORDER BY day DESC, time DESC, sequence DESC LIMIT 1 OFFSET ?
                    """, arguments: period.arguments + [limit - 1]) else {
                    // Fewer sessions than the limit: all of them.
                    return try Self.list(db, period, wholeBooks: wholeBooks, skipping: 0, body)
                }
                period.start = (day: start[0], minute: start[1], sequence: start[2])
                // The rows from that day, time and sequence on: the last `limit`, and those that
                // share its day, time and sequence but are listed before it.
                let fromStart = try Int.fetchOne(db, sql: "SELECT count(*) FROM sessions s WHERE \(period.sql)",
                                                 arguments: period.arguments) ?? 0
                skipped = max(0, fromStart - limit)
            }
            try Self.list(db, period, wholeBooks: wholeBooks, skipping: skipped, body)
        }
    }

    /// The days of a listing, and the day, time and sequence it starts at (with a limit).
    private struct SessionPeriod {
        var first: Day?
        var last: Day?
        var start: (day: String, minute: Int, sequence: Int)?

        var sql: String {
            var conditions = ["1"]
            if first != nil { conditions.append("s.day >= ?") }
            if last != nil { conditions.append("s.day <= ?") }
            if start != nil {
                // The day again on its own, so that SQLite reads the rows from it on through the
                // sessions' index by day.
                conditions.append("s.day >= ? AND (s.day, ifnull(s.time, -1), s.sequence) >= (?, ?, ?)")
            }
            return conditions.joined(separator: " AND ")
        }

        var arguments: StatementArguments {
            var arguments = StatementArguments()
            if let first { arguments += [first.description] }
            if let last { arguments += [last.description] }
            if let start { arguments += [start.day, start.day, start.minute, start.sequence] }
            return arguments
        }
    }

    /// The rows of `period` in order, less the first `skipped`, to `body` in chunks.
    private static func list(_ db: Database, _ period: SessionPeriod, wholeBooks: Bool, skipping skipped: Int,
                             _ body: @escaping ([SessionLine]) -> Bool) throws {
        // The title by a subquery rather than a join: both tables have a `path`.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(IndexRows.sessionColumns), pages_read, book_path, (SELECT title FROM books WHERE path = s.book_path)
            FROM sessions s WHERE \(period.sql) ORDER BY s.day, s.time, s.sequence
            """, arguments: period.arguments)
        var lister = Lister(db: db, wholeBooks: wholeBooks, skipped: skipped, body: body)
        // The rows of one day, time and sequence, put in order before they go on.
        var tied: [(line: SessionLine, bookPath: String)] = []
        var key: (day: String, minute: Int, sequence: Int)?
        while let row = try rows.next() {
            let rowKey = (day: row[2] as String, minute: (row[3] as Int?) ?? -1, sequence: row[4] as Int)
            if let key, key != rowKey {
                guard try lister.add(tied) else { return }
                tied.removeAll(keepingCapacity: true)
            }
            key = rowKey
            guard let session = IndexRows.session(row) else { continue }
            let bookPath: String = row[12]
            let title: String? = row[13]
            var line = SessionLine(session: session, pagesRead: row[11] ?? 0, book: title.map { Book(id: session.bookID, title: $0) })
            // A book without a row (its file does not read) has no pages read stored: they are
            // counted from its sessions in their own units, as without the index.
            if (row[11] as Int?) == nil { line.pagesRead = try lister.pagesRead(of: session, bookPath: bookPath) }
            tied.append((line, bookPath))
        }
        if try lister.add(tied) { _ = try lister.flush() }
    }

    /// Collects lines into chunks, reading each chunk's books whole when asked, and hands them on.
    private struct Lister {
        let db: Database
        let wholeBooks: Bool
        var skipped: Int
        let body: ([SessionLine]) -> Bool
        var chunk: [(line: SessionLine, bookPath: String)] = []
        /// The pages read of each session of the books without a row met so far, by path.
        var unreadBooks: [String: [String: Int]] = [:]

        init(db: Database, wholeBooks: Bool, skipped: Int, body: @escaping ([SessionLine]) -> Bool) {
            self.db = db
            self.wholeBooks = wholeBooks
            self.skipped = skipped
            self.body = body
        }

        /// Adds lines equal in day, time and sequence; `false` once `body` asked to stop.
        mutating func add(_ tied: [(line: SessionLine, bookPath: String)]) throws -> Bool {
            var ordered = tied.count > 1 ? tied.sorted { ReadingSession.listedBefore($0.line.session, $1.line.session) } : tied
            if skipped > 0 {
                let dropped = min(skipped, ordered.count)
                ordered.removeFirst(dropped)
                skipped -= dropped
            }
            chunk += ordered
            while chunk.count >= StreamedListing.chunk {
                guard try flush(StreamedListing.chunk) else { return false }
            }
            return true
        }

        /// Hands on the first `count` lines collected (all when `nil`); `false` once `body`
        /// asked to stop.
        mutating func flush(_ count: Int? = nil) throws -> Bool {
            let handed = chunk.prefix(count ?? chunk.count)
            guard !handed.isEmpty else { return true }
            var lines = handed.map(\.line)
            if wholeBooks {
                let paths = Array(Set(handed.map(\.bookPath)))
                let statement = try db.makeStatement(sql: """
                    SELECT * FROM books WHERE path IN (\(databaseQuestionMarks(count: paths.count)))
                    """)
                let reader = IndexRows.BookReader(statement)
                var books: [String: Book] = [:]
                let rows = try Row.fetchCursor(statement, arguments: StatementArguments(paths))
                while let row = try rows.next() {
                    let book = reader.book(row).read(from: reader.stamp(row))
                    books[book.path] = book
                }
                for (index, handed) in zip(lines.indices, handed) { lines[index].book = books[handed.bookPath] }
            }
            chunk.removeFirst(lines.count)
            return body(lines)
        }

        /// The pages `session` read, counted with every session of its book, which has no row.
        mutating func pagesRead(of session: ReadingSession, bookPath: String) throws -> Int {
            if let known = unreadBooks[bookPath] { return known[session.path] ?? 0 }
            var sessions: [ReadingSession] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT \(IndexRows.sessionColumns) FROM sessions WHERE book_path = ?",
                                           arguments: [bookPath])
            while let row = try rows.next() {
                if let session = IndexRows.session(row) { sessions.append(session) }
            }
            let pages = Dictionary(zip(sessions.map(\.path), ReadingSession.pagesRead(sessions)), uniquingKeysWith: { first, _ in first })
            unreadBooks[bookPath] = pages
            return pages[session.path] ?? 0
        }
    }
}
