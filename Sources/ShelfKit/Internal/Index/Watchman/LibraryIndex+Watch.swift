internal import GRDB

/// Bringing the index up to date from what watchman says changed, instead of walking.
///
/// The plan reads only the reported paths, and only where the walk would certainly see the same
/// thing: an indexed file edited, rewritten or deleted, a new session of an indexed book, a new
/// book in a folder that already holds indexed books. Anything else that could change what the
/// walk finds — a new, moved or deleted folder, a book deleted beside its session folder, the
/// configuration — sends the refresh back to the walk, as does any doubt about the watcher.
extension LibraryIndex {
    /// The most reported paths read one by one; past it, the walk is as cheap (a `git checkout`
    /// of another branch).
    static let watchedChangeLimit = 2_000

    /// The stored ``WatchState``, if any.
    func watchState() -> WatchState? {
        try? read { db in try Self.watchState(db) }
    }

    static func watchState(_ db: Database) throws -> WatchState? {
        guard try db.tableExists("watch") else { return nil }
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM watch") { values[row[0]] = row[1] }
        guard let socket = values["socket"], let library = values["library"] else { return nil }
        return WatchState(socket: socket, library: library, root: values["root"] ?? "", relative: values["relative"] ?? "",
                          clock: values["clock"] ?? "", bookCount: values["books"].flatMap { Int($0) },
                          duplicateCount: values["duplicates"].flatMap { Int($0) })
    }

    /// Replaces the stored state; `nil` forgets it.
    static func storeWatch(_ db: Database, _ state: WatchState?) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS watch (key TEXT PRIMARY KEY, value TEXT NOT NULL); DELETE FROM watch")
        guard let state else { return }
        var values = [("socket", state.socket), ("library", state.library), ("root", state.root), ("relative", state.relative),
                      ("clock", state.clock)]
        if let books = state.bookCount, let duplicates = state.duplicateCount {
            values += [("books", String(books)), ("duplicates", String(duplicates))]
        }
        for (key, value) in values {
            try db.execute(sql: "INSERT INTO watch (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    func storeWatch(_ state: WatchState?) throws(ShelfError) {
        try write { db in try Self.storeWatch(db, state) }
    }

    /// Stores `state` after a walk, unless another command stored a state since `known` was
    /// read: its rows may then be older than this clock, so no clock is stored and the next
    /// command walks.
    func storeWatch(_ state: WatchState, replacing known: WatchState?) throws(ShelfError) {
        try write { db in
            var stored = state
            if try Self.watchState(db) != known { stored.clock = "" }
            try Self.storeWatch(db, stored)
        }
    }

    /// The refresh when watchman vouches for every change since the stored clock: the reported
    /// files are read again or dropped in one transaction, which also stores the new clock, and
    /// only if no other command stored one meanwhile. `nil` when the walk must run instead.
    func refreshFromWatcher(_ storage: DiskStorage, statuses: [Status], keepsSessions: Bool, settings: WatcherSettings,
                            started: Int64) async throws(ShelfError) -> (RefreshedFiles, RefreshReport)? {
        // A clock is only good with the server that gave it.
        guard let state = watchState(), state.library == storage.root,
              WatchedChanges.socket(given: settings.socket).map({ $0 == state.socket }) ?? true,
              let (changes, clock) = WatchedChanges.changes(since: state),
              changes.count <= Self.watchedChangeLimit else { return nil }
        // Nothing changed: the clock stored still vouches for every file, and nothing is written.
        if changes.isEmpty {
            let files = if let books = state.bookCount, state.duplicateCount == 0 {
                RefreshedFiles(bookCount: books)
            } else {
                try read { db in try RefreshedFiles(db) }
            }
            return (files, RefreshReport(parsed: 0, removed: 0, walked: false))
        }
        let plan = try read { db in try WatchPlan(changes, storage, statuses: statuses, keepsSessions: keepsSessions, db) }
        guard let plan else { return nil }
        let keepsText = try read { db in try Self.hasFullText(db) }
        let parsed = await ParallelMap.map(plan.work.map(\.item)) { item in Self.parse(item, storage, encodeText: keepsText) }
        let written = try write { db -> RefreshedFiles? in
            guard try Self.watchState(db) == state else { return nil }
            try Self.writeChanges(db, parsed: parsed, work: plan.work, vanished: plan.vanished, keepsSessions: keepsSessions,
                                  started: started)
            let files = try plan.files(after: state, parsed: parsed, db) ?? RefreshedFiles(db)
            var next = state
            next.clock = clock
            (next.bookCount, next.duplicateCount) = (files.bookCount, files.duplicateProblems.count)
            try Self.storeWatch(db, next)
            return files
        }
        if let written { return (written, RefreshReport(parsed: parsed.count, removed: plan.vanished.count, walked: false)) }
        // Another command refreshed meanwhile: its rows may lack what watchman just reported to
        // this one, so the walk answers.
        return nil
    }

    /// What a refresh from watchman's report reads and drops; `nil` from the initialiser when
    /// the report holds a change only the walk can be trusted with.
    private struct WatchPlan {
        var work: [(item: Work, info: FileSystem.FileInfo?, knownID: Int64?)] = []
        var vanished: [(path: String, id: Int64)] = []
        /// How many of ``vanished`` are book files.
        var vanishedBookCount = 0

        /// The library's book count and shared slugs after this plan was written, from the
        /// count before it, when no book file shared a slug before: only the slugs of the book
        /// files read here can be shared now (dropping one shares none). `nil` when that does
        /// not settle it (an unreadable book file, whose slug `books` does not hold), for
        /// ``RefreshedFiles`` to count them all, which reads every slug: it was most of the
        /// refresh after one edited file.
        func files(after state: WatchState, parsed: [Parsed], _ db: Database) throws -> RefreshedFiles? {
            guard let before = state.bookCount, state.duplicateCount == 0 else { return nil }
            var count = before - vanishedBookCount
            var slugs: Set<String> = []
            for (planned, item) in zip(work, parsed) {
                guard case .book(let location) = planned.item else { continue }
                guard item.book != nil else { return nil }
                if planned.knownID == nil { count += 1 }
                slugs.insert(location.slug)
            }
            let unreadable = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM problems WHERE NOT is_session AND path NOT IN (SELECT path FROM books))
                """) ?? true
            guard !unreadable else { return nil }
            let sharing = try db.cachedStatement(sql: "SELECT count(*) FROM books WHERE slug = ?")
            for slug in slugs where try Int.fetchOne(sharing, arguments: [slug]) ?? 0 > 1 { return nil }
            return RefreshedFiles(bookCount: count)
        }

        init?(_ changes: [WatchedChanges.Change], _ storage: DiskStorage, statuses: [Status], keepsSessions: Bool,
              _ db: Database) throws {
            let statusNames = Set(statuses.map(\.name))
            // Folders that appeared after the clock beside a book file (a book moved with its
            // sessions): every file in them is reported too, so their sessions are read here.
            let newSessionFolders = Set(changes.filter { change in
                change.isNew && change.exists && change.isDirectory
                    && FileSystem.status(storage.absolute(change.name))?.kind == .directory
                    && FileSystem.status(storage.absolute(BookLocation.bookPath(ofSessionFolder: change.name)))?.kind == .file
            }.map(\.name))
            for change in changes {
                let name = change.name
                if name == ".shelf/config.yaml" { return nil }
                let components = name.split(separator: "/", omittingEmptySubsequences: false)
                // The walk skips hidden entries and looks only in the status folders.
                guard let first = components.first, statusNames.contains(String(first)),
                      !components.contains(where: { $0.isEmpty || $0.utf8.first == UInt8(ascii: ".") }) else { continue }
                let status = FileSystem.status(storage.absolute(name))
                if change.isDirectory || status?.kind == .directory {
                    // A folder where an indexed file was is a change only the walk sorts out.
                    guard try Self.known(name, db) == nil,
                          try newSessionFolders.contains(name) || Self.isKnownFolder(name, exists: status?.kind == .directory, db) else {
                        return nil
                    }
                    continue
                }
                guard name.hasSuffix(".md") else { continue }
                let known = try Self.known(name, db)
                // Something other than a file where a book could be: the walk's business.
                if let status, status.kind != .file { return nil }
                // The stamp stored is the one of the file as read (`fstat` of the open file): a
                // change after that is after the clock too, and reported next time.
                switch (known, status) {
                case (let known?, nil):
                    // A book whose session folder stays turns that folder into orphaned sessions.
                    if !known.isSession && FileSystem.status(storage.absolute(BookLocation.sessionFolder(ofBookPath: name))) != nil {
                        return nil
                    }
                    // So does a folder left with date-named books only: they are no books any more.
                    let folder = Path.parent(of: name)
                    if !known.isSession && folder.contains("/") {
                        guard let entries = try? storage.entries(in: folder), !LibraryWalk.looksLikeSessions(entries) else { return nil }
                    }
                    vanished.append((name, known.id))
                    if !known.isSession { vanishedBookCount += 1 }
                case (let known?, _?):
                    guard let item = try Self.work(name, isSession: known.isSession, statuses: statuses, db) else { return nil }
                    work.append((item, nil, known.id))
                case (nil, _?):
                    guard let item = try Self.newFile(name, storage, statuses: statuses, keepsSessions: keepsSessions,
                                                      newSessionFolders: newSessionFolders, db) else {
                        return nil
                    }
                    if case .skip = item { continue }
                    if case .read(let work) = item { self.work.append((work, nil, nil)) }
                case (nil, nil):
                    // Made and gone again between two commands.
                    continue
                }
            }
            // A new session folder counts only beside a book the walk would find: an indexed
            // one, or one read as new here.
            let newBooks = Set(work.compactMap { item -> String? in
                if case .book(let location) = item.item { location.path } else { nil }
            })
            for folder in newSessionFolders {
                let book = BookLocation.bookPath(ofSessionFolder: folder)
                guard try newBooks.contains(book) || Self.isKnownBook(book, db) else { return nil }
            }
        }

        private enum NewFile {
            case read(Work)
            /// A file the walk would not index: not a session, or a session the index does not keep yet.
            case skip
        }

        /// An indexed file's id and whether it is a session.
        private static func known(_ path: String, _ db: Database) throws -> (id: Int64, isSession: Bool)? {
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM files WHERE path = ?", arguments: [path]) else { return nil }
            return (id, try LibraryIndex.isSessionFile(path, db))
        }

        /// Whether `path` is indexed as a book file.
        private static func isKnownBook(_ path: String, _ db: Database) throws -> Bool {
            guard let known = try known(path, db) else { return false }
            return !known.isSession
        }

        /// Whether the folder the walk found at `path` is the same kind of folder still: a status
        /// folder, a book's session folder (whose files are reported one by one, even when it is
        /// deleted), or a folder that holds indexed books and still exists.
        private static func isKnownFolder(_ path: String, exists: Bool, _ db: Database) throws -> Bool {
            if try isKnownBook(BookLocation.bookPath(ofSessionFolder: path), db) { return true }
            guard exists else { return false }
            if !path.contains("/") { return true }
            return try holdsIndexedBooks(path, db)
        }

        /// Whether an indexed book file is directly in `folder`.
        private static func holdsIndexedBooks(_ folder: String, _ db: Database) throws -> Bool {
            // Paths from `folder/` up to `folder0` (the byte after `/`) are the ones under it.
            let paths = try String.fetchAll(db, sql: "SELECT path FROM books WHERE path >= ? AND path < ? LIMIT 64",
                                            arguments: [folder + "/", folder + "0"])
            return paths.contains { !$0.dropFirst(folder.utf8.count + 1).contains("/") }
        }

        /// The work of an indexed file edited in place or rewritten.
        private static func work(_ path: String, isSession: Bool, statuses: [Status], _ db: Database) throws -> Work? {
            if isSession {
                guard let book = BookLocation(path: BookLocation.bookPath(ofSession: path), statuses: statuses),
                      let name = SessionFileName(Path.name(of: path)) else { return nil }
                return .session(path: path, name: name, book: book)
            }
            return BookLocation(path: path, statuses: statuses).map(Work.book)
        }

        /// A file that is not indexed: a session of an indexed book, a file of a session folder
        /// that is no session, or a book beside indexed books (or in a status folder) that
        /// turns no folder into its session folder. `nil` for anything else.
        private static func newFile(_ path: String, _ storage: DiskStorage, statuses: [Status], keepsSessions: Bool,
                                    newSessionFolders: Set<String>, _ db: Database) throws -> NewFile? {
            let folder = Path.parent(of: path)
            let fileName = Path.name(of: path)
            if try newSessionFolders.contains(folder) || isKnownBook(BookLocation.bookPath(ofSessionFolder: folder), db) {
                guard let name = SessionFileName(fileName) else { return .skip }
                guard keepsSessions else { return .skip }
                guard let book = BookLocation(path: BookLocation.bookPath(ofSessionFolder: folder), statuses: statuses) else { return nil }
                return .read(.session(path: path, name: name, book: book))
            }
            // A date-named file in a folder could make it a folder of orphaned sessions.
            // A folder of its name that was there before becomes its session folder: the walk's business.
            guard SessionFileName(fileName) == nil, let location = BookLocation(path: path, statuses: statuses),
                  newSessionFolders.contains(location.sessionFolder) || FileSystem.status(storage.absolute(location.sessionFolder)) == nil,
                  try !folder.contains("/") || holdsIndexedBooks(folder, db) else { return nil }
            return .read(.book(location))
        }
    }
}
