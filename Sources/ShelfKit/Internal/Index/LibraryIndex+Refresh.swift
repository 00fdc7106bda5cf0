internal import Foundation
internal import GRDB

/// Bringing the index up to date with the files.
extension LibraryIndex {
    /// One file the walk found, to compare with the index.
    enum Work: Sendable {
        case book(BookLocation)
        case session(path: String, name: SessionFileName, book: BookLocation)

        var path: String {
            switch self {
            case .book(let location): location.path
            case .session(let path, _, _): path
            }
        }

        var bookPath: String {
            switch self {
            case .book(let location): location.path
            case .session(_, _, let book): book.path
            }
        }
    }

    /// What reading one file gave. A class: a first build hands some 27,000 of these from the
    /// parsing tasks to the writer, and copying a struct of this size retained every field.
    final class Parsed: Sendable {
        let work: Work
        /// The file's path and its book's, built once here rather than by the writer.
        let path: String
        let bookPath: String
        let stamp: FileStamp
        /// What `fstat` said of the file as it was read; `nil` when it could not be opened.
        let info: FileSystem.FileInfo?
        let book: Book?
        let session: ReadingSession?
        let problems: [Problem]
        /// What the rows derive from the book or session: folded values, encoded words and
        /// JSON cost more than the inserts themselves, and here they are computed on all cores
        /// while parsing instead of inside the single-threaded write.
        let rows: Rows

        init(work: Work, stamp: FileStamp, info: FileSystem.FileInfo?, book: Book? = nil, session: ReadingSession? = nil,
             problems: [Problem], rows: Rows = Rows()) {
            self.work = work
            path = work.path
            bookPath = work.bookPath
            self.stamp = stamp
            self.info = info
            self.book = book
            self.session = session
            self.problems = problems
            self.rows = rows
        }

        /// This session with the pages it read, once its book's other sessions are known.
        func readingPages(_ pages: Int) -> Parsed {
            var rows = rows
            rows.pagesRead = pages
            return Parsed(work: work, stamp: stamp, info: info, book: book, session: session, problems: problems, rows: rows)
        }
    }

    struct Rows: Sendable {
        /// The unknown keys as stored.
        var extra: String?
        /// The values of ``IndexColumns/fields``, by position.
        var columns: [BookFacts.Value?] = []
        /// The folded values of ``IndexListColumns/fields``, by position.
        var lists: [[String]] = []
        /// The values of custom keys, which can have several.
        var values: [(field: String, value: BookFacts.Value)] = []
        /// The book's session totals, for ``IndexProgressColumns``.
        var progress = ReadingProgress([])
        /// ``FullText/indexText(_:)`` of each text column; empty when the full-text table is not
        /// kept yet (``LibraryIndex/fillFullText()``).
        var document: [String] = []
        /// A session's pages read (``LibraryIndex/pagesRead(_:of:)``), when its book was read with it.
        var pagesRead: Int?
        /// What a sort by author compares, `nil` for a book without one (``IndexRows/sortText(of:)``).
        var sortAuthor: String?

        init() {}

        /// With `progress`, the book's session totals go in with it; without, it goes in
        /// with those of no sessions, and ``LibraryIndex/updateProgress(_:books:all:)``
        /// sets them once every changed file is written.
        init(_ book: Book, document withDocument: Bool, progress: ReadingProgress? = nil) {
            extra = IndexRows.extraJSON(book.extra)
            sortAuthor = book.authors.first.map(IndexRows.sortText(of:))
            columns = Array(repeating: nil, count: IndexColumns.fields.count)
            lists = Array(repeating: [], count: IndexListColumns.fields.count)
            // The built-in fields by their place, found once (``BookFacts/values(of:progress:)``
            // gives them by name, and looking up every name of every book was a few percent of
            // a first build); then the custom keys, as it gives them.
            self.progress = progress ?? ReadingProgress([])
            for (definition, place) in zip(BookSchema.queryFields, Self.places) {
                for value in definition.values(book, self.progress) {
                    switch place {
                    case .column(let position): columns[position] = value
                    case .list(let position): if let text = value.text { lists[position].append(text) }
                    case .values(let field): values.append((field, value))
                    }
                }
            }
            for entry in book.extra {
                let field = QueryField.custom(entry.key).storageName
                for value in BookFacts.customValues(entry.value) { values.append((field, value)) }
            }
            if withDocument { document = LibraryIndex.document(of: book) }
        }

        /// Where the values of a built-in query field go.
        private enum Place {
            case column(Int)
            case list(Int)
            case values(String)
        }

        /// The place of each of ``BookSchema/queryFields``, in order.
        private static let places: [Place] = BookSchema.queryFields.map { definition in
            let name = definition.field.storageName
            if let position = IndexColumns.position[name] { return .column(position) }
            if let position = IndexListColumns.position[name] { return .list(position) }
            return .values(name)
        }

        init(_ session: ReadingSession, document withDocument: Bool) {
            extra = IndexRows.extraJSON(session.extra)
            if withDocument { document = LibraryIndex.document(of: session) }
        }
    }

    /// A book's full-text columns as the index stores them.
    static func document(of book: Book) -> [String] {
        BookFacts.documentColumns(of: book).map(FullText.indexText)
    }

    /// A session's full-text columns as the index stores them.
    static func document(of session: ReadingSession) -> [String] {
        BookFacts.documentColumns(of: session).map(FullText.indexText)
    }

    /// What a refresh did, for tests and benchmarks.
    struct RefreshReport: Sendable, Hashable {
        var parsed: Int
        var removed: Int
        /// Whether the refresh walked the library, rather than read what watchman reported.
        var walked = true
        /// The folder watchman began to watch for this index, the first time it did.
        var startedWatch: String?
    }

    /// Walks the library, re-reads the files that are new or changed since the last refresh
    /// (in parallel), drops the ones that are gone, and writes it all in one transaction.
    ///
    /// A file is unchanged when its size, modification and change times in nanoseconds and inode
    /// are as indexed and both times are before the last refresh began. The change time catches a
    /// rewrite of the same size whose modification time was put back, which only the kernel can
    /// set; the last condition catches an edit made in the same clock tick as the last refresh
    /// read the file, which the stat alone would miss (git's "racily clean" entries).
    ///
    /// Session files are compared and read only once the index keeps them (``SessionsKept``):
    /// with `sessions`, a new index is built with them and an index without their rows gets them
    /// (``fillSessions(_:_:rows:fullText:batchSize:)``); with `sessionDocuments` alone (a search
    /// of their notes' words), an index that keeps no session file gets their documents, not their
    /// rows; without either, an index that does not keep them yet leaves them to the first read
    /// that needs them. The same holds for `fullText` and the full-text table (``fillFullText()``);
    /// when both are wanted for the first time, the table is filled while the first session files
    /// are parsed.
    ///
    /// With `watcher`, a refresh asks watchman what changed since the index's clock and reads
    /// only that (``refreshFromWatcher(_:statuses:keepsSessions:settings:started:)``) when it can vouch
    /// for every change; otherwise it walks, and takes a new clock before the walk begins so
    /// that nothing changed during the walk is missed.
    /// - Returns: What the library holds besides the index (the walk, when there was one).
    /// Brings the index up to date when watchman vouches for every change since its clock,
    /// reading only what changed; `false`, with nothing done, when only a walk could (no
    /// watcher, a new index, an adopted library, a report too long to trust).
    func refreshIfWatched(_ storage: DiskStorage, statuses: [Status], notes: NoteLayout?,
                          watcher: WatcherSettings?) async throws(ShelfError) -> Bool {
        guard notes == nil, let watcher else { return false }
        let started = FileSystem.now()
        let (current, kept) = try read { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version") == IndexSchema.version, try Self.sessionsKept(db))
        }
        guard current else { return false }
        guard try await refreshFromWatcher(storage, statuses: statuses, keepsSessions: kept != .none, settings: watcher,
                                           started: started) != nil else { return false }
        try mapPages(true)
        return true
    }

    @discardableResult
    func refresh(_ storage: DiskStorage, statuses: [Status], notes: NoteLayout?, sessions: Bool, sessionDocuments: Bool = false,
                 fullText: Bool = false, watcher: WatcherSettings? = nil) async throws(ShelfError) -> (RefreshedFiles, RefreshReport) {
        let started = FileSystem.now()
        let wanted: SessionsKept = sessions ? .rows : sessionDocuments ? .documents : .none
        // An adopted library's books are read through its map: a map edited by hand reads every
        // note again. Its changes are found by walking (watchman's queries name status folders).
        let notesStamp = notes?.stamp ?? 0
        let watcher = notes == nil ? watcher : nil
        let (fresh, otherMap, kept) = try read { db in
            let fresh = try Int.fetchOne(db, sql: "PRAGMA user_version") != IndexSchema.version
            let otherMap = try !fresh && (Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'notes'") ?? 0) != notesStamp
            return (fresh || otherMap, otherMap, try fresh || otherMap ? .none : Self.sessionsKept(db))
        }
        if otherMap { try write { db in try IndexSchema.recreate(db) } }
        // Sessions wanted for the first time are listed by the walk.
        if let watcher, !fresh, kept >= wanted,
           let refreshed = try await refreshFromWatcher(storage, statuses: statuses, keepsSessions: kept != .none, settings: watcher,
                                                        started: started) {
            try mapPages(true)
            if fullText { try await fillFullText() }
            return refreshed
        }
        try mapPages(false)
        let known = fresh || watcher == nil ? nil : watchState()
        var watch = watcher.flatMap { settings in WatchedChanges.start(library: storage.root, socket: settings.socket, known: known) }
        var (listing, report) = try await walkAndUpdate(storage, statuses: statuses, notes: notes, sessions: wanted,
                                                        fullText: fullText, fresh: fresh, kept: kept,
                                                        started: started)
        // A watch this index did not know of: watchman goes on watching after the command ends.
        if known == nil, let watch, watch.isWatching { report.startedWatch = watch.root }
        let files = RefreshedFiles(listing)
        // The counts as of the clock, for the commands that watchman tells nothing changed.
        // A linked file or folder changes where watchman does not look: only a walk sees it.
        // A book not downloaded yet is a problem only a walk reports (the index holds no row
        // of it): the library is walked until it is downloaded.
        if listing.followsLinks || !listing.notDownloaded.isEmpty, var unvouched = watch { unvouched.clock = ""; watch = unvouched }
        if var counted = watch, counted.isWatching {
            (counted.bookCount, counted.duplicateCount) = (files.bookCount, files.duplicateProblems.count)
            watch = counted
        }
        // Without watchman (not installed, not running) the state stays as it was: no write.
        if let watch, watch != known { try storeWatch(watch, replacing: known) }
        return (files, report)
    }

    /// The refresh by walking the library.
    private func walkAndUpdate(_ storage: DiskStorage, statuses: [Status], notes: NoteLayout?, sessions wanted: SessionsKept,
                               fullText: Bool, fresh: Bool, kept: SessionsKept,
                               started: Int64) async throws(ShelfError) -> (LibraryWalk, RefreshReport) {
        // A new index compares nothing: every file is read, and `fstat` of the open file gives
        // its stamp, which spares a `stat` by path per file in the walk. The walk starts at once,
        // and the index's files are loaded while it runs. Session folders are listed only when
        // their files will be compared or read.
        let keepsSessions = kept != .none
        async let walking = Self.walk(storage, statuses: statuses, notes: notes, includeSessions: wanted != .none || keepsSessions,
                                      collectInfo: !fresh, statsSessions: keepsSessions, inPathOrder: fresh)
        if fresh {
            // A new index is empty, so nothing vanished and nothing was known: it is built with
            // parsing and writing overlapped, which one transaction could not do.
            let listing = try await walking.get()
            let parsed = try await build(listing, storage, started: started, sessions: wanted != .none, fullText: fullText,
                                         notesStamp: notes?.stamp ?? 0)
            return (listing, RefreshReport(parsed: parsed, removed: 0))
        }
        let listing: LibraryWalk
        var report: RefreshReport
        let keepsText: Bool
        // The index's files live in this scope alone, so that they are let go before a fill
        // reads the sessions: held through it, they were some 5 MB of the peak of the first
        // table of every book at 100,000 books.
        do {
            let state: Result<(KnownFiles, Int64, Bool), ShelfError> = Result { () throws(ShelfError) in
                try read { db in
                    (try KnownFiles(db), try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'refreshed'") ?? Int64.max,
                     try Self.hasFullText(db))
                }
            }
            listing = try await walking.get()
            let (indexed, lastRefresh, keptText) = try state.get()
            keepsText = keptText
            report = try await update(listing, storage, known: indexed, lastRefresh: lastRefresh, keepsText: keepsText,
                                      keepsSessions: keepsSessions, started: started)
        }
        if wanted > kept {
            report.parsed += try await fillSessions(listing, storage, rows: wanted == .rows, fullText: fullText)
            // Another process may have kept the sessions meanwhile, without the full-text table.
            if fullText { try await fillFullText() }
        } else if fullText && !keepsText {
            try await fillFullText()
        }
        return (listing, report)
    }

    /// The refresh of an index that exists: compares the walk with the known files, reads the
    /// new and changed ones, drops the vanished ones, in one transaction. Session files count
    /// only when the index keeps sessions.
    private func update(_ listing: LibraryWalk, _ storage: DiskStorage, known indexed: KnownFiles, lastRefresh: Int64,
                        keepsText: Bool, keepsSessions: Bool, started: Int64) async throws(ShelfError) -> RefreshReport {
        var known = indexed
        var work: [(item: Work, info: FileSystem.FileInfo?, knownID: Int64?)] = []
        // Counting the indexed files still there tells whether any vanished, without a set of
        // every path on the fast path, where nothing did.
        var stillThere = 0
        /// Whether the file the walk saw is the one indexed, unchanged; counts it as still there.
        func isUnchanged(_ found: Int?, _ info: FileSystem.FileInfo?) -> Bool {
            guard let found else { return false }
            stillThere += 1
            guard let info else { return false }
            return known.info(found) == info && info.settled(before: lastRefresh)
        }
        let (unchangedBooks, othersBooks) = await Self.unchangedBooks(listing, known, lastRefresh: lastRefresh)
        stillThere += unchangedBooks
        for position in othersBooks {
            let location = listing.books[position]
            let info = position < listing.bookInfo.count ? listing.bookInfo[position] : nil
            let found = known.find(info, book: location)
            if !isUnchanged(found, info) { work.append((.book(location), info, found.map(known.id))) }
        }
        for location in keepsSessions ? listing.books : [] {
            let folder = location.sessionFolder
            guard let names = listing.sessionFiles[folder] else { continue }
            let infos = listing.sessionInfo[folder] ?? []
            for (index, name) in names.enumerated() {
                let info = index < infos.count ? infos[index] : nil
                let found = known.find(info, folder, "/", name)
                // Only session-named files are indexed, so an unchanged one needs no parsing.
                if isUnchanged(found, info) { continue }
                guard let parsed = SessionFileName(name) else { continue }
                work.append((.session(path: folder + "/" + name, name: parsed, book: location), info, found.map(known.id)))
            }
        }
        var vanished: [(path: String, id: Int64)] = []
        if stillThere < known.count {
            var wanted = Set(listing.books.map(\.path))
            for (folder, names) in listing.sessionFiles { for name in names { wanted.insert(folder + "/" + name) } }
            vanished = known.all.filter { !wanted.contains($0.path) }
        }
        guard !work.isEmpty || !vanished.isEmpty else { return RefreshReport(parsed: 0, removed: 0) }

        let parsed = await ParallelMap.map(work.map(\.item)) { item in Self.parse(item, storage, encodeText: keepsText) }
        try write { db in
            try Self.writeChanges(db, parsed: parsed, work: work, vanished: vanished, keepsSessions: keepsSessions, started: started)
        }
        return RefreshReport(parsed: parsed.count, removed: vanished.count)
    }

    /// Writes what a refresh read and drops what vanished, in the caller's transaction, and
    /// records when the refresh began.
    static func writeChanges(_ db: Database, parsed: [Parsed], work: [(item: Work, info: FileSystem.FileInfo?, knownID: Int64?)],
                             vanished: [(path: String, id: Int64)], keepsSessions: Bool, started: Int64) throws {
        // Read again inside the transaction: another process may have filled the table since.
        let fullText = try Self.hasFullText(db)
        var affectedBooks: Set<String> = []
        // Another process may have added the sessions since this walk passed them by: they
        // are not gone, the readable ones nor the broken ones.
        let sessionsAddedMeanwhile = try !keepsSessions && Self.sessionsKept(db) != .none
        for (path, id) in vanished {
            if sessionsAddedMeanwhile, try Self.isSessionFile(path, db) { continue }
            try Self.forget(db, path: path, id: id)
            // A vanished path is a book or a session; either way its book needs new totals.
            affectedBooks.insert(BookLocation.bookPath(ofSession: path))
            affectedBooks.insert(path)
        }
        var writer = try IndexWriter(db)
        for (item, walked) in zip(parsed, work) {
            if let id = walked.knownID { try Self.forget(db, path: item.path, id: id) }
            try writer.insert(item, info: walked.info ?? item.info, fullText: fullText)
            affectedBooks.insert(item.bookPath)
        }
        try Self.updateProgress(db, books: affectedBooks, all: affectedBooks.count > 2_000)
        // The session files this refresh did not compare were read by that other process
        // after the last refresh: its time stays, so a racy edit of one is still caught.
        if !sessionsAddedMeanwhile {
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('refreshed', ?)", arguments: [started])
        }
    }

    /// How many of the listing's books are indexed and unchanged, found by inode on all cores,
    /// and the positions of the others, in order, for ``KnownFiles/find(_:book:)``.
    /// A warm refresh finds every book here: the lookups are mostly waits on memory, which
    /// took 4 ms for 10,000 books on one core.
    private static func unchangedBooks(_ listing: LibraryWalk, _ known: KnownFiles,
                                       lastRefresh: Int64) async -> (unchanged: Int, others: [Int]) {
        let books = listing.books
        let infos = listing.bookInfo
        let partCount = ProcessInfo.processInfo.activeProcessorCount * 2
        let partSize = max(1_024, (books.count + partCount - 1) / partCount)
        let parts = await withTaskGroup(of: (Int, Int, [Int]).self) { group in
            for start in stride(from: 0, to: books.count, by: partSize) {
                group.addTask {
                    var unchanged = 0
                    var others: [Int] = []
                    for position in start..<min(start + partSize, books.count) {
                        if position < infos.count, let info = infos[position],
                           let found = known.foundByInode(info, book: books[position]),
                           known.info(found) == info, info.settled(before: lastRefresh) {
                            unchanged += 1
                        } else {
                            others.append(position)
                        }
                    }
                    return (start, unchanged, others)
                }
            }
            var parts: [(Int, Int, [Int])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }
        }
        return (parts.reduce(0) { $0 + $1.1 }, parts.flatMap(\.2))
    }

    /// The walk of a refresh, as a result so that it can run beside the index's reads.
    /// Only a new index needs the books in path order, which its rows then follow.
    private static func walk(_ storage: DiskStorage, statuses: [Status], notes: NoteLayout?, includeSessions: Bool,
                             collectInfo: Bool, statsSessions: Bool, inPathOrder: Bool) async -> Result<LibraryWalk, ShelfError> {
        do throws(ShelfError) {
            return .success(try await LibraryWalk.walkInParallel(storage, statuses: statuses, notes: notes,
                                                                    includeSessions: includeSessions,
                                                                    collectInfo: collectInfo, statsSessions: statsSessions,
                                                                    inPathOrder: inPathOrder))
        } catch {
            return .failure(error)
        }
    }

    /// Reads and parses one file, on any thread; with `encodeText`, also encodes its words for
    /// the full-text table. With `directory`, the file is opened as `name` in that open folder.
    /// With `sessions` (all of the book's), a book goes in with the totals of its current read's
    /// (``Rows/init(_:document:progress:)``).
    static func parse(_ work: Work, _ storage: DiskStorage, encodeText: Bool, sessions: [ReadingSession]? = nil,
                      in directory: (folder: FileSystem.OpenDirectory, name: String)? = nil) -> Parsed {
        let path = work.path
        let bytes: [UInt8]
        let info: FileSystem.FileInfo
        do throws(ShelfError) {
            if let (folder, name) = directory {
                (bytes, info) = try storage.readWithInfo(name, in: folder, path: path)
            } else {
                (bytes, info) = try storage.readWithInfo(path)
            }
        } catch {
            return Parsed(work: work, stamp: FileStamp(size: 0, hash: 0), info: nil, problems: [Problem(error, path: path)])
        }
        let stamp = FileStamp(bytes)
        // Through the readers every other read uses (`FileReading.swift`).
        do throws(ShelfError) {
            switch work {
            case .book(let location):
                let file = try BookFile.parse(bytes, at: location)
                var book = file.book
                book.version = nil
                return Parsed(work: work, stamp: stamp, info: info, book: book, problems: file.problems.map { Problem($0, path: path) },
                              rows: Rows(book, document: encodeText, progress: sessions.map { ReadingProgress($0, of: book) }))
            case .session(_, let name, let book):
                let parsed = try SessionFile.parse(bytes, path: path, name: name, bookID: BookID(book.slug))
                var session = parsed.session
                if let first = parsed.problems.first {
                    return Parsed(work: work, stamp: stamp, info: info, problems: [Problem(first, path: path)])
                }
                session.version = nil
                return Parsed(work: work, stamp: stamp, info: info, session: session, problems: [],
                              rows: Rows(session, document: encodeText))
            }
        } catch {
            // A note among an adopted library's books that is not one is known, and nothing else.
            if case .notABook = error { return Parsed(work: work, stamp: stamp, info: info, problems: []) }
            return Parsed(work: work, stamp: stamp, info: info, problems: [Problem(error, path: path)])
        }
    }

    /// Removes everything the index holds for a file.
    static func forget(_ db: Database, path: String, id: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM files WHERE id = ?").execute(arguments: [id])
        try db.cachedStatement(sql: "DELETE FROM documents WHERE rowid = ?").execute(arguments: [id])
        try db.cachedStatement(sql: "DELETE FROM book_facts WHERE id IN (SELECT id FROM books WHERE path = ?)")
            .execute(arguments: [path])
        try db.cachedStatement(sql: "DELETE FROM books WHERE path = ?").execute(arguments: [path])
        try db.cachedStatement(sql: "DELETE FROM sessions WHERE path = ?").execute(arguments: [path])
        try db.cachedStatement(sql: "DELETE FROM problems WHERE path = ?").execute(arguments: [path])
        try db.cachedStatement(sql: "DELETE FROM book_values WHERE path = ?").execute(arguments: [path])
    }

    /// Recomputes the values that come from sessions (count, pages, minutes, progress, and
    /// ``IndexProgressColumns``) for the books whose file or sessions changed; with `all`, for
    /// every book in one pass. Each session's `pages_read` is set with them, and is `NULL`
    /// exactly when its book has no row (its file does not read), as a build leaves it.
    static func updateProgress(_ db: Database, books changed: Set<String>, all: Bool) throws {
        var update = try IndexInsert(db, sql: IndexColumns.sessionUpdateSQL)
        var pagesUpdate = try IndexInsert(db, sql: "UPDATE sessions SET pages_read = ? WHERE rowid = ?")
        /// Each session's row and the pages it read as stored, beside `sessions`.
        var stored: [(rowid: Int64, pages: Int?)] = []
        func store(_ book: Book, sessions: [ReadingSession], id: Int64) throws {
            let progress = ReadingProgress(sessions, of: book)
            try storeTotals(IndexColumns.sessionValues(pages: book.pages, progress: progress), progress, id: id, &update)
            for (row, pages) in zip(stored, pagesRead(sessions, of: book)) where row.pages != pages {
                pagesUpdate.bind(Int64(pages))
                pagesUpdate.bind(row.rowid)
                try pagesUpdate.run()
            }
        }
        // After the columns of ``totalsSession(_:from:)``: the row's `rowid` and `pages_read`.
        let storedAt = totalsColumnNames.count - 2
        guard all else {
            for path in changed {
                guard let row = try Row.fetchOne(db, sql: "SELECT id, \(progressColumns) FROM books WHERE path = ?", arguments: [path])
                else {
                    // A book that does not read: its sessions count in no book's pace.
                    try db.cachedStatement(sql: "UPDATE sessions SET pages_read = NULL WHERE book_path = ? AND pages_read IS NOT NULL")
                        .execute(arguments: [path])
                    continue
                }
                let rows = try Row.fetchCursor(db, sql: "SELECT \(totalsColumns) FROM sessions WHERE book_path = ?", arguments: [path])
                var sessions: [ReadingSession] = []
                stored.removeAll(keepingCapacity: true)
                while let row = try rows.next() {
                    sessions.append(totalsSession(row))
                    stored.append((row[storedAt], row[storedAt + 1]))
                }
                try store(progressBook(row, from: 1), sessions: sessions, id: row[0])
            }
            return
        }
        try db.execute(sql: """
            UPDATE sessions SET pages_read = NULL WHERE pages_read IS NOT NULL AND book_path NOT IN (SELECT path FROM books)
            """)
        // Book by book, each with its sessions next to it, rather than every session of the
        // library (170,000 on 100,000 generated books) and a book for every book held at once.
        // The LEFT JOIN keeps `books` the outer loop, in rowid order, so `ORDER BY` sorts nothing.
        let books = progressColumnNames.map { "d." + $0 }
        let sessions = totalsColumnNames.map { "s." + $0 }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT d.id, d.path, \(books.joined(separator: ", ")), \(sessions.joined(separator: ", "))
            FROM books d LEFT JOIN sessions s ON s.book_path = d.path ORDER BY d.id
            """)
        let sessionStart = 2 + books.count
        var current: (id: Int64, path: String, book: Book)?
        var bookSessions: [ReadingSession] = []
        while let row = try rows.next() {
            let id: Int64 = row[0]
            if id != current?.id {
                if let current { try store(current.book, sessions: bookSessions, id: current.id) }
                current = (id, row[1], progressBook(row, from: 2))
                bookSessions.removeAll(keepingCapacity: true)
                stored.removeAll(keepingCapacity: true)
            }
            // A book without sessions has one row, of NULLs where a session's columns are.
            if (row[sessionStart] as String?) != nil {
                bookSessions.append(totalsSession(row, from: sessionStart))
                stored.append((row[sessionStart + storedAt], row[sessionStart + storedAt + 1]))
            }
        }
        if let current { try store(current.book, sessions: bookSessions, id: current.id) }
    }

    /// The pages each of `sessions` (all of `book`'s, in any order) read, in pages whatever unit
    /// it is in, after the one before it (``ReadingSession/pagesRead(_:)``): what a statistic of
    /// its pace adds up, stored as `pages_read` so that a year's is a sum in SQL.
    static func pagesRead(_ sessions: [ReadingSession], of book: Book) -> [Int] {
        let extent = BookExtent(book)
        return ReadingSession.pagesRead(sessions.map { $0.inPages(of: extent) })
    }

    /// Runs ``IndexColumns/sessionUpdateSQL`` for the book whose row is `id`: the query values
    /// made from its sessions (``IndexColumns/sessionValues(pages:progress:)``), then `progress`.
    static func storeTotals(_ values: [Double?], _ progress: ReadingProgress, id: Int64, _ update: inout IndexInsert) throws {
        for value in values { update.bind(value) }
        IndexProgressColumns.bind(progress, to: &update)
        update.bind(id)
        try update.run()
    }
}
