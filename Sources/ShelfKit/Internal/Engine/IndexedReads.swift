internal import CSystemCalls

/// The read strategy of a ``FileLibrary``: answers from its index, `.shelf/index.sqlite`,
/// brought up to date with the files before each read, and from the files themselves when there
/// is no index (switched off, or a folder where it cannot be created).
///
/// An actor because the index is opened on the first read, so that writes never pay for it,
/// and deleted and built again when it fails: that state is shared by every read.
actor IndexedReads: ReadStrategy {
    /// Where the index is, or why there is none.
    private enum State {
        /// Not opened yet.
        case closed
        case open(LibraryIndex)
        /// Switched off, or it could not be created: read the files.
        case unavailable
    }

    /// The library folder, absolute.
    let root: String
    let options: IndexOptions
    private var state: State
    /// The reads made from the files when there is no index.
    private let fileReads = FileReads<DiskStorage>()
    /// How many books the library had at the last refresh.
    private var bookCount = 0
    /// For tests: how many refreshes the reads have made, each a walk without a watcher.
    private(set) var refreshes = 0
    /// The folder watchman began to watch for the index while this library was open.
    private(set) var startedWatch: String?
    /// For tests: the most listed books whose sessions are read directly, instead of
    /// ``sessionsReadDirectly(ofAll:)``.
    private var sessionsReadDirectlyLimit: Int?

    init(root: String, options: IndexOptions) {
        self.root = root
        self.options = options
        self.state = options.isEnabled ? .closed : .unavailable
    }

    func allBooks(_ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> FoundBooks {
        guard let (index, files) = try await refreshed(library, sessions: false) else { return try await fileReads.allBooks(library) }
        return FoundBooks(books: try index.books(matching: nil), problems: try index.problems(sessions: false) + files.duplicateProblems)
    }

    /// The query compiled to SQL (``QuerySQL``), after a refresh that reads sessions only when
    /// the query or the sort needs them.
    ///
    /// The progress of the books listed comes from their rows when the index keeps sessions.
    /// When it does not, a listing of more books than ``sessionsReadDirectly(ofAll:)`` has the
    /// index read every session first, as ``progress(of:_:)`` would; a smaller one is left
    /// without, for ``progress(of:_:)`` to read the listed books' session files.
    func list<Entry: Sendable>(matching query: Query, progress wanted: ProgressWanted, _ library: LibraryFiles<DiskStorage>,
                               _ entry: @escaping @Sendable (Book, ReadingProgress?) -> Entry) async throws(ShelfError)
        -> ListAnswer<Entry> {
        guard let (index, duplicates, givesProgress) = try await refreshedForListing(query, wanted, library) else {
            return try await fileReads.list(matching: query, progress: wanted, library, entry)
        }
        // The refresh freed its walk (and a first fill of the sessions, its batches), tens of MB
        // in small pieces on 100,000 books, which malloc keeps rather than hands back. Handed
        // back, the table of every book that follows a first fill there peaked at 91 MB rather
        // than 124.
        shelf_release_free_memory()
        let expected = query.expression == .all ? bookCount : 0
        let entries = try index.books(matching: query, progress: givesProgress, expected: expected) { book, _, progress in
            entry(book, progress)
        }
        return ListAnswer(entries: entries, problems: try index.problems(sessions: false) + duplicates, customKeys: try index.customKeys(),
                          sessionProblems: givesProgress ? try index.problems(sessions: true) : [])
    }

    /// From the columns of the order's fields alone, after the refresh a listing makes.
    func sortKeys(matching query: Query, order: [BookSort], statusOrder: @escaping @Sendable (Status) -> Int,
                  _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> ListAnswer<BookSort.Keys>? {
        var columns = Set<String>()
        for sort in order {
            guard let field = sort.field else { return nil }
            if let column = field.indexColumn { columns.insert(column) }
        }
        return try await partialBooks(matching: query, columns: columns, library) { book in
            BookSort.Keys(book, order: order, statusOrder: statusOrder, progress: nil)
        }
    }

    /// From the rows of `books`, only `columns` of each read, after the refresh a listing of
    /// `query` makes.
    func partialBooks<Entry: Sendable>(matching query: Query, columns: Set<String>, _ library: LibraryFiles<DiskStorage>,
                                       _ entry: @escaping @Sendable (Book) -> Entry) async throws(ShelfError) -> ListAnswer<Entry>? {
        guard let (index, duplicates, _) = try await refreshedForListing(query, ProgressWanted(), library) else { return nil }
        shelf_release_free_memory()
        let expected = query.expression == .all ? bookCount : 0
        let entries = try index.books(matching: query, progress: false, expected: expected, onlyColumns: columns) { book, _, _ in
            entry(book)
        }
        return ListAnswer(entries: entries, problems: try index.problems(sessions: false) + duplicates, customKeys: try index.customKeys())
    }

    /// From the index by `sort_title`, or by the column of `book_facts` that holds `field`'s one
    /// number or day, or the first author (``IndexColumns/sortColumn(of:)``), after the refresh a
    /// listing of `query` makes.
    func pathsInOrder(of field: BookSort.Field, matching query: Query, descending: Bool, limit: Int, offset: Int,
                      _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> ListAnswer<String>? {
        let column = IndexColumns.sortColumn(of: field)
        guard field == .title || column != nil,
              let (index, duplicates, _) = try await refreshedForListing(query, ProgressWanted(), library) else { return nil }
        let paths = if let column {
            try index.pathsByValue(of: column, matching: query, descending: descending, limit: limit, offset: offset)
        } else {
            try index.pathsByTitle(matching: query, descending: descending, limit: limit, offset: offset)
        }
        return ListAnswer(entries: paths, problems: try index.problems(sessions: false) + duplicates, customKeys: try index.customKeys())
    }

    /// `count(*)` of the query compiled to SQL (``QuerySQL``), after the refresh a listing of
    /// it would make, without its progress.
    func count(matching query: Query, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError)
        -> (count: Int, customKeys: Set<String>)? {
        let fullText = QuerySQL.usesFullText(query.expression)
        guard let (index, _) = try await refreshed(library, sessions: query.needsSessionValues, sessionDocuments: fullText,
                                                   fullText: fullText) else {
            return nil
        }
        return (try index.count(matching: query), try index.customKeys())
    }

    /// The index refreshed for a listing, the problems of the book files that share a slug, and
    /// whether the listing is to read each book's progress from its row; `nil` when reads must
    /// go to the files. Only these are handed back, so that the walk of the refresh, some
    /// 40 MB on 100,000 books, is let go before the books are read.
    private func refreshedForListing(_ query: Query, _ wanted: ProgressWanted, _ library: LibraryFiles<DiskStorage>)
        async throws(ShelfError) -> (LibraryIndex, duplicates: [Problem], givesProgress: Bool)? {
        let fullText = QuerySQL.usesFullText(query.expression)
        let index: LibraryIndex, duplicates: [Problem]
        // The first refresh's walk lives in this scope alone: held through the second refresh
        // below, which walks again and reads every session, it was two walks of the library at
        // the peak of the first table of every book.
        do {
            guard let (first, files) = try await refreshed(library, sessions: query.needsSessionValues || wanted.forSorting,
                                                               sessionDocuments: fullText, fullText: fullText) else {
                return nil
            }
            (index, duplicates) = (first, files.duplicateProblems)
        }
        guard wanted.forListing && !wanted.forSorting else { return (index, duplicates, wanted.forSorting) }
        if try index.keepsSessions() { return (index, duplicates, true) }
        let count = try index.count(matching: query)
        guard min(count, wanted.limit ?? count) > sessionsReadDirectlyLimit ?? Self.sessionsReadDirectly(ofAll: bookCount) else {
            return (index, duplicates, false)
        }
        return try await refreshed(library, sessions: true, fullText: fullText).map { ($0.0, $0.1.duplicateProblems, true) }
    }

    /// The totals of the index's sessions, as its book rows keep them.
    ///
    /// When the index does not keep sessions yet, the books' session files are read instead, up
    /// to ``sessionsReadDirectly(ofAll:)`` books: a listing of a few hundred books then reads a
    /// few hundred small files rather than every session of the library. A larger listing has
    /// the index read them all, once.
    func progress(of books: [Book], _ library: LibraryFiles<DiskStorage>) async throws(ShelfError)
        -> (progress: [String: ReadingProgress], problems: [Problem]) {
        guard case .open(var index) = state else { return try await fileReads.progress(of: books, library) }
        if try !index.keepsSessions() {
            if books.count <= sessionsReadDirectlyLimit ?? Self.sessionsReadDirectly(ofAll: bookCount) {
                return try await fileReads.progress(readingOnly: books, library)
            }
            guard let (refreshed, _) = try await refreshed(library, sessions: true) else {
                return try await fileReads.progress(of: books, library)
            }
            index = refreshed
        }
        return (try index.progress(of: books), try index.problems(sessions: true))
    }

    func setSessionsReadDirectlyLimit(_ books: Int?) { sessionsReadDirectlyLimit = books }

    /// Up to this many listed books of `all`, their progress is read from their session files
    /// when the index does not keep sessions; past it, the index reads every session once.
    /// A quarter of the library: reading that many books' sessions costs about a quarter of
    /// reading them all, and keeping them would add a `stat` of every session file to every
    /// later refresh.
    static func sessionsReadDirectly(ofAll all: Int) -> Int { max(1_000, all / 4) }

    func sessions(since day: Day?, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> Listing<ReadingSession> {
        guard let (index, _) = try await refreshed(library, sessions: true) else { return try await fileReads.sessions(since: day, library) }
        return Listing(try index.sessions(since: day), problems: try index.problems(sessions: true, since: day))
    }

    /// From the folded titles the index keeps for queries, after a refresh that reads no sessions.
    func titles(containing needle: String, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> [BookTitle] {
        guard let (index, _) = try await refreshedWithoutWalk(library, sessions: false, fullText: false) else {
            return try await fileReads.titles(containing: needle, library)
        }
        return try index.titles(containing: needle)
    }

    /// From the sessions' index by day: the books read since `day` from their rows, then all
    /// their sessions; the problems kept are those of session files dated since `day` or beside those books' sessions.
    func sessionsOfBooks(readSince day: Day, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> RecentSessions {
        guard let (index, _) = try await refreshedWithoutWalk(library, sessions: true, fullText: false) else {
            return try await fileReads.sessionsOfBooks(readSince: day, library)
        }
        return RecentSessions(sessions: try index.sessionsOfBooks(readSince: day), since: day, days: try index.sessionDays(),
                              problems: try index.problems(sessions: true), books: try index.booksRead(since: day))
    }

    /// The query compiled to SQL as for ``books(matching:sortProgress:_:)``, reading only each
    /// book's path, slug and title, and each round's candidates from the full-text table,
    /// scored from the words it stores, after one refresh.
    ///
    /// The walk of the refresh is let go before the answers are read: a common word matches most
    /// of a library, and at 100,000 books the walk alone is some 40 MB.
    func search(_ query: Query, rounds: [[[String]]], _ library: LibraryFiles<DiskStorage>) async throws(ShelfError)
        -> SearchAnswer {
        // The words of the sessions' notes are searched; their rows only a query of their values needs.
        let fullText = QuerySQL.usesFullText(query.expression) || !rounds.isEmpty
        guard let (index, duplicates) = try await refreshedWithoutWalk(library, sessions: query.needsSessionValues,
                                                                       sessionDocuments: fullText, fullText: fullText) else {
            return try await fileReads.search(query, rounds: rounds, library)
        }
        return try Self.searchAnswer(query, rounds: rounds, index, duplicates: duplicates)
    }

    /// ``search(_:rounds:_:)``'s answer from an index just refreshed.
    private static func searchAnswer(_ query: Query, rounds: [[[String]]], _ index: LibraryIndex,
                                     duplicates: [Problem]) throws(ShelfError) -> SearchAnswer {
        var matches: [[ScoredDocument]] = []
        for phrases in rounds { matches.append(try index.searchMatches(phrases)) }
        // A session file that does not read keeps its note out of the search: its problem is
        // one of the search's.
        return SearchAnswer(books: try index.bookMatches(query), rounds: matches,
                            problems: try index.allProblems() + duplicates,
                            customKeys: try index.customKeys())
    }

    /// From the books' rows in up-next order, four columns of each, after a refresh that reads
    /// no sessions.
    func upNextPlaces(in status: Status, first limit: Int?, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError)
        -> UpNextOrder.Candidates? {
        guard let (index, duplicates) = try await refreshedWithoutWalk(library, sessions: false, fullText: false) else {
            return nil
        }
        var candidates = try index.upNextPlaces(in: status, first: limit)
        candidates.problems = try index.problems(sessions: false) + duplicates
        return candidates
    }

    nonisolated var readsBooksAtPaths: Bool { true }

    /// From the rows of the index as the listing left it, each found by its path.
    func books(atPaths paths: [String], withText: Bool, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> [Book]? {
        guard case .open(let index) = state else { return nil }
        return try index.books(atPaths: paths, withText: withText)
    }

    /// From the sessions' rows in order, each with its stored pages read and its book's row,
    /// after a refresh that keeps sessions (``LibraryIndex/forEachSession(from:through:limit:wholeBooks:_:)``).
    func forEachSession(from first: Day?, through last: Day?, limit: Int?, wholeBooks: Bool, _ library: LibraryFiles<DiskStorage>,
                        _ body: @escaping @Sendable ([SessionLine]) -> Bool) async throws(ShelfError) -> [Problem]? {
        guard let (index, duplicates) = try await refreshedWithoutWalk(library, sessions: true, fullText: false) else {
            return nil
        }
        try index.forEachSession(from: first, through: last, limit: limit, wholeBooks: wholeBooks, body)
        return try index.problems(sessions: true) + index.problems(sessions: false) + duplicates
    }

    /// From the sessions' index by day with the pages each read as stored, and the streak's
    /// days newest first until one is missed, after a refresh that keeps sessions.
    func periodReading(from first: Day, through last: Day, _ library: LibraryFiles<DiskStorage>) async throws(ShelfError)
        -> PeriodReading? {
        guard let (index, _) = try await refreshedWithoutWalk(library, sessions: true, fullText: false) else { return nil }
        var collected: [SessionLine] = []
        try index.forEachSession(from: first, through: last, limit: nil, wholeBooks: false) { chunk in
            collected += chunk
            return true
        }
        // The problems `sessionsOfBooks(readSince:)` keeps: of the session files dated in the
        // period or beside its sessions, and of the files of the books read in it.
        let sessions = RecentSessions(sessions: collected.map(\.session), since: first, days: [],
                                      problems: try index.problems(sessions: true))
        return PeriodReading(lines: collected, streakDays: try index.streakDays(through: last),
                             problems: sessions.problems + (try index.bookProblems(readSince: first)))
    }

    /// Summed in SQLite from each session's pages read, after a refresh that keeps sessions
    /// (``LibraryIndex/readingFigures(matching:finishedIn:from:through:today:)``).
    func readingFigures(matching query: Query, finishedIn year: Int?, from first: Day?, through last: Day, today: Day,
                        _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> ReadingFigures? {
        let fullText = QuerySQL.usesFullText(query.expression)
        guard let (index, duplicates) = try await refreshedWithoutWalk(library, sessions: true, fullText: fullText) else {
            return nil
        }
        var figures = try index.readingFigures(matching: query, finishedIn: year, from: first, through: last,
                                                today: today)
        figures.problems = try index.allProblems() + duplicates
        figures.customKeys = try index.customKeys()
        return figures
    }

    /// Ranked in SQLite, after the refresh a search makes (``LibraryIndex/bestMatches(_:limit:)``);
    /// with fewer matches than `limit`, ``search(_:rounds:_:)``'s answer after the same refresh.
    func bestMatches(_ phrases: [[String]], limit: Int, orElse query: Query, rounds: [[[String]]],
                     _ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> RankedSearch? {
        guard let (index, duplicates) = try await refreshedWithoutWalk(library, sessions: query.needsSessionValues,
                                                                       sessionDocuments: true, fullText: true) else {
            return nil
        }
        let best = try index.bestMatches(phrases, limit: limit)
        guard best.count == limit else { return .all(try Self.searchAnswer(query, rounds: rounds, index, duplicates: duplicates)) }
        return .best(BestMatches(matches: best, problems: try index.allProblems() + duplicates,
                                 customKeys: try index.customKeys()))
    }

    /// ``refreshed(_:sessions:fullText:)``, keeping of the walk only its problems.
    private func refreshedWithoutWalk(_ library: LibraryFiles<DiskStorage>, sessions: Bool, sessionDocuments: Bool = false,
                                      fullText: Bool) async throws(ShelfError) -> (LibraryIndex, [Problem])? {
        guard let (index, files) = try await refreshed(library, sessions: sessions, sessionDocuments: sessionDocuments,
                                                       fullText: fullText) else { return nil }
        return (index, files.duplicateProblems)
    }

    /// The files named `<slug>.md` that the index held at its last refresh, without refreshing
    /// it: a refresh walks the library, which a write to one book must not. `nil` when there is
    /// no index yet (creating one here would only defer its build to the next read) or it
    /// cannot answer; the caller then walks.
    func paths(named slug: String) -> [String]? {
        if case .closed = state, FileSystem.status(root + "/" + IndexOptions.path)?.kind != .file { return nil }
        return try? openIndex()?.paths(named: slug)
    }

    /// The files named `<slug>.md`, from the index once watchman has vouched for every change
    /// since its last refresh: what a walk would find, without the walk. `nil` when no watcher
    /// vouches (the caller walks); never creates an index.
    func currentPaths(named slug: String, _ library: LibraryFiles<DiskStorage>) async -> [String]? {
        try? await watchedIndex(library)?.paths(named: slug)
    }

    /// The index brought up to date from watchman's report alone; `nil` when no watcher vouches
    /// for it. Never creates an index.
    private func watchedIndex(_ library: LibraryFiles<DiskStorage>) async -> LibraryIndex? {
        guard options.usesWatcher else { return nil }
        if case .closed = state, FileSystem.status(root + "/" + IndexOptions.path)?.kind != .file { return nil }
        guard let index = openIndex(),
              (try? await index.refreshIfWatched(library.storage, statuses: library.configuration.statuses,
                                                 notes: library.configuration.noteLayout, watcher: options.watcher)) == true else {
            return nil
        }
        return index
    }

    /// The book files as a walk would find them now, from the index once watchman has vouched
    /// for every change; `nil` when only a walk can tell.
    func currentBookFiles(_ library: LibraryFiles<DiskStorage>) async -> (any BookDirectory)? {
        guard let index = await watchedIndex(library) else { return nil }
        return try? IndexedBookFiles(index: index, configuration: library.configuration)
    }

    /// From the index brought up to date by a walk (its refresh's), which is then what a walk
    /// found: one walk where a plain walk and then a refresh for the titles were two (and held
    /// every book's location beside the refresh, 143 MB at 100,000 books). Never builds an index
    /// that is not there: that reads every book, which finding one by its slug need not.
    func walkedBookFiles(_ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> (any BookDirectory)? {
        if case .closed = state, FileSystem.status(root + "/" + IndexOptions.path)?.kind != .file { return nil }
        guard let (index, _) = try await refreshed(library, sessions: false) else { return nil }
        return try IndexedBookFiles(index: index, configuration: library.configuration)
    }

    func titlesAsLastRefreshed(containing needle: String) -> [BookTitle]? {
        guard case .open(let index) = state else { return nil }
        return try? index.titles(containing: needle)
    }

    /// Deletes the index and builds all of it again from the files, the full-text table
    /// included: `shelf reindex`.
    func rebuild(_ library: LibraryFiles<DiskStorage>) async throws(ShelfError) {
        if case .open(let index) = state { index.close() }
        LibraryIndex.remove(at: root + "/" + IndexOptions.path)
        state = options.isEnabled ? .closed : .unavailable
        _ = try await refreshed(library, sessions: true, fullText: true)
    }

    /// Forgets the stored watch, so that watchman is looked for again, and refreshes, which
    /// starts the watch before it walks.
    func startWatching(_ library: LibraryFiles<DiskStorage>) async throws(ShelfError) -> WatchStatus {
        guard options.usesWatcher, let index = openIndex() else { return watchStatus() }
        try index.storeWatch(nil)
        _ = try await refreshed(library, sessions: false)
        return watchStatus()
    }

    /// Stops the watch and forgets it; reads walk until the next `startWatching`, which the
    /// stored socket-less state keeps them from doing on their own.
    func stopWatching() async throws(ShelfError) -> WatchStatus {
        guard let index = openIndex() else { return watchStatus() }
        if let state = index.watchState() {
            _ = WatchedChanges.stop(state)
            try index.storeWatch(WatchState(socket: "", library: root))
        }
        return watchStatus()
    }

    /// What the index stored of the watch, and whether the server answers for it now.
    func watchStatus() -> WatchStatus {
        let state = options.usesWatcher ? openIndex()?.watchState() : nil
        let stored = state.flatMap { $0.library == root && $0.isWatching ? $0 : nil }
        return WatchStatus(isEnabled: options.usesWatcher, socket: state.flatMap { $0.socket.isEmpty ? nil : $0.socket },
                           watchRoot: stored?.root, isWatching: stored.map(WatchedChanges.answers) ?? false)
    }

    /// Brings the index up to date and reports how many files were read again and dropped,
    /// for tests and benchmarks.
    func refresh(_ library: LibraryFiles<DiskStorage>, sessions: Bool) async throws(ShelfError)
        -> (parsed: Int, removed: Int, walked: Bool)? {
        guard let index = openIndex() else { return nil }
        let (_, report) = try await index.refresh(library.storage, statuses: library.configuration.statuses,
                                                  notes: library.configuration.noteLayout, sessions: sessions,
                                                  watcher: options.watcher)
        return (report.parsed, report.removed, report.walked)
    }

    /// The index, refreshed, with what it knows of the files besides (the walk, when it made one); `nil` when reads must go to the files.
    /// With `sessions`, it holds every session too (``LibraryIndex/fillSessions(_:_:rows:fullText:batchSize:)``),
    /// with `sessionDocuments` at least their files and documents (a search of their words), and
    /// with `fullText` their words (``LibraryIndex/fillFullText()``); a read of book fields alone
    /// leaves them to the first read that needs them.
    ///
    /// An index that fails while refreshing is deleted and built again once; the files are the
    /// truth, so nothing is lost.
    func refreshed(_ library: LibraryFiles<DiskStorage>, sessions: Bool, sessionDocuments: Bool = false,
                   fullText: Bool = false) async throws(ShelfError) -> (LibraryIndex, RefreshedFiles)? {
        for attempt in 0..<2 {
            guard let index = openIndex() else { return nil }
            do throws(ShelfError) {
                let (files, report) = try await index.refresh(library.storage, statuses: library.configuration.statuses,
                                                  notes: library.configuration.noteLayout, sessions: sessions,
                                                              sessionDocuments: sessionDocuments, fullText: fullText,
                                                              watcher: options.watcher)
                bookCount = files.bookCount
                refreshes += 1
                if let root = report.startedWatch { startedWatch = root }
                return (index, files)
            } catch {
                guard case .io(path: IndexOptions.path, _, _) = error, attempt == 0 else { throw error }
                index.close()
                LibraryIndex.remove(at: index.path)
                state = .closed
            }
        }
        return nil
    }

    private func openIndex() -> LibraryIndex? {
        switch state {
        case .open(let index): return index
        case .unavailable: return nil
        case .closed: break
        }
        let folder = root + "/.shelf"
        if FileSystem.status(folder) == nil { try? FileSystem.makeDirectory(folder) }
        // The index is a cache: the same `.gitignore` as `shelf init` writes keeps it out of git.
        let ignore = folder + "/.gitignore"
        if FileSystem.status(ignore) == nil {
            try? FileSystem.writeAtomically(Array(ShelfIgnoreFile.contents.utf8), to: ignore)
        }
        guard let index = try? LibraryIndex.open(at: root + "/" + IndexOptions.path) else {
            state = .unavailable
            return nil
        }
        state = .open(index)
        return index
    }
}

