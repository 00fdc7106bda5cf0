internal import Dispatch
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
    /// the next batch while this thread writes the last, so that a library of 100,000 books
    /// does not hold all its parsed sessions at once; each batch is listed only when it is read,
    /// as the list of every session file was some 60 MB there, held twice over. A session file
    /// changed after it was read here has a later modification time than the refresh before,
    /// so the next refresh reads it again.
    /// - Returns: The number of session files read.
    func fillSessions(_ listing: LibraryWalk, _ storage: DiskStorage,
                      batchSize: Int = sessionBatch) async throws(ShelfError) -> Int {
        let batches = Self.sessionBatches(of: listing, size: max(1, batchSize))
        do {
            return try await queue.writeWithoutTransaction { db in
                var added = 0
                try db.inTransaction(.immediate) {
                    guard try !Self.hasSessions(db) else { return .commit }
                    let fullText = try Self.hasFullText(db)
                    var writer = try IndexWriter(db)
                    let parse: @Sendable (Range<Int>) -> [Parsed] = { batch in
                        var work: [Work] = []
                        for location in listing.books[batch] {
                            for (file, name) in listing.sessionNames(of: location) {
                                work.append(.session(path: location.sessionFolder + "/" + file, name: name, book: location))
                            }
                        }
                        return ParallelMap.mapBlocking(work) { item in Self.parse(item, storage, encodeText: fullText) }
                    }
                    var next = batches.first.map { first in BackgroundResult { parse(first) } }
                    for position in batches.indices {
                        guard let parsed = next?.value() else { break }
                        next = nil
                        if position + 1 < batches.count {
                            let batch = batches[position + 1]
                            next = BackgroundResult { parse(batch) }
                        }
                        for item in parsed { try writer.insert(item, info: item.info, fullText: fullText) }
                        added += parsed.count
                    }
                    try Self.updateProgress(db, books: [], all: true)
                    try Self.markSessionsKept(db)
                    return .commit
                }
                return added
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Session files read and written at a time.
    static let sessionBatch = 4_096

    /// The listing's books in runs with some `size` files in their session folders between
    /// them, a book's all in one run; books without any are in none.
    private static func sessionBatches(of listing: LibraryWalk, size: Int) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0
        var files = 0
        for (position, location) in listing.books.enumerated() {
            files += listing.sessionFiles[location.sessionFolder]?.count ?? 0
            if files >= size {
                batches.append(start..<position + 1)
                (start, files) = (position + 1, 0)
            }
        }
        if files > 0 { batches.append(start..<listing.books.count) }
        return batches
    }
}

/// A value computed on another thread, for code that cannot wait asynchronously: the body of
/// a database transaction that reads the next batch while it writes this one.
private final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the background thread before it signals `done`.
    private var result: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = compute()
            self.done.signal()
        }
    }

    /// Waits for the value; call once.
    func value() -> Value? {
        done.wait()
        return result
    }
}
