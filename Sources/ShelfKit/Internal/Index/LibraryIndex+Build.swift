internal import GRDB

/// The first build of an index, with parsing and writing overlapped.
extension LibraryIndex {
    /// Books per parsing task and per write transaction: with their sessions, some 270 files
    /// on a generated library. Small, so that the writer starts soon after the walk and
    /// finishes soon after the last parse; measured against four times as many, a few percent
    /// faster.
    private static let buildChunk = 96

    /// Chunks parsed ahead of the writer: enough to keep every core busy while it writes,
    /// few enough that parsed files do not pile up in memory.
    private static let buildLookahead = 8

    /// Parses the listing's books with their sessions in chunks on all cores, while this task
    /// writes the chunks already parsed, in order, one transaction each: the single-threaded
    /// inserts no longer wait for the last file to be parsed. A chunk holds whole books with
    /// their sessions, so each book goes in with its session totals, added up on the parsing
    /// threads. Without `fullText` the full-text table is left empty until a search needs it
    /// (``fillFullText()``); with it, each document is encoded on the parsing threads too. Without
    /// `sessions` so are the sessions (``fillSessions(_:_:rows:fullText:batchSize:)``): a query of book fields
    /// then reads only the book files, some third of a generated library's.
    ///
    /// It runs without a rollback journal, which halves the writes. A build cut short leaves
    /// `user_version` 0 (only ``IndexSchema/markComplete(_:)`` sets it, last), which
    /// ``LibraryIndex/open(at:)`` takes for another version and rebuilds, so committing chunk by
    /// chunk loses nothing.
    /// - Returns: The number of files read.
    func build(_ listing: LibraryWalk, _ storage: DiskStorage, started: Int64, sessions: Bool,
               fullText: Bool, notesStamp: Int64) async throws(ShelfError) -> Int {
        do {
            try await queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF")
                // Small: every chunk's commit writes its pages out anyway, and a cache holding the
                // whole index only grew the writing thread's heap page by page (a tenth of its
                // time went to page faults). Set back at the end.
                try db.execute(sql: "PRAGMA cache_size = -4096")
                // Lets the sorts of the secondary indexes at the end, the single-threaded tail of
                // the build, use a second core: about a third less time on 10,000 books.
                try db.execute(sql: "PRAGMA threads = 2")
            }
        } catch {
            throw Self.failure(error, path: path)
        }
        // With the files not in the page cache, more of them are read at once than the parsing
        // threads would.
        let books = listing.books
        let sample = books.isEmpty ? [] : Set([0, books.count / 2, books.count - 1]).map { storage.absolute(books[$0].path) }
        let readAhead = FileSystem.ReadAhead.start(sample: sample) { Self.filesToRead(listing, storage, sessions: sessions) }
        defer { readAhead?.stop() }
        let chunks = stride(from: 0, to: listing.books.count, by: Self.buildChunk).map {
            $0..<min($0 + Self.buildChunk, listing.books.count)
        }
        let written: Result<Int, any Error> = await withTaskGroup(of: (Int, [Parsed]).self) { group in
            var next = 0
            func startNext() {
                guard next < chunks.count else { return }
                let (index, books) = (next, chunks[next])
                group.addTask { (index, Self.parseBooks(books, of: listing, storage, sessions: sessions, encodeText: fullText)) }
                next += 1
            }
            for _ in 0..<Self.buildLookahead { startNext() }
            var parsed: [Int: [Parsed]] = [:]
            var toWrite = 0
            var files = 0
            while let (index, chunk) = await group.next() {
                parsed[index] = chunk
                while let ready = parsed.removeValue(forKey: toWrite) {
                    startNext()
                    do {
                        try await queue.writeWithoutTransaction { db in
                            try db.inTransaction {
                                var writer = try IndexWriter(db)
                                for item in ready { try writer.insert(item, info: item.info, fullText: fullText) }
                                return .commit
                            }
                        }
                    } catch {
                        group.cancelAll()
                        return .failure(error)
                    }
                    files += ready.count
                    toWrite += 1
                }
            }
            return .success(files)
        }
        do {
            defer { try? queue.inDatabase { db in try Self.restoreSettings(db) } }
            let files = try written.get()
            try await queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    // Marked complete last: without a journal, pages reach the file before the
                    // commit.
                    try IndexSchema.createIndexes(db)
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('refreshed', ?)", arguments: [started])
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('notes', ?)", arguments: [notesStamp])
                    if sessions { try Self.markSessionsKept(db) }
                    if fullText { try Self.markFullTextKept(db) }
                    try IndexSchema.markComplete(db)
                    return .commit
                }
            }
            return files
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Reads the books at `positions` of the listing, with `sessions` each after its session
    /// files, adding up each book's sessions for its row. Files named like no session are left
    /// out, as a refresh leaves them. With `encodeText`, each file's document is encoded too.
    ///
    /// Files are opened relative to their book's folder, held open while the chunk's books
    /// share it, as neighbours in the listing do.
    private static func parseBooks(_ positions: Range<Int>, of listing: LibraryWalk, _ storage: DiskStorage,
                                   sessions withSessions: Bool, encodeText: Bool) -> [Parsed] {
        var parsed: [Parsed] = []
        parsed.reserveCapacity(positions.count * 3)
        var open: (path: String, folder: FileSystem.OpenDirectory?)?
        for position in positions {
            let location = listing.books[position]
            // A page bundle's file is in its own folder.
            let directory = location.isBundle ? Path.parent(of: location.path) : location.directory
            if open?.path != directory { open = (directory, storage.openDirectory(directory)) }
            let folder = open?.folder
            var sessions: [ReadingSession] = []
            var sessionItems: [Int] = []
            let sessionFolder = location.sessionFolder
            // Sessions beside the book are read in its open folder; an adopted library's, kept
            // apart, by their paths.
            let sessionsInFolder = location.notes == nil ? folder : nil
            for (name, fileName) in withSessions ? listing.sessionNames(of: location) : [] {
                let item = parse(.session(path: sessionFolder + "/" + name, name: fileName, book: location), storage,
                                 encodeText: encodeText, in: sessionsInFolder.map { ($0, location.slug + "/" + name) })
                if let session = item.session {
                    sessions.append(session)
                    sessionItems.append(parsed.count)
                }
                parsed.append(item)
            }
            let book = parse(.book(location), storage, encodeText: encodeText, sessions: sessions,
                             in: folder.map { ($0, location.fileName) })
            parsed.append(book)
            if let read = book.book, !sessions.isEmpty {
                for (item, pages) in zip(sessionItems, pagesRead(sessions, of: read)) { parsed[item] = parsed[item].readingPages(pages) }
            }
        }
        return parsed
    }

    /// The absolute paths of the files a build reads, in the order it reads them.
    private static func filesToRead(_ listing: LibraryWalk, _ storage: DiskStorage, sessions: Bool) -> [String] {
        var paths: [String] = []
        paths.reserveCapacity(listing.books.count)
        for location in listing.books {
            if sessions {
                let folder = location.sessionFolder
                for (name, _) in listing.sessionNames(of: location) { paths.append(storage.absolute(folder + "/" + name)) }
            }
            paths.append(storage.absolute(location.path))
        }
        return paths
    }

    /// The settings of every other refresh, which runs in one journaled transaction.
    private static func restoreSettings(_ db: Database) throws {
        try db.execute(sql: "PRAGMA journal_mode = DELETE")
        try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
        try db.execute(sql: "PRAGMA threads = 0")
    }
}
