/// An actor that owns a ``LibraryCore``: the one place the library's operations are written,
/// shared by ``FileLibrary`` and ``InMemoryLibrary``.
///
/// Methods of an extension of an actor-constrained protocol are isolated to the actor, so these
/// run with exclusive access to the core; whole-library reads hand a copy of the storage to
/// ``ParallelMap`` and apply what they learn when they are done.
protocol LibraryHost: Actor {
    associatedtype Storage: LibraryStorage
    var core: LibraryCore<Storage> { get set }
    /// Every book and the problems of unreadable files: ``hostedScan()``, or the index's answer.
    func libraryScan() async throws(ShelfError) -> LibraryScan
    /// Runs a writing operation of the core: on disk once the writer lock is taken, waited for
    /// without holding a thread (``FileLibrary``); in memory at once.
    func writing<Result>(_ operation: (inout LibraryCore<Storage>) throws(ShelfError) -> Result) async throws(ShelfError) -> Result
}

extension LibraryHost {
    /// The book with slug `id`, found by a walk every time: a copy of the file made since this
    /// library last looked makes the slug a duplicate, which only a walk can see, and a book read
    /// by id must be the one a fresh library would find.
    func hostedBook(_ id: BookID) throws(ShelfError) -> Book {
        let location = try core.locate(id, in: try core.listing())
        core.locations[id.rawValue] = location
        return try core.read(location).book
    }

    func hostedScan() async throws(ShelfError) -> LibraryScan {
        let listing = try core.listing()
        let storage = core.storage
        let results = await ParallelMap.map(listing.books) { location in
            Result { () throws(ShelfError) in try LibraryCore.readBook(location, from: storage) }
        }
        var books: [Book] = []
        var problems = LibraryCore<Storage>.duplicateProblems(listing)
        books.reserveCapacity(results.count)
        for (location, result) in zip(listing.books, results) {
            switch result {
            case .success(let file):
                core.stamps[location.path] = file.stamp
                books.append(file.book)
                problems += file.problems.map { Problem($0, path: location.path) }
            case .failure(let error):
                problems.append(Problem(error, path: location.path))
            }
        }
        return LibraryScan(books, problems: problems.sorted())
    }

    func libraryScan() async throws(ShelfError) -> LibraryScan { try await hostedScan() }

    func writing<Result>(_ operation: (inout LibraryCore<Storage>) throws(ShelfError) -> Result) async throws(ShelfError) -> Result {
        try operation(&core)
    }

    func hostedBooks(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        let scan = try await libraryScan()
        let matching = scan.books.filter(query.matches)
        let configuration = core.configuration
        let sorted = BookSort.sort(matching, by: order, statusOrder: configuration.order(of:))
        return Listing(sorted.limited(to: limit), problems: scan.problems)
    }

    /// - Parameter indexed: What the index knows of the files named after the reference's slug,
    ///   for ``LibraryCore/resolveWithoutWalking(_:indexed:)``; `nil` walks the library.
    func hostedResolve(_ reference: String, indexed: [String]? = nil) async throws(ShelfError) -> Book {
        // Reads take no lock, so another `shelf` may move the book between finding and reading
        // it (the first `log` of a to-read book does). A file that vanished that way sends the
        // lookup back to the walk, once, instead of failing.
        if let location = core.resolveWithoutWalking(reference, indexed: indexed),
           let book = try? core.read(location).book {
            return book
        }
        var attempts = 0
        while true {
            attempts += 1
            let listing = try core.listing()
            let location: BookLocation
            do {
                switch try core.resolveByName(reference, in: listing) {
                case .found(let found):
                    location = found
                case .needsTitles(let prefixMatches):
                    let books = try await libraryScan().books
                    location = try core.resolve(reference, prefixMatches: prefixMatches, books: books, in: listing)
                }
            } catch {
                // A walk is no snapshot: a book renamed from a folder not yet read into one
                // already read is seen twice. A duplicate one of whose files is gone is that.
                guard attempts < 3, case .duplicateSlug(_, let paths) = error,
                      paths.contains(where: { core.storage.kind(of: $0) == nil }) else { throw error }
                continue
            }
            // A path names a file even when its slug is taken twice; only a slug the walk found once
            // is remembered, so later writes by id still refuse the duplicate.
            if listing.locations(withSlug: location.slug).count == 1 { core.locations[location.slug] = location }
            do {
                return try core.read(location).book
            } catch {
                guard attempts < 3, core.storage.kind(of: location.path) == nil else { throw error }
            }
        }
    }

    func hostedSessions(of id: BookID) throws(ShelfError) -> [ReadingSession] {
        try core.sessions(of: try core.locate(id))
    }

    func hostedSessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        let listing = try core.listing(includeSessions: true)
        var files: [(path: String, name: SessionFileName, bookID: BookID)] = []
        for location in listing.books {
            for (file, name) in listing.sessionNames(of: location) where day.map({ name.day >= $0 }) ?? true {
                files.append((location.sessionFolder + "/" + file, name, BookID(location.slug)))
            }
        }
        let storage = core.storage
        let results = await ParallelMap.map(files.map { SessionRequest(path: $0.path, name: $0.name, bookID: $0.bookID) }) { file in
            Result { () throws(ShelfError) in
                let (session, errors) = try LibraryCore.readSession(file.path, name: file.name, bookID: file.bookID, from: storage)
                if let first = errors.first { throw first }
                return session
            }
        }
        var sessions: [ReadingSession] = []
        var problems: [Problem] = []
        for (file, result) in zip(files, results) {
            switch result {
            case .success(let session): sessions.append(session)
            case .failure(let error): problems.append(Problem(error, path: file.path))
            }
        }
        sessions.sort { ($0.day, $0.sequence, $0.path) < ($1.day, $1.sequence, $1.path) }
        return Listing(sessions, problems: problems.sorted())
    }

    func hostedCheck() async throws(ShelfError) -> [Problem] {
        let listing = try core.listing(includeSessions: true)
        let storage = core.storage
        let units = listing.books.map {
            LibraryCore<Storage>.CheckUnit(location: $0, sessionNames: listing.sessionFiles[$0.sessionFolder] ?? [])
        }
        let perFile = await ParallelMap.map(units) { LibraryCore.problems(of: $0, in: storage) }
        return (core.libraryProblems(listing) + perFile.flatMap { $0 }).sorted()
    }

    func hostedDeleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book] {
        let ids = try await libraryScan().books.filter(query.matches).map(\.id)
        return try await writing { core throws(ShelfError) in try core.delete(ids) }
    }
}

/// One session file to read during a library-wide read.
struct SessionRequest: Sendable {
    var path: String
    var name: SessionFileName
    var bookID: BookID
}
