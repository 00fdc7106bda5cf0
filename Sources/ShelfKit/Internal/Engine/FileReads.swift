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
        var problems = listing.problems
        books.reserveCapacity(results.count)
        for (location, result) in zip(listing.books, results) {
            switch result {
            case .success(let file):
                books.append((file.book, file.stamp))
                problems += file.problems.map { Problem($0, path: location.path) }
            case .failure(.notABook):
                break
            case .failure(let error):
                problems.append(Problem(error, path: location.path))
            }
        }
        return FoundBooks(books: books, problems: problems)
    }

    /// Reads every book on all cores and evaluates the query in Swift as each is read, keeping
    /// the entries of the books it matches and nothing else of the others. A book's sessions
    /// are read with it, from its own session folder, when the query or the listing needs them.
    /// - Throws: when the library or a session folder cannot be listed.
    func list<Entry: Sendable>(matching query: Query, progress wanted: ProgressWanted, _ files: LibraryFiles<Storage>,
                               _ entry: @escaping @Sendable (Book, ReadingProgress?) -> Entry) async throws(ShelfError)
        -> ListAnswer<Entry> {
        let listing = try files.listing()
        let storage = files.storage
        let adopted = files.configuration.notes != nil
        let books = listing.books
        let evaluator = QueryEvaluator(query: query)
        let readsSessions = query.needsSessions || wanted.forSorting || wanted.forListing
        let givesProgress = wanted.forSorting || wanted.forListing
        // Runs of books rather than books, so that each hands back only its matches; enough of
        // them for ParallelMap to share out (it maps 64 or fewer on one thread).
        let size = max(1, min(Self.listChunk, books.count / 128))
        let chunks = stride(from: 0, to: books.count, by: size).map { $0..<min($0 + size, books.count) }
        let parts = await ParallelMap.map(chunks) { chunk in
            var part = ListPart<Entry>()
            for location in books[chunk] {
                let book: Book
                do throws(ShelfError) {
                    let file = try BookFile.read(location, from: storage)
                    book = file.book
                    part.problems += file.problems.map { Problem($0, path: location.path) }
                } catch .notABook {
                    continue
                } catch {
                    part.problems.append(Problem(error, path: location.path))
                    continue
                }
                part.customKeys.formUnion(QueryEvaluator.customKeys(of: book))
                var progress: ReadingProgress?
                var notes: [String] = []
                var sessionProblems: [Problem] = []
                if readsSessions {
                    do throws(ShelfError) {
                        let (sessions, problems) = try Self.ownSessions(of: book, from: storage, adopted: adopted)
                        progress = ReadingProgress(sessions, of: book)
                        notes = sessions.map(\.note)
                        sessionProblems = problems
                    } catch {
                        part.failure = part.failure ?? error
                        continue
                    }
                }
                guard evaluator.matches(book, progress: progress, notes: notes) else { continue }
                part.entries.append(entry(book, givesProgress ? progress : nil))
                part.sessionProblems += sessionProblems
            }
            return part
        }
        var answer = ListAnswer<Entry>(entries: [], problems: listing.problems, customKeys: [])
        for part in parts {
            if let failure = part.failure { throw failure }
            answer.entries += part.entries
            answer.problems += part.problems
            answer.customKeys.formUnion(part.customKeys)
            answer.sessionProblems += part.sessionProblems
        }
        return answer
    }

    /// The most books read by one task of ``list(matching:progress:_:_:)``.
    private static var listChunk: Int { 256 }

    /// What one task of ``list(matching:progress:_:_:)`` found.
    private struct ListPart<Entry: Sendable>: Sendable {
        var entries: [Entry] = []
        var problems: [Problem] = []
        var sessionProblems: [Problem] = []
        var customKeys: Set<String> = []
        /// A session folder that could not be listed.
        var failure: ShelfError?
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
        let adopted = files.configuration.notes != nil
        let read = await ParallelMap.map(books) { book in
            Result { () throws(ShelfError) in try Self.ownSessions(of: book, from: storage, adopted: adopted) }
        }
        var progress: [String: ReadingProgress] = [:]
        var problems: [Problem] = []
        for (book, result) in zip(books, read) {
            let (sessions, unread) = try result.get()
            progress[book.path] = ReadingProgress(sessions, of: book)
            problems += unread
        }
        return (progress, problems)
    }

    /// The sessions in a book's own session folder, and a problem for each file there that
    /// could not be read.
    /// - Throws: when the folder exists but cannot be listed.
    private static func ownSessions(of book: Book, from storage: Storage, adopted: Bool) throws(ShelfError)
        -> (sessions: [ReadingSession], problems: [Problem]) {
        var sessions: [ReadingSession] = []
        var problems: [Problem] = []
        for file in try SessionFile.readAll(in: BookLocation.sessionFolder(ofBookPath: book.path, adopted: adopted), bookID: book.id, from: storage) {
            switch file.session {
            case .success(let session): sessions.append(session)
            case .failure(let error): problems.append(Problem(error, path: file.path))
            }
        }
        return (sessions, problems)
    }

    func sessions(since day: Day?, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> Listing<ReadingSession> {
        let listing = try files.listing(includeSessions: true)
        var requests: [SessionRequest] = []
        for location in listing.books {
            for (file, name) in listing.sessionNames(of: location) where day.map({ name.day >= $0 }) ?? true {
                requests.append(SessionRequest(path: location.sessionFolder + "/" + file, name: name, bookID: BookID(location.slug)))
            }
        }
        return await read(requests, files)
    }

    func currentPaths(named slug: String, _ files: LibraryFiles<Storage>) async -> [String]? { nil }

    func currentBookFiles(_ files: LibraryFiles<Storage>) async -> (any BookDirectory)? { nil }

    /// Without an index, the walk is the engine's.
    func walkedBookFiles(_ files: LibraryFiles<Storage>) async throws(ShelfError) -> (any BookDirectory)? { nil }

    func titlesAsLastRefreshed(containing needle: String) async -> [BookTitle]? { nil }

    /// Only a listing finds which books a query matches.
    func count(matching query: Query, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> (count: Int, customKeys: Set<String>)? {
        nil
    }

    func titles(containing needle: String, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> [BookTitle] {
        let listing = try files.listing()
        let storage = files.storage
        // Each book's folded title alone, as it is read: every book read whole and held until
        // all were read took 639 MB for `show` of a slug prefix at 100,000 books without an index.
        let titles = await ParallelMap.map(listing.books) { location -> BookTitle? in
            guard let book = try? BookFile.read(location, from: storage).book else { return nil }
            let title = TextFolding.fold(book.title)
            return title.contains(needle) ? BookTitle(id: book.id.rawValue, title: title) : nil
        }
        return titles.compactMap { $0 }
    }

    /// Every session is read, as without a day: a streak counts the days of readable sessions,
    /// which only reading them tells.
    func sessionsOfBooks(readSince day: Day, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> RecentSessions {
        let all = try await sessions(since: nil, files)
        let read = Set(all.items.filter { $0.day >= day }.map(\.bookID))
        return RecentSessions(sessions: all.items.filter { read.contains($0.bookID) }, since: day, days: Set(all.items.map(\.day)),
                              problems: all.problems)
    }

    private func read(_ requests: [SessionRequest], _ files: LibraryFiles<Storage>) async -> Listing<ReadingSession> {
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
        let answer = try await list(matching: query, progress: ProgressWanted(), files) { book, _ in SearchMatch(of: book) }
        var matches: [[ScoredDocument]] = []
        // A session file that does not read keeps its note out of the search: its problem is
        // one of the search's.
        var problems = answer.problems
        for phrases in rounds {
            let round = try await searchMatches(phrases, files)
            matches.append(round.items)
            problems += round.problems
        }
        return SearchAnswer(books: answer.entries, rounds: matches, problems: problems, customKeys: answer.customKeys)
    }

    /// The books and sessions whose words contain every phrase, scored, with the problems of
    /// the book files skipped.
    private func searchMatches(_ phrases: [[String]], _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> Listing<ScoredDocument> {
        let all = try await allBooks(files)
        let books = Dictionary(all.books.map { ($0.book.path, $0.book) }, uniquingKeysWith: { first, _ in first })
        var documents = all.books.map { SearchDocument(book: $0.book) }
        let sessions = try await sessions(since: nil, files)
        for session in sessions.items {
            guard let book = books[BookLocation.bookPath(ofSession: session.path)] else { continue }
            documents.append(SearchDocument(session: session, of: book))
        }
        let ranked = SearchRanking.rank(documents, phrases, limit: nil).map { document, score in
            ScoredDocument(path: document.path, bookPath: document.book.path, score: score)
        }
        return Listing(ranked, problems: all.problems + sessions.problems)
    }

    func paths(named slug: String) async -> [String]? { nil }

    /// Reading the files is reading the books: the caller lists them.
    func upNextPlaces(in status: Status, first limit: Int?, _ files: LibraryFiles<Storage>) async throws(ShelfError)
        -> UpNextOrder.Candidates? {
        nil
    }

    var readsBooksAtPaths: Bool { false }

    /// A book is read from its file: the engine lists the books whole.
    func books(atPaths paths: [String], withText: Bool, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> [Book]? {
        nil
    }

    /// Reading the files is reading every session and book: the engine lists them.
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool, _ files: LibraryFiles<Storage>,
                        _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem]? {
        nil
    }

    /// Reading the files is reading the books whole.
    func partialBooks<Entry: Sendable>(matching query: Query, columns: Set<String>, _ files: LibraryFiles<Storage>,
                                       _ entry: @escaping @Sendable (Book) -> Entry) async throws(ShelfError) -> ListAnswer<Entry>? {
        nil
    }

    /// Reading the files is reading the books whole.
    func pathsInOrder(of field: BookSort.Field, matching query: Query, descending: Bool, limit: Int, offset: Int,
                      _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ListAnswer<String>? {
        nil
    }

    /// Reading the files is reading the books whole.
    func sortKeys(matching query: Query, order: [BookSort], statusOrder: @escaping @Sendable (Status) -> Int,
                  _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ListAnswer<BookSort.Keys>? {
        nil
    }

    /// Reading the files is reading every session of the books read in the period.
    func periodReading(from first: Day, through last: Day, _ files: LibraryFiles<Storage>) async throws(ShelfError) -> PeriodReading? {
        nil
    }

    /// Reading the files is reading every session: the statistics add them up themselves.
    func readingFigures(matching query: Query, finishedIn year: Int?, from first: Day?, through last: Day, today: Day,
                        _ files: LibraryFiles<Storage>) async throws(ShelfError) -> ReadingFigures? {
        nil
    }

    /// Reading the files is ranking every match.
    func bestMatches(_ phrases: [[String]], limit: Int, orElse query: Query, rounds: [[[String]]],
                     _ files: LibraryFiles<Storage>) async throws(ShelfError) -> RankedSearch? {
        nil
    }

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
