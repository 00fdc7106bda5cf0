/// Reads through the index, `.shelf/index.sqlite`, refreshed from the files first.
extension FileLibrary {
    /// Where the index is, or why there is none.
    enum IndexState: Sendable {
        /// Not opened yet: opening waits for the first read, so writes never pay for it.
        case closed
        case open(LibraryIndex)
        /// Switched off, or it could not be created (a read-only folder): read the files.
        case unavailable
    }

    /// The index, refreshed, with the walk it made; `nil` when reads must go to the files.
    /// With `sessions`, it holds every session too (``LibraryIndex/fillSessions(_:_:batchSize:)``); a
    /// read of book fields alone leaves them to the first read that needs them.
    ///
    /// An index that fails while refreshing is deleted and built again once; the files are the
    /// truth, so nothing is lost.
    func refreshedIndex(sessions: Bool) async throws(ShelfError) -> (LibraryIndex, LibraryListing)? {
        for attempt in 0..<2 {
            guard let index = openIndex() else { return nil }
            do throws(ShelfError) {
                let (listing, _) = try await index.refresh(core.storage, statuses: core.configuration.statuses, sessions: sessions)
                return (index, listing)
            } catch {
                guard case .io(path: IndexOptions.path, _, _) = error, attempt == 0 else { throw error }
                index.close()
                LibraryIndex.remove(at: index.path)
                indexState = .closed
            }
        }
        return nil
    }

    private func openIndex() -> LibraryIndex? {
        switch indexState {
        case .open(let index): return index
        case .unavailable: return nil
        case .closed: break
        }
        let folder = root + "/.shelf"
        if FileSystem.status(folder) == nil { try? FileSystem.makeDirectory(folder) }
        // The index is a cache: the same `.gitignore` as `shelf init` writes keeps it out of git.
        let ignore = folder + "/.gitignore"
        if FileSystem.status(ignore) == nil {
            try? FileSystem.writeAtomically(Array(Self.ignoredFiles.utf8), to: ignore)
        }
        guard let index = try? LibraryIndex.open(at: root + "/" + IndexOptions.path) else {
            indexState = .unavailable
            return nil
        }
        indexState = .open(index)
        return index
    }

    /// The files named `<slug>.md` that the index held at its last refresh, without refreshing
    /// it: a refresh walks the library, which a write to one book must not. `nil` when there is
    /// no index yet (creating one here would only defer its build to the next read) or it
    /// cannot answer; the caller then walks.
    func indexedPaths(named slug: String) -> [String]? {
        if case .closed = indexState, FileSystem.status(root + "/" + IndexOptions.path)?.kind != .file { return nil }
        return try? openIndex()?.paths(named: slug)
    }

    public func libraryScan() async throws(ShelfError) -> LibraryScan {
        guard let (index, listing) = try await refreshedIndex(sessions: false) else { return try await hostedScan() }
        let books = try index.books(matching: nil)
        for (book, stamp) in books { core.stamps[book.path] = stamp }
        let problems = (try index.problems(sessions: false) + LibraryCore<DiskStorage>.duplicateProblems(listing)).sorted()
        return LibraryScan(books.map(\.book), problems: problems)
    }

    func indexedBooks(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        guard let (index, listing) = try await refreshedIndex(sessions: Self.needsSessions(query, order)) else {
            return try await hostedBooks(matching: query, sortedBy: order, limit: limit)
        }
        return try books(in: index, listing, matching: query, sortedBy: order, limit: limit)
    }

    /// ``indexedBooks(matching:sortedBy:limit:)`` with each book's progress, after the same
    /// refresh: the totals come from the index's sessions, without their notes.
    ///
    /// When the index does not keep sessions yet and the query needs none, the listed books'
    /// session files are read instead, up to ``sessionsReadDirectly(ofAll:)`` books: a listing
    /// of a few hundred books then reads a few hundred small files rather than every session of
    /// the library. A larger listing has the index read them all, once.
    func indexedBooksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<(book: Book, progress: ReadingProgress)> {
        guard var (index, listing) = try await refreshedIndex(sessions: Self.needsSessions(query, order)) else {
            return try await hostedBooksWithProgress(matching: query, sortedBy: order, limit: limit)
        }
        var books = try books(in: index, listing, matching: query, sortedBy: order, limit: limit)
        if try !index.keepsSessions() {
            if books.items.count <= sessionsReadDirectlyLimit ?? Self.sessionsReadDirectly(ofAll: listing.books.count) {
                let (progress, problems) = try await Self.progress(of: books.items, in: core.storage)
                return Listing(books.items.map { ($0, progress[$0.path] ?? ReadingProgress([])) },
                               problems: Self.withSessionProblems(books.problems, problems, of: books.items))
            }
            guard let refreshed = try await refreshedIndex(sessions: true) else {
                return try await hostedBooksWithProgress(matching: query, sortedBy: order, limit: limit)
            }
            (index, listing) = refreshed
            books = try self.books(in: index, listing, matching: query, sortedBy: order, limit: limit)
        }
        let progress = try index.progress(of: books.items.map(\.path))
        return Listing(books.items.map { ($0, progress[$0.path] ?? ReadingProgress([])) },
                       problems: Self.withSessionProblems(books.problems, try index.problems(sessions: true), of: books.items))
    }

    /// Up to this many listed books of `all`, their progress is read from their session files
    /// when the index does not keep sessions; past it, the index reads every session once.
    /// A quarter of the library: reading that many books' sessions costs about a quarter of
    /// reading them all, and keeping them would add a `stat` of every session file to every
    /// later refresh.
    static func sessionsReadDirectly(ofAll all: Int) -> Int { max(1_000, all / 4) }

    /// Each book's progress from its session files, on all cores, with the problems of the
    /// files that could not be read: the same totals and problems the index would give.
    /// - Throws: when a session folder cannot be listed, as the walk of a refresh would.
    private static func progress(of books: [Book], in storage: DiskStorage) async throws(ShelfError)
        -> (progress: [String: ReadingProgress], problems: [Problem]) {
        typealias Read = (path: String, sessions: [ReadingSession], problems: [Problem])
        let read = await ParallelMap.map(books) { book in
            Result { () throws(ShelfError) -> Read in
                let files = try LibraryCore.readSessions(in: BookLocation.sessionFolder(ofBookPath: book.path), bookID: book.id, from: storage)
                var sessions: [ReadingSession] = []
                var problems: [Problem] = []
                for file in files {
                    switch file.session {
                    case .success(let session): sessions.append(session)
                    case .failure(let error): problems.append(Problem(error, path: file.path))
                    }
                }
                return (book.path, sessions, problems)
            }
        }
        var progress: [String: ReadingProgress] = [:]
        var problems: [Problem] = []
        for result in read {
            let book = try result.get()
            progress[book.path] = ReadingProgress(book.sessions)
            problems += book.problems
        }
        return (progress, problems)
    }

    /// Whether answering `query` in `order` reads sessions: their computed fields, or the
    /// full-text table, which holds session notes.
    private static func needsSessions(_ query: Query, _ order: [BookSort]) -> Bool {
        query.needsSessions || order.contains(where: \.needsSessions)
    }

    /// The books of a refreshed index that match `query`, in order, with the problems of the
    /// book files the index could not read.
    private func books(in index: LibraryIndex, _ listing: LibraryListing, matching query: Query, sortedBy order: [BookSort],
                       limit: Int?) throws(ShelfError) -> Listing<Book> {
        let customKeys = try index.customKeys()
        do throws(QueryError) {
            try query.validate(customKeys: customKeys)
        } catch {
            throw .invalidQuery(error)
        }
        let found = try index.books(matching: query)
        for (book, stamp) in found { core.stamps[book.path] = stamp }
        let problems = (try index.problems(sessions: false) + LibraryCore<DiskStorage>.duplicateProblems(listing)).sorted()
        let books = found.map(\.book)
        let progress = order.contains(where: \.needsSessions) ? try index.progress(of: books.map(\.path)) : [:]
        let sorted = BookSort.sort(books, by: order, statusOrder: core.configuration.order(of:), progress: progress)
        return Listing(sorted.limited(to: limit), problems: problems)
    }

    func indexedSessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        guard let (index, _) = try await refreshedIndex(sessions: true) else { return try await hostedSessions(since: day) }
        let problems = try index.problems(sessions: true, since: day).sorted()
        return Listing(try index.sessions(since: day), problems: problems)
    }

    func indexedSearch(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        guard let (index, listing) = try await refreshedIndex(sessions: true) else {
            return try await hostedSearch(text, limit: limit, highlight: highlight)
        }
        let phrases = SearchRanking.phrases(text)
        guard !phrases.isEmpty else { return Listing([]) }
        let problems = (try index.problems(sessions: false) + LibraryCore<DiskStorage>.duplicateProblems(listing)).sorted()
        let phraseBytes = phrases.map { $0.map { Array($0.utf8) } }
        let scored = try index.searchCandidates(phrases)
            .compactMap { candidate in SearchRanking.score(indexedColumns: candidate.indexedColumns, phraseBytes).map { (candidate, $0) } }
        let hits = SearchRanking.best(scored, path: \.path, limit: limit).map { candidate, score in
            let text = (try? core.storage.read(candidate.path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return SearchRanking.hit(kind: candidate.kind, bookID: candidate.bookID, title: candidate.title, path: candidate.path,
                                     score: score, fileText: text, phrases: phrases, highlight: highlight)
        }
        return Listing(hits, problems: problems)
    }

    public func books(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await indexedBooks(matching: query, sortedBy: order, limit: limit)
    }

    public func books(matching text: String, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try await indexedBooks(matching: try parsedQuery(text), sortedBy: order, limit: limit)
    }

    public func booksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<(book: Book, progress: ReadingProgress)> {
        try await indexedBooksWithProgress(matching: query, sortedBy: order, limit: limit)
    }

    public func search(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        try await indexedSearch(text, limit: limit, highlight: highlight)
    }

    /// Brings the index up to date and reports how many files were read again and dropped,
    /// for tests and benchmarks.
    func refreshIndex(sessions: Bool = true) async throws(ShelfError) -> (parsed: Int, removed: Int)? {
        guard let index = openIndex() else { return nil }
        let (_, report) = try await index.refresh(core.storage, statuses: core.configuration.statuses, sessions: sessions)
        return (report.parsed, report.removed)
    }

    /// Deletes the index and builds it again from the files: `shelf reindex`.
    public func rebuildIndex() async throws(ShelfError) {
        if case .open(let index) = indexState { index.close() }
        LibraryIndex.remove(at: root + "/" + IndexOptions.path)
        indexState = indexOptions.isEnabled ? .closed : .unavailable
        // A rebuild asked for by name builds all of it, the full-text table included.
        if let (index, _) = try await refreshedIndex(sessions: true) { try index.fillFullText() }
    }
}
