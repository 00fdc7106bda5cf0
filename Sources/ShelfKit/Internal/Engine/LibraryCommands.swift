/// What shelf's own commands ask of a library beyond the public API: the listing by the
/// command-line filter options, a scan for `check`, finding a book by what a person typed, the
/// trash, and removing keys whatever their values. Both library kinds answer it (through
/// `EngineHandle`), so the commands and the tests run on either; an app reaches the same
/// behaviour through ``LibraryReading`` and ``LibraryWriting`` (a ``Query``, ``LibraryWriting/update(_:_:)``).
package protocol LibraryCommands: LibraryBatchWriting {
    /// The books that match `query`, sorted, at most `limit` of them.
    ///
    /// Files that cannot be read are skipped, never fatal; the listing's problems describe them.
    /// - Parameters:
    ///   - query: Which books; the default matches all.
    ///   - order: Sort keys; ties fall back to title, then path.
    ///   - limit: How many to return at most.
    /// - Throws: Only when the library's folders cannot be read at all.
    func books(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book>

    /// Reads every book: those that read cleanly, and a problem for each file that does not.
    func scan() async throws(ShelfError) -> LibraryScan

    /// The books with a session on or after `day`, every session of theirs (a session's pages
    /// count after the one before it), and the days of the library's sessions: what a day's,
    /// week's or month's summary reads, rather than every book and session.
    func recentReading(since day: Day) async throws(ShelfError) -> RecentReading

    /// The sessions dated from `first` through `last`, each with its pages read and its book's id
    /// and title, the days that end the library's streak, and the problems of the files among
    /// them: what a day's, week's or month's summary reads.
    func periodReading(from first: Day, through last: Day) async throws(ShelfError) -> PeriodReading

    /// The books `query` matches, sorted, at most `limit` of them, as ``books(matching:sortedBy:limit:)``
    /// lists them, handed to `body` whole a chunk of ``StreamedListing/chunk`` at a time: a listing
    /// of every book holds their order and a chunk, not every book.
    /// - Parameters:
    ///   - withProgress: Whether each book comes with its progress, as ``booksWithProgress(matching:sortedBy:limit:)``
    ///     reads it; without, every progress is empty.
    ///   - body: Called with each chunk in turn, on any thread; returns `false` to stop.
    /// - Returns: The problems of the book files skipped and, `withProgress`, of the listed
    ///   books' session files.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` for a query the library's books cannot answer.
    func forEachBook(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                     _ body: @escaping @Sendable ([BookWithProgress]) -> Bool) async throws(ShelfError) -> [Problem]

    /// The library's sessions from `first` through `last` (open at either end when `nil`), the
    /// last `limit` of them (all when `nil`), oldest first as ``LibraryReading/sessions(since:)``
    /// lists them, each with the pages it read and its book, handed to `body` a chunk of
    /// ``StreamedListing/chunk`` at a time: a listing of a library's sessions holds a chunk, not
    /// every session.
    /// - Parameters:
    ///   - wholeBooks: Whether each line's book is read whole, or only its id and title.
    ///   - body: Called with each chunk in turn, on any thread; returns `false` to stop.
    /// - Returns: The problems of the session and book files skipped.
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool,
                        _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem]

    /// The first `limit` books to read in up-next order (all when `nil`), each read whole, and
    /// how many there are: the order of tens of thousands of books is found from their places
    /// alone (``UpNextOrder/Place``).
    func upNext(limit: Int?) async throws(ShelfError) -> UpNextOrder.Page

    /// Every book to read in up-next order, handed to `body` a chunk of ``StreamedListing/chunk``
    /// at a time: a listing of tens of thousands of books to read holds their places and a
    /// chunk, not every book.
    /// - Parameters:
    ///   - wholeBooks: Whether each book comes with its body and custom keys; without, it may
    ///     have neither (a table of titles needs no body).
    ///   - body: Called with each chunk in turn, on any thread; returns `false` to stop.
    /// - Returns: No books, how many there are to read, and the problems of the book files skipped.
    func forEachUpNext(wholeBooks: Bool, _ body: @escaping @Sendable ([Book]) -> Bool) async throws(ShelfError) -> UpNextOrder.Page

    /// What the statistics of the books `query` matches need, for `year` (all time when `nil`)
    /// as of `today`, when the library adds up the sessions without reading them (an index);
    /// `nil` when it cannot, and the statistics read the books and sessions.
    /// - Throws: ``ShelfError/invalidQuery(_:)`` for a query the library's books cannot answer.
    func readingFigures(matching query: Query, year: Int?, today: Day) async throws(ShelfError) -> ReadingFigures?

    /// The deleted books in `.shelf/trash/`, the most recently deleted first; a book deleted
    /// more than once is there once per deletion.
    func trashedBooks() async throws(ShelfError) -> [TrashedBook]

    /// The book a person means by `reference`: a slug, a path relative to the library, the start
    /// of a slug, or a fragment of a title. The best match wins: the exact title, then whole words
    /// of a title, then the start of a slug, the start of a word, anywhere in a title.
    /// - Throws: ``ShelfError/ambiguousReference(reference:candidates:)`` when several books
    ///   match equally well, ``ShelfError/bookNotFound(reference:closeMatches:)`` with slugs a few edits away.
    func resolve(_ reference: String) async throws(ShelfError) -> Book

    /// Removes front matter keys from a book with all their lines, whatever their values: also
    /// a value of the wrong type, which ``update(_:)-(Book)`` cannot remove because the book read
    /// from the file leaves it out. Keys the file does not have are left alone; when it has none
    /// of them, nothing is written.
    /// The book is found from its path, as ``update(_:)-(Book)`` finds it.
    /// - Returns: The book as written, and the keys its file did not have.
    @discardableResult
    func removeKeys(_ keys: [String], from book: Book) async throws(ShelfError) -> RemovedKeys

    /// Deletes every book matching `query`, all or none.
    @discardableResult
    func deleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book]

    /// Puts a deleted book back where it was: the copy of `id` deleted last, or with `day` the
    /// last one deleted that day.
    /// - Throws: ``ShelfError/notInTrash(_:)``, ``ShelfError/notDeletedOn(_:day:deletedIn:)``, or
    ///   ``ShelfError/restoreBlocked(_:existingPath:)`` when a book with that slug exists again.
    @discardableResult
    func restore(_ id: BookID, deletedOn day: Day?) async throws(ShelfError) -> Book

    /// Puts the deleted book at `trashPath` (`.shelf/trash/2026-11-24/to-read/circe.md`, as
    /// ``TrashedBook/path`` says) back where it was.
    /// - Throws: ``ShelfError/notInTrashAt(path:)``, or
    ///   ``ShelfError/restoreBlocked(_:existingPath:)`` when a book with that slug exists again.
    @discardableResult
    func restore(trashedAt trashPath: String) async throws(ShelfError) -> Book

    /// The books `book` may be a copy of: those with its ISBN, and those with its title and first
    /// author. `shelf add` warns with these; nothing refuses a second copy.
    func duplicates(of book: Book) async throws(ShelfError) -> [BookDuplicate]

    /// Adds several books, all or none: everything is checked first, and a write that fails
    /// midway undoes the ones before it.
    @discardableResult
    func add(_ books: [NewBook]) async throws(ShelfError) -> [Book]

    /// Updates several books, all or none. Several copies of one book are applied in order, each
    /// with its own changes, as if saved one after the other.
    @discardableResult
    func update(_ books: [Book]) async throws(ShelfError) -> [Book]

    /// Adds a book as ``add(_:to:in:)`` does, with files beside it written in the same write:
    /// each attachment is named after the book's file (`dune.jpg` beside `dune.md`) and the key
    /// it names (`cover`) is set to that name, so a crash leaves neither or both and one undo
    /// takes both back.
    /// - Throws: The errors of ``add(_:to:in:)``, and ``ShelfError/alreadyExists(path:)`` when
    ///   another file has an attachment's name.
    @discardableResult
    func add(_ book: Book, to status: Status, in folder: String, attaching attachments: [BookAttachment]) async throws(ShelfError) -> Book

    /// Reads a book, lets `change` edit it and writes what it changed together with files
    /// beside it (``BookAttachment``), each named in its key, under one hold of the writer
    /// lock: a cover fetched with the book's details. A file already there with an
    /// attachment's name is kept; it is named when it holds the same bytes.
    /// - Throws: What `change` throws, the errors of ``update(_:_:)``, and
    ///   ``ShelfError/alreadyExists(path:)`` when another file has an attachment's name.
    @discardableResult
    func update(_ id: BookID, attaching attachments: [BookAttachment],
                _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book
}

extension LibraryCommands {
    /// A library that only reads its books and sessions adds them up in the statistics.
    package func readingFigures(matching query: Query, year: Int?, today: Day) async throws(ShelfError) -> ReadingFigures? {
        nil
    }

    /// Every book that matches `query` (all by default), sorted by `order` then title then path.
    package func books(matching query: BookQuery = BookQuery(), sortedBy order: [BookSort] = []) async throws(ShelfError) -> [Book] {
        try await books(matching: query, sortedBy: order, limit: nil).items
    }

    /// Puts the most recently deleted copy of `id` back where it was
    /// (``restore(_:deletedOn:)`` with no day).
    @discardableResult
    package func restore(_ id: BookID) async throws(ShelfError) -> Book {
        try await restore(id, deletedOn: nil)
    }
}
