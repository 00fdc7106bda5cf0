internal import GRDB

/// The index of a library's files in `.shelf/index.sqlite`: a cache, never the truth.
///
/// It holds every book's fields, its sessions, the problems of files that could not be read,
/// each field's folded values for queries, and an FTS5 table of the words of titles, authors,
/// tags, series, bodies and session notes (filled on first use, ``fillFullText()``).
/// ``refresh(_:statuses:)`` brings it up to date with the files before each read. An index that is missing, unreadable or of another
/// ``IndexSchema/version`` is deleted and built again from the files.
struct LibraryIndex: Sendable {
    /// The database file, absolute.
    let path: String
    let queue: DatabaseQueue

    /// Opens the index at `path`, creating or rebuilding it when needed.
    /// - Throws: ``ShelfError/io(path:operation:message:)`` when it cannot be created at all.
    static func open(at path: String) throws(ShelfError) -> LibraryIndex {
        if let queue = try? existing(at: path) { return LibraryIndex(path: path, queue: queue) }
        remove(at: path)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.write { db in try IndexSchema.create(db) }
            return LibraryIndex(path: path, queue: queue)
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The index at `path` when it is a database of the current version.
    private static func existing(at path: String) throws -> DatabaseQueue? {
        guard FileSystem.status(path)?.kind == .file else { return nil }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let usable = try queue.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version")
            guard version == IndexSchema.version else { return false }
            // Reading a row from each table catches most damage before a query trips on it.
            for table in ["meta", "files", "books", "sessions", "problems", "book_values", "documents"] {
                _ = try Row.fetchOne(db, sql: "SELECT * FROM \(table) LIMIT 1")
            }
            return true
        }
        guard usable else {
            try? queue.close()
            return nil
        }
        return queue
    }

    /// Deletes the index and SQLite's side files.
    static func remove(at path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileSystem.removeFile(path + suffix) }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // A cache that can be rebuilt needs no durability, only atomic transactions.
            try db.execute(sql: "PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY")
            try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
            // Unmapped until a refresh vouches for the index without a walk (``mapPages(_:)``).
            try db.execute(sql: "PRAGMA mmap_size = 0")
            try FullTextRank.register(db)
        }
        return configuration
    }

    /// SQLite's page cache, in `PRAGMA cache_size` units (negative: KiB). A warm query reads
    /// each page of the tables it scans once, so a larger cache holds nothing it reads again:
    /// with 16 MB, a warm list of 10,000 books faulted in a page of heap for each page of the
    /// 10 MB index it read, and took 79 ms rather than 65 (hyperfine, 60 runs each). Filling
    /// the sessions and the full-text table took as long with 2 MB as with 16.
    static let cacheSize = -2_000

    /// How much of the index SQLite reads through a memory map rather than with a `pread` of
    /// each page into its page cache, once ``mapPages(_:)`` maps it. A warm list of 10,000 books
    /// made 1,125 `pread`s, each copying a page into a cache buffer the process faulted in;
    /// mapped, the same list makes 643 system calls in all instead of 2,212, and 1,260 page
    /// faults instead of 1,611 (`strace -c`, `perf stat -e page-faults`). Capped: pages read
    /// through the map count in the process's resident memory, and a read of every row of a
    /// 100,000-book index (300 MB) would otherwise hold all of them.
    static let mappedSize = 16 << 20

    /// Maps the index for the reads that follow (``mappedSize``), or unmaps it. A refresh that
    /// watchman vouched for maps it: the read that follows is the whole command. A refresh that
    /// walks unmaps it: the pages its scans read through the map would stay resident beside the
    /// walk, 16 MB more at the peak of a warm list of 100,000 books (133 against 117 MB) and
    /// of the table of every book after the sessions' first fill (122 against 106 MB).
    func mapPages(_ mapped: Bool) throws(ShelfError) {
        do {
            try queue.inDatabase { db in try db.execute(sql: "PRAGMA mmap_size = \(mapped ? Self.mappedSize : 0)") }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// An error of the database as a library error naming the index file.
    static func failure(_ error: any Error, path: String) -> ShelfError {
        .io(path: IndexOptions.path, operation: "index", message: String(describing: error))
    }

    /// Runs a read, turning database errors into ``ShelfError``.
    func read<T>(_ body: (Database) throws -> T) throws(ShelfError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Runs a write transaction, turning database errors into ``ShelfError``.
    func write<T>(_ body: (Database) throws -> T) throws(ShelfError) -> T {
        do {
            return try queue.write(body)
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Closes the connection, so the file can be deleted.
    func close() {
        try? queue.close()
    }
}
