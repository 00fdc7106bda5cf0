internal import GRDB

/// The first build of an index, with parsing and writing overlapped.
extension LibraryIndex {
    /// Files per parsing task and per write transaction. Small, so that the writer starts
    /// soon after the walk and finishes soon after the last parse; measured against 1,024 on
    /// 10,000 books, 256 was a few percent faster.
    private static let buildChunk = 256

    /// Chunks parsed ahead of the writer: enough to keep every core busy while it writes,
    /// few enough that parsed files do not pile up in memory.
    private static let buildLookahead = 8

    /// Parses `work` in chunks on all cores while this task writes the chunks already parsed,
    /// in order, one transaction each: the single-threaded inserts no longer wait for the last
    /// file to be parsed. The full-text table is left empty until a search needs it
    /// (``fillFullText()``).
    ///
    /// It runs without a rollback journal, which halves the writes. A build cut short leaves
    /// `user_version` 0 (only ``IndexSchema/markComplete(_:)`` sets it, last), which
    /// ``LibraryIndex/open(at:)`` takes for another version and rebuilds, so committing chunk by
    /// chunk loses nothing.
    func build(_ work: [(item: Work, info: FileSystem.FileInfo?)], _ storage: DiskStorage,
               started: Int64) async throws(ShelfError) {
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
        let chunks = stride(from: 0, to: work.count, by: Self.buildChunk).map { $0..<min($0 + Self.buildChunk, work.count) }
        let items = work.map(\.item)
        let written: Result<ProgressInputs, any Error> = await withTaskGroup(of: (Int, [Parsed]).self) { group in
            var next = 0
            func startNext() {
                guard next < chunks.count else { return }
                let chunk = Array(items[chunks[next]])
                let index = next
                group.addTask { (index, chunk.map { Self.parse($0, storage, encodeText: false) }) }
                next += 1
            }
            for _ in 0..<Self.buildLookahead { startNext() }
            var parsed: [Int: [Parsed]] = [:]
            var toWrite = 0
            var totals = ProgressInputs()
            while let (index, chunk) = await group.next() {
                parsed[index] = chunk
                while let ready = parsed.removeValue(forKey: toWrite) {
                    startNext()
                    let range = chunks[toWrite]
                    do {
                        try await queue.writeWithoutTransaction { db in
                            try db.inTransaction {
                                var writer = try IndexWriter(db)
                                for (item, offset) in zip(ready, range) {
                                    try writer.insert(item, info: work[offset].info ?? item.info, fullText: false)
                                }
                                return .commit
                            }
                        }
                    } catch {
                        group.cancelAll()
                        return .failure(error)
                    }
                    for item in ready { totals.add(item) }
                    toWrite += 1
                }
            }
            return .success(totals)
        }
        do {
            defer { try? queue.inDatabase { db in try Self.restoreSettings(db) } }
            let totals = try written.get()
            try await queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    // The totals were gathered while inserting: reading every session back
                    // would lengthen the single-threaded end of the build.
                    // The indexes first: the progress updates find their books by path. Marked
                    // complete last: without a journal, pages reach the file before the commit.
                    try IndexSchema.createIndexes(db)
                    try Self.writeProgress(db, totals, books: [], all: true, fresh: true)
                    try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('refreshed', ?)", arguments: [started])
                    try IndexSchema.markComplete(db)
                    return .commit
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The settings of every other refresh, which runs in one journaled transaction.
    private static func restoreSettings(_ db: Database) throws {
        try db.execute(sql: "PRAGMA journal_mode = DELETE")
        try db.execute(sql: "PRAGMA cache_size = -16000")
        try db.execute(sql: "PRAGMA threads = 0")
    }
}
