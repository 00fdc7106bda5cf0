/// Every read of a library, written once: the strategy finds, the engine checks the query,
/// remembers what each file held, sorts, cuts to the limit and reports the problems.
extension LibraryEngine {
    /// The book with slug `id`, found by a walk every time: a copy of the file made since this
    /// library last looked makes the slug a duplicate, which only a walk can see, and a book read
    /// by id must be the one a fresh library would find.
    func book(_ id: BookID) async throws(ShelfError) -> Book {
        // With a watcher, the index's paths of the slug are the walk's: one file, read.
        // Two (a second `dune.md` made behind the library's back) go to the walk, which refuses them.
        if let location = await currentLocation(of: id), let book = try? files.read(location).book { return book }
        let location = try files.locate(id, in: try files.listing())
        files.locations[id.rawValue] = location
        return try files.read(location).book
    }

    func scan() async throws(ShelfError) -> Listing<Book> {
        let found = try await reads.allBooks(files)
        return Listing(remember(found.books), problems: found.problems.sorted())
    }

    func duplicates(of book: Book) async throws(ShelfError) -> [BookDuplicate] {
        let isbn = BookIdentity.isbnKey(book.isbn)
        let title = DuplicateKeys.titleAndFirstAuthor(book)
        return try await scan().books.compactMap { other in
            guard other.path != book.path || book.path.isEmpty else { return nil }
            if let isbn, BookIdentity.isbnKey(other.isbn) == isbn { return BookDuplicate(book: other, reason: .isbn(isbn)) }
            if DuplicateKeys.titleAndFirstAuthor(other) == title { return BookDuplicate(book: other, reason: .titleAndFirstAuthor) }
            return nil
        }
    }

    func trashedBooks() throws(ShelfError) -> [TrashedBook] {
        try files.trashedBooks()
    }

    func books(matching query: BookQuery, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        try query.validate(statuses: files.configuration.statuses)
        return try await books(matching: query.query, sortedBy: order, limit: limit)
    }

    func books(matching query: Query, sortedBy order: [BookSort], limit: Int?, offset: Int = 0) async throws(ShelfError) -> Listing<Book> {
        let listing = try await mapBooks(matching: query, sortedBy: order, limit: limit, offset: offset, withProgress: false) { book, _ in
            book
        }
        remember(listing.items)
        return listing
    }

    func books(matching text: String, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError) -> Listing<Book> {
        let query: Query
        do throws(QueryError) {
            query = try Query(parsing: text, today: files.today())
        } catch {
            throw .invalidQuery(error)
        }
        return try await books(matching: query, sortedBy: order, limit: limit)
    }

    func booksWithProgress(matching query: Query, sortedBy order: [BookSort], limit: Int?) async throws(ShelfError)
        -> Listing<BookWithProgress> {
        let listing = try await mapBooks(matching: query, sortedBy: order, limit: limit, withProgress: true) { book, progress in
            BookWithProgress(book: book, progress: progress ?? ReadingProgress([]))
        }
        remember(listing.items.map(\.book))
        return listing
    }

    /// How many books `query` matches: counted by the strategy where it can, else listed.
    func count(matching query: Query) async throws(ShelfError) -> Int {
        let counted = query.countingFinished(in: files.configuration.status(for: .finished))
        guard let answer = try await reads.count(matching: counted, files) else {
            return try await mapBooks(matching: query, sortedBy: [], limit: nil, withProgress: false) { _, _ in () }.items.count
        }
        try validate(query, customKeys: answer.customKeys)
        return answer.count
    }

    /// Every query listing: the strategy makes each book it matches into a row as it reads it,
    /// with the book's sort keys, and the book goes; the rows are sorted, cut to `limit`, and
    /// returned with the problems of the book files skipped and, `withProgress`, of the listed
    /// books' session files.
    ///
    /// A book whose progress the strategy left to be read for the listed books alone (an index
    /// without sessions, listing few books) is kept until it is known whether it is listed.
    func mapBooks<Row: Sendable>(matching query: Query, sortedBy order: [BookSort], limit: Int?, offset: Int = 0, withProgress: Bool,
                                 _ row: @escaping @Sendable (Book, ReadingProgress?) -> Row) async throws(ShelfError)
        -> Listing<Row> {
        let counted = query.countingFinished(in: files.configuration.status(for: .finished))
        let configuration = files.configuration
        let offset = max(0, offset)
        // A page: the books sorted by their keys alone, and only the page's books read whole.
        if let limit, limit <= StreamedListing.chunk, reads.readsBooksAtPaths,
           let page = try await pathsByKeys(matching: query, sortedBy: order, limit: max(0, limit), offset: offset),
           let books = try await reads.books(atPaths: page.items, withText: true, files) {
            guard withProgress else { return Listing(books.map { row($0, nil) }, problems: page.problems) }
            let read = try await reads.progress(of: books, files)
            let listed = Set(books.map(\.path))
            // The problems of the listed books' session files, which their progress leaves out.
            let theirs = read.problems.filter { listed.contains(BookLocation.bookPath(ofSession: $0.path)) }
            return Listing(books.map { row($0, read.progress[$0.path] ?? ReadingProgress([])) },
                           problems: Array(Set(page.problems + theirs)).sorted())
        }
        let wanted = ProgressWanted(forSorting: order.contains(where: \.needsSessions), forListing: withProgress,
                                    limit: limit.map { max(0, $0) + offset })
        let answer = try await reads.list(matching: counted, progress: wanted, files) { book, progress in
            ListedBook(keys: BookSort.Keys(book, order: order, statusOrder: configuration.order(of:), progress: progress),
                       content: withProgress && progress == nil ? .waiting(book) : .row(row(book, progress)))
        }
        try validate(query, customKeys: answer.customKeys)
        let entries = answer.entries
        // Sorted by keys of their own: this runs unspecialized for the caller's `Row`, and an
        // entry read for each comparison was an entry copied, row and all.
        let keys = entries.map(\.keys)
        let listed = Array(keys.indices.sorted { keys[$0].precedes(keys[$1], in: order) }.dropFirst(offset)).limited(to: limit)
        var sessionProblems = answer.sessionProblems
        var progress: [String: ReadingProgress] = [:]
        let waiting = listed.compactMap { position -> Book? in
            if case .waiting(let book) = entries[position].content { book } else { nil }
        }
        if !waiting.isEmpty {
            let read = try await reads.progress(of: waiting, files)
            progress = read.progress
            sessionProblems += read.problems
        }
        let rows = listed.map { position -> Row in
            switch entries[position].content {
            case .row(let made): made
            case .waiting(let book): row(book, progress[book.path] ?? ReadingProgress([]))
            }
        }
        guard withProgress else { return Listing(rows, problems: answer.problems.sorted()) }
        // The problems of the listed books' session files, which their progress leaves out.
        let booksWithProblems = Set(sessionProblems.map { BookLocation.bookPath(ofSession: $0.path) })
        let listedWithProblems = booksWithProblems.isEmpty ? []
            : Set(listed.lazy.map { keys[$0].path }.filter(booksWithProblems.contains))
        let theirs = sessionProblems.filter { listedWithProblems.contains(BookLocation.bookPath(ofSession: $0.path)) }
        return Listing(rows, problems: Array(Set(answer.problems + theirs)).sorted())
    }

    /// `query` checked as every listing checks it: against the custom keys some book has (a
    /// key no book has is a typo) and the library's statuses.
    func validate(_ query: Query, customKeys: Set<String>) throws(ShelfError) {
        do throws(QueryError) {
            try query.validate(customKeys: customKeys, statuses: files.configuration.statuses)
        } catch {
            throw .invalidQuery(error)
        }
    }

    /// The paths of the books `query` matches in the listing's order, less the first `offset`,
    /// at most `limit` of them, sorted by keys the strategy reads without the rest of each book
    /// (``ReadStrategy/sortKeys(matching:order:statusOrder:_:)``), with the problems of the book
    /// files skipped; `nil` when it cannot, and the listing reads every book whole.
    func pathsByKeys(matching query: Query, sortedBy order: [BookSort], limit: Int?, offset: Int) async throws(ShelfError)
        -> Listing<String>? {
        let configuration = files.configuration
        let counted = query.countingFinished(in: configuration.status(for: .finished))
        // One field, or none, which lists by title then path as ``BookSort/Keys`` ties break:
        // the strategy may find the page without a key of every book (by title, the order of a
        // screen's first page, the index keeps).
        let single: (field: BookSort.Field, descending: Bool)? = order.isEmpty ? (.title, false)
            : order.count == 1 ? order[0].field.map { ($0, order[0].descending) } : nil
        if let limit, let single,
           let page = try await reads.pathsInOrder(of: single.field, matching: counted, descending: single.descending,
                                                   limit: limit, offset: offset, files) {
            try validate(query, customKeys: page.customKeys)
            return Listing(page.entries, problems: page.problems.sorted())
        }
        guard let answer = try await reads.sortKeys(matching: counted, order: order, statusOrder: configuration.order(of:), files) else {
            return nil
        }
        try validate(query, customKeys: answer.customKeys)
        let keys = answer.entries
        let precedes = { (a: Int, b: Int) in keys[a].precedes(keys[b], in: order) }
        let listed: [Int]
        if let limit, offset + limit <= StreamedListing.chunk {
            listed = Array(Self.first(offset + limit, of: keys.indices, by: precedes).dropFirst(offset))
        } else {
            listed = Array(keys.indices.sorted(by: precedes).dropFirst(offset)).limited(to: limit)
        }
        return Listing(listed.map { keys[$0].path }, problems: answer.problems.sorted())
    }

    /// The first `count` of `positions` in the order `precedes` gives, in that order: one pass
    /// that keeps the first ones found so far, rather than a sort of 100,000 to keep 50.
    static func first(_ count: Int, of positions: Range<Int>, by precedes: (Int, Int) -> Bool) -> [Int] {
        guard count > 0 else { return [] }
        var kept: [Int] = []
        kept.reserveCapacity(count + 1)
        for position in positions {
            if kept.count == count, let last = kept.last, !precedes(position, last) { continue }
            // After every kept position it does not precede: equal keys keep their order.
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(position, kept[middle]) { high = middle } else { low = middle + 1 }
            }
            kept.insert(position, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// Each matched book's values of `facet` (``BookFacet/values(of:)``), in no particular
    /// order: read with the facet's column alone where the strategy can (at 100,000 books each
    /// book read whole was 0.8 s of `shelf authors`), whole otherwise.
    func facetValues(_ facet: BookFacet, matching query: Query) async throws(ShelfError) -> Listing<[String]> {
        let counted = query.countingFinished(in: files.configuration.status(for: .finished))
        if let answer = try await reads.partialBooks(matching: counted, columns: facet.indexColumns, files, { facet.values(of: $0) }) {
            try validate(query, customKeys: answer.customKeys)
            return Listing(answer.entries, problems: answer.problems.sorted())
        }
        return try await mapBooks(matching: query, sortedBy: [], limit: nil, withProgress: false) { book, _ in facet.values(of: book) }
    }

    func search(_ text: String, limit: Int?, highlight: SearchHighlight) async throws(ShelfError) -> Listing<SearchHit> {
        let query: Query
        do throws(QueryError) {
            query = try Query(parsing: text, today: files.today())
        } catch {
            throw .invalidQuery(error)
        }
        // The query decides which books; the full-text engine finds the files (book or session)
        // holding its words, ranked. A book the query matches with no such file (a query of
        // fields alone, or a word under `or` it lacks) is a hit of its own, after the ranked ones.
        let (required, optional) = query.expression.searchPhrases
        let phrases = required + optional
        let rounds = required.isEmpty ? optional.map { [$0] } : [required]
        let counting = query.countingFinished(in: files.configuration.status(for: .finished))
        // Words alone: every file holding them all is a hit, ranked before the books that hold
        // them only across files. When there are `limit` such files, the strategy may rank
        // them where the text is and read only those.
        let matching: SearchAnswer
        if let limit, query.expression.isWordsAlone,
           let ranked = try await reads.bestMatches(required, limit: limit, orElse: counting, rounds: rounds, files) {
            switch ranked {
            case .best(let best):
                try validate(query, customKeys: best.customKeys)
                return Listing(best.matches.map { hit(of: $0, phrases: phrases, highlight: highlight) },
                               problems: Array(Set(best.problems)).sorted())
            case .all(let all):
                matching = all
            }
        } else {
            matching = try await reads.search(counting, rounds: rounds, files)
        }
        try validate(query, customKeys: matching.customKeys)
        let matched = Dictionary(matching.books.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [String: SearchMatch] = [:]
        var withHits = Set<String>()
        for documents in matching.rounds {
            for document in documents {
                guard let book = matched[document.bookPath] else { continue }
                withHits.insert(book.path)
                found[document.path, default: SearchMatch(kind: document.path == document.bookPath ? .book : .session,
                                                           bookID: book.bookID, title: book.title, path: document.path,
                                                           score: 0)].score += document.score
            }
        }
        var ranked = SearchRanking.best(found.values.map { ($0, $0.score) }, path: \.path, limit: nil).map(\.0)
        ranked += matching.books.filter { !withHits.contains($0.path) }
            .sorted { ($0.title, $0.path) < ($1.title, $1.path) }
        // Each hit reads its file for the line and snippet: only the few shown are read.
        let hits = ranked.limited(to: limit).map { hit(of: $0, phrases: phrases, highlight: highlight) }
        return Listing(hits, problems: Array(Set(matching.problems)).sorted())
    }

    /// The hit of a ranked match: its line and snippet, from its file.
    private func hit(of match: SearchMatch, phrases: [[String]], highlight: SearchHighlight) -> SearchHit {
        let bytes = (try? files.storage.read(match.path)) ?? []
        let bodyStart = (try? FrontMatterDocument(libraryFile: bytes, path: match.path))?.bodyRange.lowerBound ?? 0
        return SearchRanking.hit(kind: match.kind, bookID: match.bookID, title: match.title, path: match.path,
                                 score: match.score, fileBytes: bytes, bodyStart: bodyStart, phrases: phrases,
                                 highlight: highlight)
    }

    /// The book a slug or path names, when the index knows exactly that one file by its name
    /// and it is that book on disk (``LibraryFiles/resolveWithoutWalking(_:indexed:)``);
    /// `nil` when only a walk or reading titles can tell.
    func bookIDWithoutReading(_ reference: String) async -> BookID? {
        guard let slug = files.slug(named: reference) else { return nil }
        let indexed = await reads.paths(named: slug)
        return files.resolveWithoutWalking(reference, indexed: indexed).map { BookID($0.slug) }
    }

    func resolve(_ reference: String) async throws(ShelfError) -> Book {
        // Reads take no lock, so another `shelf` may move the book between finding and reading
        // it (the first `log` of a to-read book does). A file that vanished that way sends the
        // lookup back to the walk, once, instead of failing.
        var indexed: [String]?
        if let slug = files.slug(named: reference) { indexed = await reads.paths(named: slug) }
        if let location = files.resolveWithoutWalking(reference, indexed: indexed), let book = try? files.read(location).book {
            return book
        }
        var attempts = 0
        while true {
            attempts += 1
            // The first attempt: the index's book files when a watcher vouches for them. Else a
            // walk: a plain one when the index knew a file of that slug (it moved since: a
            // rename, another command's move), else the walk of the index's refresh, which the
            // titles a name needs then come from without a second walk. Without an index, or
            // on a later attempt, a plain walk.
            var refreshed = false
            let listing: any BookDirectory
            if attempts == 1, let known = await reads.currentBookFiles(files) {
                listing = known
            } else if attempts == 1, (indexed ?? []).isEmpty, let walked = try await reads.walkedBookFiles(files) {
                (listing, refreshed) = (walked, true)
            } else {
                listing = try files.listing()
            }
            let location: BookLocation
            do {
                switch try files.resolveByName(reference, in: listing) {
                case .found(let found):
                    location = found
                case .needsTitles(let prefixMatches):
                    // The titles that contain the reference alone: from the index, its folded titles.
                    let needle = LibraryFiles<Storage>.titleNeedle(of: reference)
                    var titles: [BookTitle] = []
                    if !needle.isEmpty {
                        if refreshed, let known = await reads.titlesAsLastRefreshed(containing: needle) {
                            titles = known
                        } else {
                            titles = try await reads.titles(containing: needle, files)
                        }
                    }
                    location = try files.resolve(reference, prefixMatches: prefixMatches, titles: titles, in: listing)
                }
            } catch {
                // A walk is no snapshot: a book renamed from a folder not yet read into one
                // already read is seen twice. A duplicate one of whose files is gone is that.
                guard attempts < 3, case .duplicateSlug(_, let paths) = error,
                      paths.contains(where: { files.storage.kind(of: $0) == nil }) else { throw error }
                continue
            }
            // A path names a file even when its slug is taken twice; only a slug the walk found once
            // is remembered, so later writes by id still refuse the duplicate.
            if (try? listing.locations(withSlug: location.slug))?.count == 1 { files.locations[location.slug] = location }
            do {
                return try files.read(location).book
            } catch {
                guard attempts < 3, files.storage.kind(of: location.path) == nil else { throw error }
            }
        }
    }

    func sessions(of id: BookID) throws(ShelfError) -> [ReadingSession] {
        try files.sessions(of: try files.locate(id))
    }

    func sessions(since day: Day?) async throws(ShelfError) -> Listing<ReadingSession> {
        let found = try await reads.sessions(since: day, files)
        let sorted = found.items.sorted(by: ReadingSession.listedBefore)
        return Listing(sorted, problems: found.problems.sorted())
    }

    /// The books of a listing, whole, a chunk at a time: their order from a listing that keeps
    /// each one's path, then each chunk read from the strategy's rows, with its progress when
    /// asked; or, where a book is only read from its file, from a listing of the books whole.
    func forEachBook(matching query: Query, sortedBy order: [BookSort], limit: Int?, withProgress: Bool,
                     _ body: @escaping @Sendable ([BookWithProgress]) -> Bool) async throws(ShelfError) -> [Problem] {
        let chunk = StreamedListing.chunk
        // How many books were handed on before the strategy could no longer read them by path.
        var handed = 0
        if reads.readsBooksAtPaths {
            // The order from the books' sort keys alone where the strategy reads them, else from the books read whole.
            let byKeys = try await pathsByKeys(matching: query, sortedBy: order, limit: limit, offset: 0)
            let paths: Listing<String>
            if let byKeys {
                paths = byKeys
            } else {
                paths = try await mapBooks(matching: query, sortedBy: order, limit: limit, withProgress: false) { book, _ in book.path }
            }
            var problems = paths.problems
            var start = 0
            while start < paths.items.count {
                let end = min(start + chunk, paths.items.count)
                guard let books = try await reads.books(atPaths: Array(paths.items[start..<end]), withText: true, files) else { break }
                var progress: [String: ReadingProgress] = [:]
                if withProgress {
                    let read = try await reads.progress(of: books, files)
                    progress = read.progress
                    // The problems of these books' session files, which their progress leaves out.
                    let listed = Set(books.map(\.path))
                    problems += read.problems.filter { listed.contains(BookLocation.bookPath(ofSession: $0.path)) }
                }
                guard body(books.map { BookWithProgress(book: $0, progress: progress[$0.path] ?? ReadingProgress([])) }) else {
                    return Array(Set(problems)).sorted()
                }
                start = end
            }
            if start == paths.items.count { return Array(Set(problems)).sorted() }
            handed = start
        }
        let listing = try await mapBooks(matching: query, sortedBy: order, limit: limit, withProgress: withProgress) { book, progress in
            BookWithProgress(book: book, progress: progress ?? ReadingProgress([]))
        }
        for start in stride(from: handed, to: listing.items.count, by: chunk) {
            guard body(Array(listing.items[start..<min(start + chunk, listing.items.count)])) else { break }
        }
        return listing.problems
    }

    /// The sessions in listing order with their pages read and books, a chunk at a time: from
    /// the strategy's rows when it has them, else from every session and book, read whole.
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool,
                        _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem] {
        if let problems = try await reads.forEachSession(from: first, through: last, limit: limit, wholeBooks: wholeBooks,
                                                         files, body) {
            return Array(Set(problems)).sorted()
        }
        // Every session of each book listed, whatever the days asked for: a session's pages read
        // depend on the one before it. From a first day on, only the books read since then.
        var lines: [SessionLine]
        let problems: [Problem]
        if let first {
            let recent = try await recentReading(since: first)
            lines = LinedBooks(recent.books, wholeBooks: wholeBooks).lines(of: recent.sessions, from: first, through: last)
            problems = recent.problems
        } else {
            let listing = try await self.sessions(since: nil)
            // Each book with what a line keeps of it and what its sessions' units need, not whole.
            let listed = try await mapBooks(matching: .all, sortedBy: [], limit: nil, withProgress: false) { book, _ in
                LinedBooks.entry(book, wholeBooks: wholeBooks)
            }
            lines = LinedBooks(listed.items).lines(of: listing.items, from: nil, through: last)
            problems = listing.problems + listed.problems
        }
        if let limit { lines = Array(lines.suffix(limit)) }
        for start in stride(from: 0, to: lines.count, by: StreamedListing.chunk) {
            guard body(Array(lines[start..<min(start + StreamedListing.chunk, lines.count)])) else { break }
        }
        return Array(Set(problems)).sorted()
    }

    /// The reading of the days from `first` through `last`: from the strategy's rows when it
    /// has them, else from the books read since `first` with every session of theirs.
    func periodReading(from first: Day, through last: Day) async throws(ShelfError) -> PeriodReading {
        if let found = try await reads.periodReading(from: first, through: last, files) {
            return PeriodReading(lines: found.lines, streakDays: found.streakDays, problems: Array(Set(found.problems)).sorted())
        }
        let recent = try await recentReading(since: first)
        return PeriodReading(lines: LinedBooks(recent.books, wholeBooks: false).lines(of: recent.sessions, from: first, through: last),
                             streakDays: recent.sessionDays, problems: recent.problems)
    }

    /// The books read since `day` with every session of theirs
    /// (``ReadStrategy/sessionsOfBooks(readSince:_:)``): the books from the index's rows, or
    /// from their own files when the strategy has no rows.
    func recentReading(since day: Day) async throws(ShelfError) -> RecentReading {
        let found = try await reads.sessionsOfBooks(readSince: day, files)
        let sessions = found.sessions.sorted(by: ReadingSession.listedBefore)
        var seen = Set<BookID>()
        let ids = sessions.map(\.bookID).filter { seen.insert($0).inserted }
        let books: Listing<Book>
        if let indexed = found.books {
            // In the order of the books' first sessions, as read by id below.
            let order = Dictionary(ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let items = indexed.items.filter { order[$0.id] != nil }.sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }
            books = Listing(items, problems: indexed.problems)
        } else {
            books = try await self.books(withIDs: ids)
        }
        return RecentReading(books: books.items, sessions: sessions, sessionDays: found.days,
                             problems: Array(Set(found.problems + books.problems)).sorted())
    }

    /// The books to read in up-next order from their places, read without their text where the
    /// strategy can; the first `limit` then read whole. A book gone or broken since it was
    /// listed is a problem, not a failure.
    func upNext(limit: Int?) async throws(ShelfError) -> UpNextOrder.Page {
        let status = files.configuration.status(for: .toRead)
        guard let limit, let candidates = try await reads.upNextPlaces(in: status, first: limit, files) else {
            // Every book read whole, as listed, where they are all listed or only a listing finds them.
            let listing = try await books(matching: BookQuery(statuses: [status]).query, sortedBy: [], limit: nil)
            let order = UpNextOrder(books: listing.items, configuration: files.configuration)
            return UpNextOrder.Page(books: order.books.limited(to: limit), total: order.books.count, problems: listing.problems)
        }
        var problems = candidates.problems
        var books: [Book] = []
        for place in UpNextOrder.first(limit, of: candidates.places) {
            guard let location = BookLocation(path: place.path, in: files.configuration) else { continue }
            do throws(ShelfError) {
                books.append(try files.read(location).book)
            } catch {
                problems.append(Problem(error, path: place.path))
            }
        }
        remember(books)
        return UpNextOrder.Page(books: books, total: candidates.total, problems: Array(Set(problems)).sorted())
    }

    /// Every book to read in up-next order, handed to `body` a chunk of ``StreamedListing/chunk``
    /// at a time: the order from the books' places, each chunk's books from the strategy's rows
    /// by path. Where the strategy has neither, the books are listed whole, as ``upNext(limit:)`` lists them.
    /// - Parameter wholeBooks: Whether each book is read with its body and custom keys, or may
    ///   come without.
    /// - Returns: How many books there are to read, and the problems of the book files skipped.
    func forEachUpNext(wholeBooks: Bool, _ body: @escaping @Sendable ([Book]) -> Bool) async throws(ShelfError) -> UpNextOrder.Page {
        let status = files.configuration.status(for: .toRead)
        guard reads.readsBooksAtPaths, let candidates = try await reads.upNextPlaces(in: status, first: nil, files) else {
            let page = try await upNext(limit: nil)
            for start in stride(from: 0, to: page.books.count, by: StreamedListing.chunk) {
                guard body(Array(page.books[start..<min(start + StreamedListing.chunk, page.books.count)])) else { break }
            }
            return UpNextOrder.Page(books: [], total: page.total, problems: page.problems)
        }
        let places = UpNextOrder.first(nil, of: candidates.places)
        for start in stride(from: 0, to: places.count, by: StreamedListing.chunk) {
            let chunk = places[start..<min(start + StreamedListing.chunk, places.count)]
            // Rows of the refresh that found the places: each place has its row.
            guard let books = try await reads.books(atPaths: chunk.map(\.path), withText: wholeBooks, files), body(books) else { break }
        }
        return UpNextOrder.Page(books: [], total: places.count, problems: Array(Set(candidates.problems)).sorted())
    }

    /// The statistics' figures from the strategy, when it adds up sessions: the books with a
    /// read finished in `year` (ever, when `nil`), the pace of the sessions of that year through
    /// `today`, and the streak's days; the query checked as a listing checks it.
    func readingFigures(matching query: Query, year: Int?, today: Day) async throws(ShelfError) -> ReadingFigures? {
        let counted = query.countingFinished(in: files.configuration.status(for: .finished))
        let first = year.flatMap { Day(year: $0, month: 1, day: 1) }
        let end = year.flatMap { Day(year: $0, month: 12, day: 31) } ?? today
        guard let figures = try await reads.readingFigures(matching: counted, finishedIn: year,
                                                           from: first, through: min(end, today), today: today, files) else { return nil }
        try validate(query, customKeys: figures.customKeys)
        return figures
    }

    /// Where the book `id` is, when the strategy knows without a walk that one file has its
    /// slug (``ReadStrategy/currentPaths(named:_:)``); remembered for the writes that follow.
    func currentLocation(of id: BookID) async -> BookLocation? {
        guard let paths = await reads.currentPaths(named: id.rawValue, files) else { return nil }
        guard let location = files.resolveWithoutWalking(id.rawValue, indexed: paths) else {
            // A second file of the slug since it was remembered: the walk is to decide, and refuse.
            files.locations[id.rawValue] = nil
            return nil
        }
        return location
    }

    /// The most books ``books(withIDs:)`` finds one at a time.
    static var booksLookedUpOneByOne: Int { 5_000 }

    /// The books of `ids`, each read from its own file, found by what the strategy knows of
    /// their slugs (the index's), else by one walk; ids no book has are left out.
    func books(withIDs ids: [BookID]) async throws(ShelfError) -> Listing<Book> {
        // Past a few thousand, one read of every book beats a lookup and a read of each (at
        // 100,000 books, 3,700 looked up took 0.8 s, all read 2.5 s): a year of a large library's
        // reading is tens of thousands of books.
        if ids.count > Self.booksLookedUpOneByOne {
            let wanted = Set(ids)
            let found = try await reads.allBooks(files)
            return Listing(found.books.map(\.book).filter { wanted.contains($0.id) }, problems: found.problems)
        }
        var books: [Book] = []
        var problems: [Problem] = []
        var unplaced: [BookID] = []
        func read(_ location: BookLocation) {
            do throws(ShelfError) { books.append(try files.read(location).book) } catch { problems.append(Problem(error, path: location.path)) }
        }
        for id in ids {
            let indexed = await reads.paths(named: id.rawValue)
            guard let location = files.resolveWithoutWalking(id.rawValue, indexed: indexed) else {
                unplaced.append(id)
                continue
            }
            read(location)
        }
        if !unplaced.isEmpty {
            let listing = try files.listing()
            for id in unplaced {
                if let location = try? files.locate(id, in: listing) { read(location) }
            }
        }
        return Listing(books, problems: problems)
    }

    /// Every problem of every file, read from the files whatever the strategy: `check` is
    /// what a person runs when they doubt the index.
    func check() async throws(ShelfError) -> [Problem] {
        let storage = files.storage
        let statuses = files.configuration.statuses
        // The scan by `lstat` for links, names that are not UTF-8 and saves kept aside walks
        // every folder again, on one thread: beside the walk and the reads, not after them.
        async let entryProblems = Self.entryProblems(of: storage, statuses: statuses)
        // On all cores: the walk lists every book's session folder as well, as many folders
        // as books.
        let listing = try await LibraryWalk.walkInParallel(storage, statuses: statuses,
                                                           notes: files.configuration.noteLayout, includeSessions: true,
                                                           collectInfo: false)
        let finished = files.configuration.statuses.filter { files.configuration.role(of: $0) == .finished }
        let units = listing.books.map {
            LibraryFiles<Storage>.CheckUnit(location: $0, sessionNames: listing.sessionFiles[$0.sessionFolder] ?? [],
                                            finishCounts: files.configuration.role(of: $0.status) == .finished,
                                            finishedStatuses: finished)
        }
        let perFile = await ParallelMap.map(units) { LibraryFiles.problems(of: $0, in: storage) }
        let duplicates = DuplicateKeys.isbnProblems(perFile.compactMap(\.isbn))
        return (files.libraryProblems(listing) + (await entryProblems) + perFile.flatMap(\.problems) + duplicates).sorted()
    }

    private nonisolated static func entryProblems(of storage: Storage, statuses: [Status]) async -> [Problem] {
        storage.entryProblems(statuses: statuses)
    }

    func deleteBooks(matching query: BookQuery) async throws(ShelfError) -> [Book] {
        try query.validate(statuses: files.configuration.statuses)
        let ids = try await books(matching: query.query, sortedBy: [], limit: nil).items.map(\.id)
        return try await writing { files throws(ShelfError) in try files.delete(ids) }
    }

    /// Records what each book's file held, so a write notices an edit made after this read.
    private func remember(_ found: [(book: Book, stamp: FileStamp)]) -> [Book] {
        for (book, stamp) in found { files.stamps[book.path] = stamp }
        return found.map(\.book)
    }

    /// Records what the file of each book listed held, as its version says.
    private func remember(_ listed: [Book]) {
        for book in listed { if let stamp = book.version?.stamp { files.stamps[book.path] = stamp } }
    }

    /// `books` sorted by `order`, then title, then path, and cut to `limit`.
    private func ordered(_ books: [Book], by order: [BookSort], limit: Int?, problems: [Problem]) -> Listing<Book> {
        let sorted = BookSort.sort(books, by: order, statusOrder: files.configuration.order(of:))
        return Listing(sorted.limited(to: limit), problems: problems)
    }
}

/// A book of a listing while it is sorted: what it sorts by, and its row, or the book itself
/// while its progress is still to be read.
struct ListedBook<Row: Sendable>: Sendable {
    enum Content: Sendable {
        case row(Row)
        /// Boxed, so that a listing of rows is not one of books.
        indirect case waiting(Book)
    }

    var keys: BookSort.Keys
    var content: Content
}

/// The books of listed sessions, by id, each as a line keeps it (whole, or its id and title) and
/// with what its sessions' units need; the first of several books of one id.
struct LinedBooks {
    typealias Entry = (line: Book, extent: BookExtent)
    var byID: [BookID: Entry] = [:]

    /// What a line keeps of `book`, and its extent.
    static func entry(_ book: Book, wholeBooks: Bool) -> Entry {
        (line: wholeBooks ? book : Book(id: book.id, title: book.title), extent: BookExtent(book))
    }

    init(_ entries: [Entry]) {
        for entry in entries where byID[entry.line.id] == nil { byID[entry.line.id] = entry }
    }

    init(_ books: [Book], wholeBooks: Bool) {
        self.init(books.map { Self.entry($0, wholeBooks: wholeBooks) })
    }

    /// The lines of `sessions` dated from `first` through `last` (open at either end when
    /// `nil`), in their order: each with its pages read after the one before it of its book, in
    /// pages whatever the units of its book, and the book as kept here.
    /// - Parameter sessions: Every session of each book whose sessions are listed.
    func lines(of sessions: [ReadingSession], from first: Day?, through last: Day?) -> [SessionLine] {
        let inPages = sessions.map { session in byID[session.bookID].map { session.inPages(of: $0.extent) } ?? session }
        return zip(sessions, ReadingSession.pagesRead(inPages))
            .filter { session, _ in first.map { session.day >= $0 } ?? true }
            .filter { session, _ in last.map { session.day <= $0 } ?? true }
            .map { SessionLine(session: $0, pagesRead: $1, book: byID[$0.bookID]?.line) }
    }
}
