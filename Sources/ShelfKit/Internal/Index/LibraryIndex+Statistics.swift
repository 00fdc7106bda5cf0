internal import GRDB

/// A library's statistics from the index: the books with a finished read from their rows, the
/// pace of the sessions as sums in SQL of the pages each read (`pages_read`, stored with the
/// session), and the streak's days from the sessions' index by day.
extension LibraryIndex {
    /// The figures of the books `query` matches: those of them `finishedReads` also matches, the
    /// pace of their sessions dated from `first` (the first ever when `nil`) through `last`, and
    /// the days with a session of theirs (of any book for every book) through `today`, newest
    /// first, as long as they follow one another. The index must keep sessions.
    func readingFigures(matching query: Query, finishedReads: Query, from first: Day?, through last: Day, today: Day)
        throws(ShelfError) -> ReadingFigures {
        let reads = Query(.and([query.expression, finishedReads.expression]))
        // Only what the figures read of a book (``ReadingStats/init(books:pace:streak:configuration:year:today:)``):
        // its reads and their days, pages, rating, authors and tags; all time, they are most of a
        // library's books.
        let books = try books(matching: reads, progress: false, onlyColumns: Self.figuresColumns) { book, _, _ in
            var book = book
            book.version = nil
            return book
        }
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
    /// before the current one).
    static let figuresColumns: Set<String> = ["finished", "pages", "rating", "authors", "tags", "reads"]

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
