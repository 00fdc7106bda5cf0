/// The read strategy that reads the files every time, on all cores: ``InMemoryLibrary``'s, and
/// ``FileLibrary``'s without an index. The index's answers are checked against these.
struct FileReads<Storage: LibraryStorage>: ReadStrategy {
    func allBooks(_ files: LibraryFiles<Storage>) async throws(ShelfError) -> FoundBooks {
        let listing = try files.listing()
        let storage = files.storage
        let results = await ParallelMap.map(listing.books) { location in
            Result { () throws(ShelfError) in try BookFile.read(location, from: storage) }
        }
        var books: [(book: Book, stamp: FileStamp)] = []
        var problems = listing.duplicateProblems
        books.reserveCapacity(results.count)
        for (location, result) in zip(listing.books, results) {
            switch result {
            case .success(let file):
                books.append((file.book, file.stamp))
                problems += file.problems.map { Problem($0, path: location.path) }
            case .failure(let error):
                problems.append(Problem(error, path: location.path))
            }
        }
        return FoundBooks(books: books, problems: problems)
    }

    /// Reads every book, and every session when the query or the sort needs them, and
    /// evaluates the query in Swift.
    func books(matching query: Query, sortProgress: Bool, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> QueryAnswer {
        let all = try await allBooks(files)
        var progress: [String: ReadingProgress] = [:]
        var notes: [String: [String]] = [:]
        if query.needsSessions || sortProgress {
            let books = Dictionary(all.books.map { ($0.book.path, $0.book) }, uniquingKeysWith: { first, _ in first })
            for (path, sessions) in try await sessionsByBook(files).items {
                progress[path] = books[path].map { ReadingProgress(sessions, of: $0) } ?? ReadingProgress(sessions)
                notes[path] = sessions.map(\.note)
            }
        }
        let evaluator = QueryEvaluator(query: query, progress: progress, notes: notes)
        let matching = all.books.filter { evaluator.matches($0.book) }
        return QueryAnswer(found: FoundBooks(books: matching, problems: all.problems),
                           customKeys: QueryEvaluator.customKeys(of: all.books.map(\.book)), progress: progress)
    }

    func progress(of books: [Book], _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> (progress: [String: ReadingProgress], problems: [Problem]) {
        let byBook = try await sessionsByBook(files)
        let known = Dictionary(books.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let progress = Dictionary(uniqueKeysWithValues: byBook.items.map { item in
            (item.path, known[item.path].map { ReadingProgress(item.sessions, of: $0) } ?? ReadingProgress(item.sessions))
        })
        return (progress, byBook.problems)
    }

    /// The progress of `books` alone, from their own session folders, on all cores: the same
    /// totals and problems as ``progress(of:_:)`` without reading every session of the library.
    /// - Throws: when a session folder cannot be listed, as the walk of a refresh would.
    func progress(readingOnly books: [Book], _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> (progress: [String: ReadingProgress], problems: [Problem]) {
        let storage = files.storage
        let read = await ParallelMap.map(books) { book in
            Result { () throws(ShelfError) in
                try SessionFile.readAll(in: BookLocation.sessionFolder(ofBookPath: book.path), bookID: book.id, from: storage)
            }
        }
        var progress: [String: ReadingProgress] = [:]
        var problems: [Problem] = []
        for (book, result) in zip(books, read) {
            var sessions: [ReadingSession] = []
            for file in try result.get() {
                switch file.session {
                case .success(let session): sessions.append(session)
                case .failure(let error): problems.append(Problem(error, path: file.path))
                }
            }
            progress[book.path] = ReadingProgress(sessions, of: book)
        }
        return (progress, problems)
    }

    func sessions(since day: Day?, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> Listing<ReadingSession> {
        let listing = try files.listing(includeSessions: true)
        var requests: [SessionRequest] = []
        for location in listing.books {
            for (file, name) in listing.sessionNames(of: location) where day.map({ name.day >= $0 }) ?? true {
                requests.append(SessionRequest(path: location.sessionFolder + "/" + file, name: name, bookID: BookID(location.slug)))
            }
        }
        let storage = files.storage
        let results = await ParallelMap.map(requests) { file in
            Result { () throws(ShelfError) in try SessionFile.read(file.path, name: file.name, bookID: file.bookID, from: storage) }
        }
        var sessions: [ReadingSession] = []
        var problems: [Problem] = []
        for (file, result) in zip(requests, results) {
            switch result {
            case .success(let session): sessions.append(session)
            case .failure(let error): problems.append(Problem(error, path: file.path))
            }
        }
        return Listing(sessions, problems: problems)
    }

    func search(_ query: Query, rounds: [[[String]]], _ files: LibraryFiles<Storage>) async throws(ShelfError) -> SearchAnswer {
        let answer = try await books(matching: query, sortProgress: false, files)
        var matches: [[SearchMatch]] = []
        for phrases in rounds { matches.append(try await searchMatches(phrases, files).items) }
        return SearchAnswer(books: answer.found.books.map { SearchMatch(of: $0.book) }, rounds: matches,
                            problems: answer.found.problems, customKeys: answer.customKeys)
    }

    /// The books and sessions whose words contain every phrase, scored, with the problems of
    /// the book files skipped.
    private func searchMatches(_ phrases: [[String]], _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> Listing<SearchMatch> {
        let all = try await allBooks(files)
        let books = Dictionary(all.books.map { ($0.book.path, $0.book) }, uniquingKeysWith: { first, _ in first })
        var documents = all.books.map { SearchDocument(book: $0.book) }
        for session in try await sessions(since: nil, files).items {
            guard let book = books[BookLocation.bookPath(ofSession: session.path)] else { continue }
            documents.append(SearchDocument(session: session, of: book))
        }
        let ranked = SearchRanking.rank(documents, phrases, limit: nil).map { document, score in
            SearchMatch(kind: document.kind, bookID: document.book.id, title: document.book.title, path: document.path, score: score)
        }
        return Listing(ranked, problems: all.problems)
    }

    func paths(named slug: String) async -> [String]? { nil }

    /// Every session, grouped by the path of its book, with the problems of those that could not
    /// be read.
    private func sessionsByBook(_ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> Listing<(path: String, sessions: [ReadingSession])> {
        let sessions = try await sessions(since: nil, files)
        var byBook: [String: [ReadingSession]] = [:]
        for session in sessions.items {
            byBook[BookLocation.bookPath(ofSession: session.path), default: []].append(session)
        }
        return Listing(byBook.map { ($0.key, $0.value) }, problems: sessions.problems)
    }
}

/// One session file to read during a library-wide read.
struct SessionRequest: Sendable {
    var path: String
    var name: SessionFileName
    var bookID: BookID
}
