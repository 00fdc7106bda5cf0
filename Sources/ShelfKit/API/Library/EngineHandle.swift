/// A public library type that is a handle on one `LibraryEngine`: every requirement of
/// ``Library`` and ``LibraryBatchWriting`` is answered here, once, for ``FileLibrary`` and
/// ``InMemoryLibrary`` alike. Each line hands the call to the engine, never to another
/// requirement, so a conformer cannot end up calling itself.
protocol EngineHandle: LibraryCommands, LibraryLiveSessions {
    associatedtype Reads: ReadStrategy
    var engine: LibraryEngine<Reads> { get }
}

extension EngineHandle {
    public func book(_ id: BookID) async throws(ShelfError) -> Book { try await engine.book(id) }

    package func books(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await engine.books(matching: query, sortedBy: order, limit: limit)
    }

    public func books(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await engine.books(matching: query, sortedBy: order, limit: limit)
    }

    public func books(matching query: Query, sortedBy order: [BookSort], limit: Int?, offset: Int) async throws(ShelfError)
        -> Listing<Book> {
        try await engine.books(matching: query, sortedBy: order, limit: limit, offset: offset)
    }

    public func count(matching query: Query) async throws(ShelfError) -> Int { try await engine.count(matching: query) }

    public func books(matching text: String, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await engine.books(matching: text, sortedBy: order, limit: limit)
    }

    public func search(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        try await engine.search(text, limit: limit, highlight: highlight)
    }

    /// ``LibraryEngine/facetValues(_:matching:)``, for ``LibraryReading/counts(of:matching:order:)``.
    func facetValues(_ facet: BookFacet, matching query: Query) async throws(ShelfError) -> Listing<[String]> {
        try await engine.facetValues(facet, matching: query)
    }

    public func booksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<BookWithProgress> {
        try await engine.booksWithProgress(matching: query, sortedBy: order, limit: limit)
    }

    public func mapBooks<Row: Sendable>(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                                        _ row: @escaping @Sendable (Book, ReadingProgress?) -> Row) async throws(ShelfError)
        -> Listing<Row> {
        try await engine.mapBooks(matching: query, sortedBy: order, limit: limit, withProgress: withProgress, row)
    }

    package func scan() async throws(ShelfError) -> LibraryScan { try await engine.scan() }

    package func recentReading(since day: Day) async throws(ShelfError) -> RecentReading { try await engine.recentReading(since: day) }

    package func periodReading(from first: Day, through last: Day) async throws(ShelfError) -> PeriodReading {
        try await engine.periodReading(from: first, through: last)
    }

    package func forEachBook(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                             _ body: @escaping @Sendable ([BookWithProgress]) -> Bool) async throws(ShelfError) -> [Problem] {
        try await engine.forEachBook(matching: query, sortedBy: order, limit: limit, withProgress: withProgress, body)
    }

    package func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool,
                                _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem] {
        try await engine.forEachSession(from: first, through: last, limit: limit, wholeBooks: wholeBooks, body)
    }

    package func upNext(limit: Int?) async throws(ShelfError) -> UpNextOrder.Page { try await engine.upNext(limit: limit) }

    package func forEachUpNext(wholeBooks: Bool, _ body: @escaping @Sendable ([Book]) -> Bool) async throws(ShelfError)
        -> UpNextOrder.Page {
        try await engine.forEachUpNext(wholeBooks: wholeBooks, body)
    }

    package func readingFigures(matching query: Query, year: Int?, today: Day) async throws(ShelfError) -> ReadingFigures? {
        try await engine.readingFigures(matching: query, year: year, today: today)
    }

    package func trashedBooks() async throws(ShelfError) -> [TrashedBook] { try await engine.trashedBooks() }

    package func duplicates(of book: Book) async throws(ShelfError) -> [BookDuplicate] { try await engine.duplicates(of: book) }

    package func resolve(_ reference: String) async throws(ShelfError) -> Book { try await engine.resolve(reference) }

    public func sessions(of id: BookID) async throws(ShelfError) -> [ReadingSession] {
        _ = await engine.currentLocation(of: id)
        return try await engine.sessions(of: id)
    }

    public func sessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        try await engine.sessions(since: day)
    }

    public func check() async throws(ShelfError) -> [Problem] { try await engine.check() }

    @discardableResult
    public func add(_ book: Book, to status: Status, in folder: String) async throws(ShelfError) -> Book {
        try await engine.writingKnowingBookFiles { files, known throws(ShelfError) in
            try files.add([NewBook(book, to: status, in: folder)], known: known)[0]
        }
    }

    @discardableResult
    package func add(_ books: [NewBook]) async throws(ShelfError) -> [Book] {
        try await engine.writingKnowingBookFiles { files, known throws(ShelfError) in try files.add(books, known: known) }
    }

    @discardableResult
    public func update(_ book: Book) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.update([book])[0] }
    }

    @discardableResult
    package func update(_ books: [Book]) async throws(ShelfError) -> [Book] {
        try await engine.writing { files throws(ShelfError) in try files.update(books) }
    }

    @discardableResult
    public func update(_ id: BookID, _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book {
        // Found without a walk where a watcher vouches for the index (the write checks the file again).
        _ = await engine.currentLocation(of: id)
        return try await engine.writing { files throws(ShelfError) in try files.update(id, change) }
    }

    @discardableResult
    package func add(_ book: Book, to status: Status, in folder: String, attaching attachments: [BookAttachment]) async throws(ShelfError)
        -> Book {
        try await engine.writing { files throws(ShelfError) in try files.add(NewBook(book, to: status, in: folder), attaching: attachments) }
    }

    @discardableResult
    package func update(_ id: BookID, attaching attachments: [BookAttachment],
                       _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.update(id, attaching: attachments, change) }
    }

    @discardableResult
    package func removeKeys(_ keys: [String], from book: Book) async throws(ShelfError) -> RemovedKeys {
        let (written, absent) = try await engine.writing { files throws(ShelfError) in try files.removeKeys(keys, from: book) }
        return RemovedKeys(book: written, absent: absent)
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String?) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.move(id, to: status, folder: folder) }
    }

    @discardableResult
    public func start(_ id: BookID, on day: Day) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.start(id, on: day) }
    }

    @discardableResult
    public func move(_ id: BookID, to status: Status, folder: String?, on day: Day?,
                     then change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in
            try files.move(id, to: status, folder: folder, on: day, then: change)
        }
    }

    @discardableResult
    public func rename(_ id: BookID, to slug: BookID) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.rename(id, to: slug) }
    }

    @discardableResult
    public func delete(_ id: BookID) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.delete([id])[0] }
    }

    @discardableResult
    public func delete(_ ids: [BookID]) async throws(ShelfError) -> [Book] {
        var seen = Set<BookID>()
        let unique = ids.filter { seen.insert($0).inserted }
        return try await engine.writing { files throws(ShelfError) in try files.delete(unique) }
    }

    @discardableResult
    public func update(matching query: Query, _ change: @Sendable (inout Book) throws(ShelfError) -> Void) async throws(ShelfError)
        -> [Book] {
        let ids = try await engine.books(matching: query, sortedBy: [], limit: nil).items.map(\.id)
        return try await engine.writing { files throws(ShelfError) in try files.update(ids, change) }
    }

    @discardableResult
    package func deleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book] {
        try await engine.deleteBooks(matching: query)
    }

    @discardableResult
    package func restore(_ id: BookID, deletedOn day: Day?) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.restore(id, deletedOn: day) }
    }

    @discardableResult
    package func restore(trashedAt trashPath: String) async throws(ShelfError) -> Book {
        try await engine.writing { files throws(ShelfError) in try files.restore(nil, trashPath: trashPath) }
    }

    @discardableResult
    public func undoLastWrite() async throws(ShelfError) -> RecordedWrite {
        try await engine.writing { files throws(ShelfError) in try files.undoLastWrite() }
    }

    public func undoableWrites() async throws(ShelfError) -> [RecordedWrite] {
        await engine.recordedWrites()
    }

    @discardableResult
    public func log(_ session: ReadingSession, for id: BookID, pagesTotal: Int?) async throws(ShelfError) -> ReadingSession {
        try await engine.writing { files throws(ShelfError) in try files.log(session, for: id, pagesTotal: pagesTotal) }
    }

    @discardableResult
    public func update(_ session: ReadingSession) async throws(ShelfError) -> SessionUpdate {
        try await engine.writing { files throws(ShelfError) in try files.update(session) }
    }

    @discardableResult
    public func delete(_ session: ReadingSession) async throws(ShelfError) -> String {
        try await engine.writing { files throws(ShelfError) in try files.delete(session) }
    }

    @discardableResult
    public func apply(_ batch: LibraryBatch) async throws(ShelfError) -> BatchOutcome {
        let (added, updated) = try await engine.writing { files throws(ShelfError) in try files.apply(batch) }
        return BatchOutcome(added: added, updated: updated)
    }

    public func liveSession() async throws(ShelfError) -> LiveSession? {
        try await engine.liveSession()
    }

    @discardableResult
    public func startLiveSession(_ session: LiveSession) async throws(ShelfError) -> LiveSession {
        try await engine.writing { files throws(ShelfError) in try files.startLiveSession(session) }
        return session
    }

    @discardableResult
    public func updateLiveSession(_ id: BookID, _ change: @Sendable (inout LiveSession) -> Void) async throws(ShelfError) -> LiveSession {
        try await engine.writing { files throws(ShelfError) in try files.updateLiveSession(id, change) }
    }

    public func stopLiveSession(_ id: BookID, as make: @Sendable (LiveSession) -> ReadingSession) async throws(ShelfError)
        -> ReadingSession {
        try await engine.writing { files throws(ShelfError) in try files.stopLiveSession(id, as: make) }
    }

    public func cancelLiveSession(_ id: BookID) async throws(ShelfError) {
        try await engine.writing { files throws(ShelfError) in try files.cancelLiveSession(id) }
    }
}
