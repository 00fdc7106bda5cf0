internal import GRDB

/// The index's tables. Any change to them bumps ``version``, and an index of another version is
/// deleted and rebuilt: it is a cache, so nothing is lost.
enum IndexSchema {
    /// Kept in `PRAGMA user_version`. Also bumped when what is read from a file changes, so an
    /// index built by an older shelf is rebuilt rather than trusted (2: books with a wrongly typed
    /// value are listed, with the value reported as a problem, instead of skipped; 3: single-valued
    /// fields, authors and tags are columns of `books` (``IndexColumns``, ``IndexListColumns``),
    /// and the full-text table is filled on first use; 4: books are found by slug through an index;
    /// 5: the body last, so that a query reading the columns before it does not read the pages a
    /// long body overflows into; 6: authors and tags holding U+001F are refused when read; 7: the
    /// sessions are read on first need, which `meta` records, ``LibraryIndex/hasSessions(_:)``,
    /// and a file's `author` is its authors when it has no `authors`; 8: the query columns are
    /// a table of their own, `book_facts`; 9: `books` names its rowid `id`, which `book_facts`
    /// refers to and `VACUUM` then keeps; 10: `files` keeps each file's change time, `changed`, so
    /// that a rewrite whose modification time was put back is seen; 11: a CRLF body keeps its first
    /// character, and `author` is the authors when `authors` is empty; 12: the columns of `books`
    /// and `book_facts` come from ``BookSchema``, `book_facts` in its order, and the full-text columns are its searched fields in its order;
    /// 13: `read`, the pages a book's sessions read, counts both ends of a range, and a shared
    /// boundary page once, ``ReadingSession/pagesRead(_:)``; 14: the `stopped` field; 15: a
    /// session's `time`, from its file name, orders the sessions of a day, and the fields
    /// `stopped_page` and `next`; 16: a book read before counts only its current read's sessions
    /// in its progress, and `reads` is a query column; 17: a session's `from` and `to` are positions,
    /// stored as text (`120`, `45%`, `loc 3400`, `3h20m`), and the fields `duration` and `locations`;
    /// 18: the full-text table keeps no column sizes, which only FTS5's own ranking reads (search
    /// ranks by ``SearchRanking``), and a first search fills it with the sessions;
    /// 19: `book_facts` keeps each book's progress totals (``IndexProgressColumns``), which listings
    /// read instead of adding up every session again); 20: `books` keeps the stamp of the bytes
    /// each book was read from, so that a listing joins no `files`, and `book_facts` has an index
    /// of its joined authors and tags, ``IndexListColumns/indexSQL``); 23: `sessions` has an index by
    /// day, so that the sessions of the books read lately are found without reading every session;
    /// 24: each session keeps the pages it read, `pages_read` (``LibraryIndex/pagesRead(_:of:)``),
    /// so that a year's pace is a sum in SQL, and the index by day covers it; 25: `books` has an
    /// index of its slugs' lengths and one of the slugs a case-sensitive range cannot find
    /// (``wideSlug``), so that a did-you-mean reads the slugs near the length typed, not all;
    /// 26: `books` keeps the key a sort by title compares, `sort_title`, and an index of it, so
    /// that a page of books by title is the index's first rows, not a sort of every book; and
    /// `book_facts` has indexes of `finished` and `reads`, which a year's statistics select by
    /// (``QuerySQL`` leaves a test bare outside a `NOT`, so SQLite can use them); 27: `books` has
    /// an index in up-next order, `books_up_next`, so that `next` reads the first places of the
    /// books to read and counts the rest in the index (``LibraryIndex/upNextPlaces(in:first:)``);
    /// 28: `books` has a covering index of the books finished, `books_by_finished`, which a
    /// year's statistics read their books from; 29: the index of `book_facts` by finish day
    /// holds the reads; 30: the indexes of one command each are made by its first read, not by
    /// the first build (``OnDemandIndex``); 31: `book_facts` keeps what a sort by author compares,
    /// `sort_author`, so that a page of books by author is cut from it as a page by a number is;
    /// 32: a first search keeps the session files' documents without their rows
    /// (``LibraryIndex/SessionsKept``), and `meta`'s `sessions` says which; 33: the full-text
    /// table gathers its new words in a larger buffer (``fullTextBuffer``).
    static let version = 33

    /// The bytes of new words FTS5 gathers in memory before it writes them to the table as a
    /// segment, in its `hashsize` setting (1 MiB by default). Segments are merged as they pile
    /// up, so a first fill of 100,000 books' words wrote one for every MiB of them and merged
    /// those again and again. Inserting those 201,862 documents into a new table took 1.30 s
    /// with a 16 MiB buffer rather than 1.75 s (the `sqlite3` shell with the index's 2 MB of
    /// page cache, medians of four rounds alternating); 8, 16 and 32 MiB took alike in another
    /// run, so the smallest is kept. The buffer holds only words not yet written, so a refresh
    /// that adds a few documents uses as little as before.
    static let fullTextBuffer = 8 << 20

    /// A slug with a capital or a character past ASCII: its lowercased length may differ from
    /// `length(slug)` in characters, and a range of lowercase slugs would miss it, so lookups by
    /// slug prefix and length also read these (``LibraryIndex/bookFileSlugs(startingWith:_:)``).
    /// `lower` lowercases ASCII alone; a byte length that differs from the length in characters
    /// is a character past ASCII.
    static let wideSlug = "(slug <> lower(slug) OR length(CAST(slug AS BLOB)) <> length(slug))"

    /// Full-text columns, in ``BookFacts/documentColumns(of:)`` order.
    static let textColumns = BookSchema.searchedFields.map(\.indexColumn) + ["body"]

    /// `book_facts` holds what queries test, one row per book with the `id` of its row in
    /// `books`: a query scans every row of it, and without the text, unknown keys and bodies
    /// of `books` it is a third of the pages (585 against 1,908 on 10,000 generated books).
    ///
    /// Drops every table and creates them again, empty: for an index whose books were read
    /// under another map of an adopted library's notes.
    static func recreate(_ db: Database) throws {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'")
        let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")
        for table in virtual { try db.execute(sql: "DROP TABLE IF EXISTS \(table)") }
        for table in tables { try db.execute(sql: "DROP TABLE IF EXISTS \(table)") }
        try create(db)
    }

    /// Creates the tables, without the secondary indexes and with `user_version` 0: an index
    /// is usable only once ``markComplete(_:)`` has run at the end of its first build, so a
    /// build cut short (it runs without a journal) reads as another version and is built again.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE TABLE files (
                id INTEGER PRIMARY KEY, path TEXT NOT NULL, size INTEGER NOT NULL, modified INTEGER NOT NULL,
                inode INTEGER NOT NULL, changed INTEGER NOT NULL, hash INTEGER NOT NULL);
            CREATE TABLE books (id INTEGER PRIMARY KEY, \(IndexRows.bookColumnDefinitions));
            CREATE TABLE book_facts (
                id INTEGER PRIMARY KEY, path TEXT NOT NULL, \(IndexColumns.definitions), \(IndexListColumns.definitions),
                \(IndexProgressColumns.definitions), sort_author TEXT);
            CREATE TABLE sessions (
                path TEXT NOT NULL, book_path TEXT NOT NULL, book_id TEXT NOT NULL, day TEXT NOT NULL,
                time INTEGER, sequence INTEGER NOT NULL, "from" TEXT, "to" TEXT, pages INTEGER, minutes INTEGER, extra TEXT,
                note TEXT NOT NULL, pages_read INTEGER);
            CREATE TABLE problems (
                path TEXT NOT NULL, line INTEGER NOT NULL, "column" INTEGER NOT NULL, message TEXT NOT NULL,
                is_session INTEGER NOT NULL, day TEXT);
            CREATE TABLE book_values (path TEXT NOT NULL, field TEXT NOT NULL, text TEXT, low REAL, high REAL);
            CREATE VIRTUAL TABLE documents USING fts5(
                path UNINDEXED, book_path UNINDEXED, \(textColumns.joined(separator: ", ")), tokenize = 'ascii', columnsize = 0);
            INSERT INTO documents (documents, rank) VALUES ('hashsize', \(fullTextBuffer));
            """)
    }

    /// Adds the indexes every refresh and lookup uses; the others are made by the first read
    /// that uses them (``OnDemandIndex``). Sorting every row once at the end of the first build
    /// is cheaper than keeping the indexes up to date row by row, the unique ones on paths too:
    /// rows do not go in in path order (a book's sessions go in before it).
    static func createIndexes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE UNIQUE INDEX files_by_path ON files(path);
            CREATE UNIQUE INDEX books_by_path ON books(path);
            CREATE INDEX books_by_slug ON books(slug);
            \(IndexListColumns.indexSQL)
            \(sessionIndexes)
            CREATE INDEX problems_by_path ON problems(path);
            CREATE INDEX book_values_by_field ON book_values(field, low);
            CREATE INDEX book_values_by_path ON book_values(path);
            """)
    }

    /// The indexes of `sessions`, which filling the table drops and makes again
    /// (``LibraryIndex/fillSessions(_:_:rows:fullText:batchSize:)``): sorting the rows once is cheaper
    /// than keeping the indexes row by row, as in the first build.
    ///
    /// The index by day covers what the reads by day use of a session: the books read since a
    /// day, and a period's pace (``LibraryIndex/readingFigures(matching:finishedIn:from:through:today:)``),
    /// which without it fetched every row of a year (55 ms against 5 ms for a year at 100,000 books).
    static let sessionIndexes = """
        CREATE UNIQUE INDEX sessions_by_path ON sessions(path);
        CREATE INDEX sessions_by_book ON sessions(book_path);
        CREATE INDEX sessions_by_day ON sessions(day, book_path, pages_read, minutes);
        """

    /// Drops ``sessionIndexes``.
    static func dropSessionIndexes(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX sessions_by_path; DROP INDEX sessions_by_book; DROP INDEX sessions_by_day")
    }

    /// Marks the index complete: the very last write of a first build, which runs without a
    /// journal, so that a build cut short at any point before it is built again.
    static func markComplete(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }
}
