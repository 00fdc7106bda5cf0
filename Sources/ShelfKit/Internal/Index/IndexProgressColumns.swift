internal import GRDB

/// Each book's reading progress as ``ReadingProgress`` adds it up, kept in columns of
/// `book_facts` beside the query columns made from it, and set by the same statement
/// (``IndexColumns/sessionUpdateSQL``).
///
/// A listing that shows progress reads it from the book's row. Adding up the sessions again
/// for each listing read every session row of the library into memory first: 170,000 rows on
/// 100,000 generated books. The columns are right only once the index keeps sessions
/// (``LibraryIndex/hasSessions(_:)``); before, every book holds the totals of no sessions.
enum IndexProgressColumns {
    /// The columns, in the order ``bind(_:to:)`` binds them and ``progress(_:from:)`` reads
    /// them: ``ReadingProgress/sessions``, ``ReadingProgress/page``, ``ReadingProgress/pagesRead``,
    /// ``ReadingProgress/minutes``, ``ReadingProgress/fraction``.
    static let names = ["progress_sessions", "progress_page", "progress_pages_read", "progress_minutes", "progress_fraction"]

    /// The column definitions for `CREATE TABLE book_facts`.
    static let definitions = "progress_sessions INTEGER NOT NULL, progress_page INTEGER, progress_pages_read INTEGER NOT NULL, "
        + "progress_minutes INTEGER NOT NULL, progress_fraction REAL"

    /// The columns for a `SELECT`, each prefixed with `table`.
    static func selected(from table: String) -> String {
        names.map { table + "." + $0 }.joined(separator: ", ")
    }

    /// Binds `progress` as ``names``.
    static func bind(_ progress: ReadingProgress, to row: inout IndexInsert) {
        row.bind(Int64(progress.sessions))
        row.bind(progress.page.map(Int64.init))
        row.bind(Int64(progress.pagesRead))
        row.bind(Int64(progress.minutes))
        row.bind(progress.fraction)
    }

    /// The progress stored in the columns of ``names``, starting at `column`.
    static func progress(_ row: Row, from column: Int) -> ReadingProgress {
        var progress = ReadingProgress([])
        progress.sessions = row[column]
        progress.page = row[column + 1]
        progress.pagesRead = row[column + 2]
        progress.minutes = row[column + 3]
        progress.fraction = row[column + 4]
        return progress
    }
}
