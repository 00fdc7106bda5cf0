/// Reading a library: books, sessions and the problems in its files.
///
/// Split from ``LibraryWriting`` so code that only shows data can say so in its type. Both
/// ``FileLibrary`` and ``InMemoryLibrary`` conform, with the same behaviour.
public protocol LibraryReading: Sendable {
    /// The statuses and goal the library uses.
    var configuration: LibraryConfiguration { get }

    /// The book with slug `id`.
    /// - Throws: ``ShelfError/bookNotFound(reference:closeMatches:)``,
    ///   ``ShelfError/duplicateSlug(slug:paths:)``, or an error for a file that cannot be read.
    func book(_ id: BookID) async throws(ShelfError) -> Book

    /// The books that match a query in the query language (`docs/query.md`), sorted, at most
    /// `limit` of them.
    ///
    /// ``FileLibrary`` answers from its index, refreshed first; ``InMemoryLibrary`` and a file
    /// library opened without an index evaluate the same query in Swift, with the same answers.
    /// The listing's problems are those of the book files skipped.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` for a custom field no book has (a typo, most
    ///   likely), pointing at the term.
    func books(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book>

    /// The page of ``books(matching:sortedBy:limit:)-(Query,_,_)`` that starts `offset` books
    /// in (0 is the first book; a negative offset counts as 0), at most `limit` books: for a
    /// screen that loads a long listing as it scrolls, with ``count(matching:)`` for its length.
    /// Pages of one order follow one another without a gap or a book twice, while the library
    /// does not change between them.
    func books(matching query: Query, sortedBy order: [BookSort], limit: Int?, offset: Int) async throws(ShelfError) -> Listing<Book>

    /// How many books `query` matches: as many as ``books(matching:sortedBy:limit:)-(Query,_,_)``
    /// lists without a limit, counted from the index without reading the books where the library
    /// has one.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` as a listing of the query would.
    func count(matching query: Query) async throws(ShelfError) -> Int

    /// The books that match `text` in the query language, with relative dates counted from the
    /// library's today.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` pointing at the term at fault.
    func books(matching text: String, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book>

    /// Full-text search over books (title, subtitle, authors, tags, series, body) and session
    /// notes: every word must match a word prefix, `"quoted words"` in a row. Best first, with
    /// the problems of the book files skipped.
    /// - Parameters:
    ///   - text: Words and quoted phrases; case and accents are ignored.
    ///   - limit: How many hits at most.
    ///   - highlight: The markers put around matches in each snippet.
    func search(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit>

    /// ``books(matching:sortedBy:limit:)`` with each book's reading progress, read in the same
    /// pass over the library: for listings that show progress, where ``sessions(of:)`` would
    /// find each book again. The listing's problems also name the listed books' session files
    /// that could not be read, which their progress leaves out.
    func booksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<BookWithProgress>

    /// The books that match `query`, each made into a `Row` by `row` as it is read, sorted by
    /// `order`, at most `limit` of them: for listings of a whole library, which then hold what
    /// they show rather than every book.
    ///
    /// ``books(matching:sortedBy:limit:)-(Query,_,_)`` holds every book matched, its body and
    /// custom keys included, until the caller is done with them: a table of 100,000 generated
    /// books took 390 MB that way. Here each book is let go once `row` has made its row, so a
    /// table of titles and authors takes the memory of the titles and authors. Each book has
    /// its ``Book/version``, so a row that keeps the book can still hand it to
    /// ``LibraryWriting/update(_:)-(Book)``.
    ///
    /// ```swift
    /// let titles = try await library.mapBooks(matching: .all, sortedBy: [], limit: nil, withProgress: true) { book, progress in
    ///     "\(book.title) \(progress?.percent(of: book.pages) ?? 0)%"
    /// }
    /// ```
    /// - Parameters:
    ///   - withProgress: Whether `row` gets each book's reading progress, as
    ///     ``booksWithProgress(matching:sortedBy:limit:)`` gives it; without, it gets `nil`.
    ///   - row: Called once for each book matched, before sorting, on any thread; it must not
    ///     depend on the order of the calls.
    /// - Returns: The rows, with the problems ``booksWithProgress(matching:sortedBy:limit:)``
    ///   reports with progress, and ``books(matching:sortedBy:limit:)-(Query,_,_)`` without.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` as ``books(matching:sortedBy:limit:)-(Query,_,_)`` does.
    func mapBooks<Row: Sendable>(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                                 _ row: @escaping @Sendable (Book, ReadingProgress?) -> Row) async throws(ShelfError)
        -> Listing<Row>

    /// A book's reading sessions, by day and sequence.
    /// - Throws: ``ShelfError/bookNotFound(reference:closeMatches:)``, or an error for a
    ///   session file that cannot be read.
    func sessions(of id: BookID) async throws(ShelfError) -> [ReadingSession]

    /// Every session on or after `day` (all when `nil`), by day, sequence and path; unreadable
    /// session files are skipped and reported in the listing's problems.
    func sessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession>

    /// Reads every file and reports every problem found, sorted by path and line.
    func check() async throws(ShelfError) -> [Problem]
}

// The shorter forms below have signatures of their own, never a requirement's with defaults:
// a conformer that forgot a requirement would otherwise compile and call itself forever. They
// return the items alone, for callers that do not show the problems of skipped files.
extension LibraryReading {

    /// The books that match a parsed query, sorted by `order` then title then path.
    ///
    /// ```swift
    /// let query = try Query(parsing: "author:herbert finished:2024", today: .today())
    /// let books = try await library.books(matching: query)
    /// ```
    public func books(matching query: Query, sortedBy order: [BookSort] = []) async throws(ShelfError) -> [Book] {
        try await books(matching: query, sortedBy: order, limit: nil).items
    }

    /// The books that match `text` in the query language, sorted by `order` then title then path.
    public func books(matching text: String, sortedBy order: [BookSort] = []) async throws(ShelfError) -> [Book] {
        try await books(matching: text, sortedBy: order, limit: nil).items
    }

    /// Full-text search with the hits' matches between `«` and `»`.
    public func search(_ text: String, limit: Int? = nil) async throws(ShelfError) -> [SearchHit] {
        try await search(text, limit: limit, highlight: .guillemets).items
    }
}

extension LibraryReading {
    /// ``mapBooks(matching:sortedBy:limit:withProgress:_:)`` for a conformer without its own:
    /// the rows are made from the books of ``booksWithProgress(matching:sortedBy:limit:)`` or
    /// ``books(matching:sortedBy:limit:)-(Query,_,_)``, which hold every book first.
    public func mapBooks<Row: Sendable>(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                                        _ row: @escaping @Sendable (Book, ReadingProgress?) -> Row) async throws(ShelfError)
        -> Listing<Row> {
        guard withProgress else {
            let listing = try await books(matching: query, sortedBy: order, limit: limit)
            return Listing(listing.items.map { row($0, nil) }, problems: listing.problems)
        }
        let listing = try await booksWithProgress(matching: query, sortedBy: order, limit: limit)
        return Listing(listing.items.map { row($0.book, $0.progress) }, problems: listing.problems)
    }

    /// The session of book `id` that `reference` names (`SessionReference`): a file name
    /// without `.md`, a day with one session, or `last`.
    /// - Throws: ``ShelfError/sessionNotFound(bookID:reference:sessions:)``,
    ///   ``ShelfError/ambiguousSession(bookID:day:sessions:)``, and the errors of ``sessions(of:)``.
    package func session(_ reference: SessionReference, of id: BookID) async throws(ShelfError) -> ReadingSession {
        try reference.resolve(in: try await sessions(of: id), of: id)
    }
}
