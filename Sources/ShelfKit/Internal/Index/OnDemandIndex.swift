internal import GRDB

/// An index of the index that only some reads use, made by the first of them rather than by the
/// first build (``IndexSchema/createIndexes(_:)``).
///
/// Every command on a new clone, and the first after a change of version, waits for the first
/// build, whose secondary indexes are sorted one by one once the rows are in, on one thread.
/// These served one command each (`next`, a page by title, the did-you-mean, the statistics) and
/// were some 36 of the 56 ms those sorts took at 10,000 books, a tenth of a cold list.
/// Made when first needed, each costs its own command what it cost the build, once.
///
/// A read without its index gives the same answer, scanning instead; so when an index cannot be
/// made (the index file is read-only, another process holds the write lock past the timeout),
/// the read goes on without it.
enum OnDemandIndex: CaseIterable, Sendable {
    /// The slugs by length and those a case-sensitive range cannot find (``IndexSchema/wideSlug``):
    /// a did-you-mean reads the slugs near the length typed, not all
    /// (``LibraryIndex/bookFileSlugs(ofLengths:_:)``).
    case nearSlugs
    /// The books by the key a sort by title compares: a page of books by title is the index's
    /// first rows, not a sort of every book (``LibraryIndex/pathsByTitle(matching:descending:limit:offset:)``).
    case sortTitle
    /// The books in up-next order: `next` reads the first places of the books to read and counts
    /// the rest in the index (``LibraryIndex/upNextPlaces(in:first:)``).
    case upNext
    /// The books finished, and the `book_facts` columns a year's statistics select by
    /// (``LibraryIndex/readingFigures(matching:finishedIn:from:through:today:)``).
    case finishedReads
    /// The query rows by path: a query testing words or a custom key (`b.path IN (SELECT …)`,
    /// ``QuerySQL``) looks up the books its set names rather than testing every row against
    /// it (three words few books hold together: 127 → 72 ms at 100,000 books, in `sqlite3`).
    case factsByPath

    /// The names of the indexes it makes, which tell whether it exists.
    var names: [String] {
        switch self {
        case .nearSlugs: ["books_by_slug_length", "books_by_wide_slug"]
        case .sortTitle: ["books_by_sort_title"]
        case .upNext: ["books_up_next"]
        case .finishedReads: ["books_by_finished", "book_facts_by_finished", "book_facts_by_reads"]
        case .factsByPath: ["book_facts_by_path"]
        }
    }

    /// The statements that make it, each `IF NOT EXISTS`: two processes may both find it missing.
    var sql: String {
        switch self {
        case .nearSlugs:
            """
            CREATE INDEX IF NOT EXISTS books_by_slug_length ON books(length(slug), slug);
            CREATE INDEX IF NOT EXISTS books_by_wide_slug ON books(slug) WHERE \(IndexSchema.wideSlug);
            """
        case .sortTitle:
            "CREATE INDEX IF NOT EXISTS books_by_sort_title ON books(sort_title, path);"
        case .upNext:
            "CREATE INDEX IF NOT EXISTS books_up_next ON books(status, next IS NULL, next, added IS NULL, added);"
        case .finishedReads:
            Self.finishedBooksIndex + Self.factIndexes
        case .factsByPath:
            "CREATE INDEX IF NOT EXISTS book_facts_by_path ON book_facts(path);"
        }
    }

    /// The books finished, in finish order, with every column the statistics read of them
    /// (``LibraryIndex/figuresColumns``, but the custom keys, and the columns every book is read
    /// with): a year's books, or all time's, are read from it alone rather than from rows
    /// scattered through the table. 7 MB at 100,000 books, 45,000 of them finished; made in 0.13 s.
    private static let finishedBooksIndex = """
        CREATE INDEX IF NOT EXISTS books_by_finished
            ON books(finished, pages, rating, authors, tags, path, slug, status, folder, title) WHERE finished IS NOT NULL;
        """

    /// Indexes of the `book_facts` columns a year's statistics select by: when a read was
    /// finished, and how many reads a book had. The index of finish days holds the reads too, so
    /// that the books read before and not finished now (`reads>=1` without `finished`) are
    /// found in it: with the finish days alone, SQLite read the row of each of the 55,000 books
    /// without one at 100,000 books to test its reads (17 ms; 0.3 ms with them). A query of
    /// those fields (`list finished:2025`) uses them too once they exist (``QuerySQL`` leaves a
    /// test bare outside a `NOT`).
    private static var factIndexes: String {
        guard let finished = IndexColumns.lowColumn(of: "finished"), let reads = IndexColumns.lowColumn(of: "reads") else { return "" }
        return """
            CREATE INDEX IF NOT EXISTS book_facts_by_finished ON book_facts(\(finished), \(reads));
            CREATE INDEX IF NOT EXISTS book_facts_by_reads ON book_facts(\(reads));
            """
    }
}

extension LibraryIndex {
    /// Makes `index` unless it exists; a read that uses it calls this first, outside its read
    /// transaction. When it cannot be made, the read goes on without it (``OnDemandIndex``).
    func ensure(_ index: OnDemandIndex) {
        let names = index.names
        let missing = try? read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (\(names.map { "'\($0)'" }.joined(separator: ", ")))
                """) != names.count
        }
        guard missing == true else { return }
        _ = try? write { db in try db.execute(sql: index.sql) }
    }

    /// Makes the indexes a read of the books `query` matches uses (``ensure(_:)``).
    func ensure(for query: Query?) {
        if let query, QuerySQL(query.expression).looksUpPaths { ensure(.factsByPath) }
    }
}
