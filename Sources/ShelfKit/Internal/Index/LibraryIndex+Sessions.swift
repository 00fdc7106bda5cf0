internal import GRDB

/// The sessions table, filled when a read first needs it.
///
/// Session files are most of a library's files (some 17,000 of 27,000 on a generated library
/// of 10,000 books), yet a query of book fields, which is what most reads are, needs none of
/// them. So an index built for such a read holds the books only; the first read that needs
/// sessions (their computed fields, progress, the sessions themselves, full-text search of
/// their notes) reads every session file once, and from then on every refresh keeps them up to
/// date, which `meta` records as `sessions`.
extension LibraryIndex {
    /// Whether the sessions table holds every session file, and refreshes compare them.
    static func hasSessions(_ db: Database) throws -> Bool {
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'sessions'") == 1
    }

    /// Whether the sessions table holds every session file.
    func keepsSessions() throws(ShelfError) -> Bool {
        try read { db in try Self.hasSessions(db) }
    }

    /// Records that the sessions table holds every session file.
    static func markSessionsKept(_ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('sessions', 1)")
    }

    /// Reads every session file of `listing` and adds them to an index that does not keep
    /// sessions yet, with each book's totals; does nothing to one that does.
    ///
    /// One immediate transaction checks, reads and writes: another process may be filling the
    /// table too, and only one must. The files are read on all cores a few thousand at a time,
    /// each book's from its open session folder, the next batch while this thread writes the
    /// last, so that a library of 100,000 books does not hold all its parsed sessions at once.
    /// A batch holds whole books, whose totals are set from the sessions just parsed: the other
    /// books have none, as before, and reading every session back from the table for the totals
    /// cost as much as writing them. With the full-text table kept, each note is encoded as it
    /// is parsed. A session file changed after it was read here has a later modification time
    /// than the refresh before, so the next refresh reads it again.
    /// - Returns: The number of session files read.
    func fillSessions(_ listing: LibraryWalk, _ storage: DiskStorage,
                      batchSize: Int = sessionBatch) async throws(ShelfError) -> Int {
        var grouped: [[BookSessionFiles]] = [[]]
        var inBatch = 0
        for location in listing.books {
            let files = listing.sessionNames(of: location)
            guard !files.isEmpty else { continue }
            if inBatch >= max(1, batchSize) {
                grouped.append([])
                inBatch = 0
            }
            grouped[grouped.count - 1].append((location, files))
            inBatch += files.count
        }
        let batches = grouped
        do {
            return try await queue.writeWithoutTransaction { db in
                var added = 0
                try db.inTransaction(.immediate) {
                    guard try !Self.hasSessions(db) else { return .commit }
                    let fullText = try Self.hasFullText(db)
                    var writer = try IndexWriter(db)
                    var totals = try IndexInsert(db, sql: IndexColumns.sessionUpdateSQL)
                    let parse: @Sendable ([BookSessionFiles]) -> [[Parsed]] = { batch in
                        ParallelMap.mapBlocking(batch) { book, files in
                            let folder = storage.openDirectory(book.sessionFolder)
                            return files.map { file, name in
                                Self.parse(.session(path: book.sessionFolder + "/" + file, name: name, book: book), storage,
                                           encodeText: fullText, in: folder.map { ($0, file) })
                            }
                        }
                    }
                    var next = batches.first.map { first in BackgroundResult { parse(first) } }
                    for position in batches.indices {
                        guard let parsed = next?.value() else { break }
                        next = nil
                        if position + 1 < batches.count {
                            let batch = batches[position + 1]
                            next = BackgroundResult { parse(batch) }
                        }
                        for (book, items) in zip(batches[position], parsed) {
                            for item in items { try writer.insert(item, info: item.info, fullText: fullText) }
                            added += items.count
                            let sessions = items.compactMap(\.session)
                            if !sessions.isEmpty { try Self.setProgress(db, ofBookAt: book.book.path, sessions: sessions, &totals) }
                        }
                    }
                    try Self.markSessionsKept(db)
                    return .commit
                }
                return added
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// A book and its session files, as the walk named them.
    private typealias BookSessionFiles = (book: BookLocation, files: [(file: String, name: SessionFileName)])

    /// Session files read and written at a time.
    static let sessionBatch = 4_096
}
