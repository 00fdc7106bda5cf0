internal import GRDB

/// A library's statistics from the index: the books with a finished read from their rows, the
/// pace of the sessions as sums in SQL of the pages each read (`pages_read`, stored with the
/// session), and the streak's days from the sessions' index by day.
extension LibraryIndex {
    /// The figures of the books `query` matches: those of them with a read finished in `year`
    /// or that may have one (``GoalPace/finishedReads(in:)``, every year when `nil`), the pace of
    /// their sessions dated from `first` (the first ever when `nil`) through `last`, and the days
    /// with a session of theirs (of any book for every book) through `today`, newest first, as
    /// long as they follow one another. The index must keep sessions.
    func readingFigures(matching query: Query, finishedIn year: Int?, from first: Day?, through last: Day, today: Day)
        throws(ShelfError) -> ReadingFigures {
        ensure(.finishedReads)
        ensure(for: query)
        let books = try figureBooks(matching: query, finishedIn: year)
        return try read { db in
            // The sessions of the books matched, by path; of every book, none but the whole
            // library's streak asks. The pace of every book that reads counts the sessions with
            // their pages read: `NULL` is kept for those of a book without a row
            // (``updateProgress(_:books:all:)``), and 100,000 paths made into a table for `IN`
            // were a third of a year's statistics.
            var ofMatched = "pages_read IS NOT NULL"
            var ofBooks = ""
            var arguments = StatementArguments()
            if query.expression != .all {
                let compiled = QuerySQL(query.expression)
                ofMatched = "book_path IN (SELECT b.path FROM book_facts b WHERE \(compiled.sql))"
                ofBooks = " AND " + ofMatched
                arguments = compiled.statementArguments
            }
            // As ``ReadingPace/init(_:counting:)`` adds them up: a session is timed when it gives
            // more than no minutes and more than no pages.
            let timed = "minutes > 0 AND pages_read > 0"
            let paceRow = try Row.fetchOne(db, sql: """
                SELECT count(*), count(DISTINCT day), total(pages_read), total(minutes),
                       total(CASE WHEN \(timed) THEN pages_read END), total(CASE WHEN \(timed) THEN minutes END)
                FROM sessions WHERE day >= ? AND day <= ? AND \(ofMatched)
                """, arguments: [first?.description ?? "", last.description] + arguments)
            let pace = ReadingPace(totals: ReadingPace.Totals(
                sessions: paceRow?[0] ?? 0, readingDays: paceRow?[1] ?? 0, pagesRead: Int(paceRow?[2] ?? 0.0),
                minutes: Int(paceRow?[3] ?? 0.0), timedPages: Int(paceRow?[4] ?? 0.0), timedMinutes: Int(paceRow?[5] ?? 0.0)))
            // The whole library's streak counts every readable session, also one whose book does
            // not read just now, as a period's summary does (``RecentReading/sessionDays``).
            let days = try Self.streakDays(db, through: today, where: ofBooks, arguments)
            return ReadingFigures(books: books, pace: pace, streakDays: days, problems: [], customKeys: [])
        }
    }

    /// The columns of `books` the statistics of finished reads count (`reads` for the reads
    /// before the current one): what the figures read of a book
    /// (``ReadingStats/init(books:pace:streak:configuration:year:today:)``), its reads and their
    /// days, pages, rating, authors and tags.
    static let figuresColumns: Set<String> = ["finished", "pages", "rating", "authors", "tags", "reads"]

    /// The books of ``readingFigures(matching:finishedIn:from:through:today:)``, without versions.
    ///
    /// They are a few thousand books scattered through the table for a year, most of a library's
    /// books for all time, and reading their rows was most of the statistics (a year of 7,000
    /// books of 100,000: 10,000 page reads, 28 of 45 ms in SQLite). So the books finished (in the
    /// year) and never read before are read in finish order from the covering index
    /// `books_by_finished` (``OnDemandIndex/finishedReads``), and only those read before
    /// (``GoalPace/readBefore(source:)``, whose earlier reads are in the custom keys) from their rows.
    private func figureBooks(matching query: Query, finishedIn year: Int?) throws(ShelfError) -> [Book] {
        func withoutVersion(_ book: Book) -> Book {
            var book = book
            book.version = nil
            return book
        }
        let readBefore = GoalPace.readBefore(source: year.map { "finished:\($0)" } ?? "finished")
        var books = try books(matching: Query(.and([query.expression, readBefore])), progress: false,
                              onlyColumns: Self.figuresColumns) { book, _, _ in withoutVersion(book) }
        // The others finished (in the year: a day's text, ``Day/description``, begins with its
        // four-digit year and sorts as the day does). Their custom keys are read as none: they
        // hold no earlier read finished, all the figures read of them, and so the index covers
        // every column read.
        var sql = "SELECT \(Self.columns(only: Self.figuresColumns.subtracting(["reads"]))) FROM books d WHERE d.finished IS NOT NULL"
        var arguments = StatementArguments()
        if let year {
            guard let lastDay = Day(year: year, month: 12, day: 31) else { return books }
            sql += " AND d.finished >= ? AND d.finished <= ?"
            arguments += [String(lastDay.description.prefix(4)) + "-01-01", lastDay.description]
        }
        let before = QuerySQL(readBefore)
        sql += " AND d.id NOT IN (SELECT b.id FROM book_facts b WHERE \(before.sql))"
        arguments += before.statementArguments
        if query.expression != .all {
            let matched = QuerySQL(query.expression)
            sql += " AND d.id IN (SELECT b.id FROM book_facts b WHERE \(matched.sql))"
            arguments += matched.statementArguments
        }
        try read { db in
            let statement = try db.makeStatement(sql: sql)
            let reader = IndexRows.BookReader(statement)
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try rows.next() {
                books.append(withoutVersion(reader.book(row).read(from: reader.stamp(row))))
            }
        }
        return books
    }

    /// The days with a readable session (of any book) through `last`, newest first, as long as
    /// they follow one another: the days that end the library's streak.
    func streakDays(through last: Day) throws(ShelfError) -> Set<Day> {
        try read { db in try Self.streakDays(db, through: last, where: "", StatementArguments()) }
    }

    /// The days with a session through `last` that `condition` (`AND …`, empty for every
    /// session) keeps, newest first through the sessions' index by day, stopping at the first
    /// day missed.
    private static func streakDays(_ db: Database, through last: Day, where condition: String,
                                   _ arguments: StatementArguments) throws -> Set<Day> {
        var days = Set<Day>()
        var previous: Day?
        let rows = try Row.fetchCursor(db, sql: """
            SELECT DISTINCT day FROM sessions WHERE day <= ?\(condition) ORDER BY day DESC
            """, arguments: [last.description] + arguments)
        while let row = try rows.next() {
            guard let day = Day(row[0] as String) else { continue }
            if let previous, previous.adding(days: -1) != day { break }
            days.insert(day)
            previous = day
        }
        return days
    }
}
