/// Where a library's files live: the disk for ``FileLibrary``, a dictionary for ``InMemoryLibrary``.
///
/// Both libraries run the same code over this interface, so the in-memory one used in tests and
/// previews behaves exactly like the real one: same paths, same bytes, same errors. Paths are
/// relative to the library root, with `/` separators; `""` is the root.
protocol LibraryStorage: Sendable {
    /// The whole file.
    func read(_ path: String) throws(ShelfError) -> [UInt8]
    /// Reads the files `names` of `folder` in turn, handing `body` each name with its bytes or
    /// the error reading it.
    func readEach(_ names: [String], in folder: String, _ body: (String, Result<[UInt8], ShelfError>) -> Void)
    /// The entries of a directory; empty when the directory does not exist.
    func entries(in directory: String) throws(ShelfError) -> [FileSystem.Entry]
    /// The entries of a directory with ``FileSystem/FileInfo`` for files, where the storage has it.
    func entriesWithInfo(in directory: String) throws(ShelfError) -> [FileSystem.Entry]
    /// What is at a path, or `nil` when nothing is.
    func kind(of path: String) -> FileSystem.EntryKind?
    /// Creates or replaces a file atomically.
    mutating func write(_ bytes: [UInt8], to path: String) throws(ShelfError)
    /// Creates one directory, whose parent exists.
    mutating func makeDirectory(_ path: String) throws(ShelfError)
    /// Renames a file or directory; the destination must not exist.
    mutating func move(_ source: String, to destination: String) throws(ShelfError)
    /// Removes a file.
    mutating func removeFile(_ path: String) throws(ShelfError)
    /// Removes an empty directory.
    mutating func removeDirectory(_ path: String) throws(ShelfError)
    /// Creates a file atomically, failing with ``ShelfError/alreadyExists(path:)`` rather than
    /// replacing one that is there, even one created a moment ago by another process.
    mutating func create(_ bytes: [UInt8], at path: String) throws(ShelfError)
    /// Replaces a file atomically provided it still holds the bytes `expected` was taken of,
    /// checked as late as the storage can; returns the bytes it replaced.
    mutating func replace(_ path: String, expecting expected: FileStamp, with bytes: [UInt8]) throws(ShelfError) -> [UInt8]
    /// Takes the lock that serialises writers across processes if it is free, without
    /// waiting; `nil` for a storage no other process can reach.
    /// - Throws: ``ShelfError/libraryBusy`` when another writer holds it.
    func lockForWriting() throws(ShelfError) -> WriterLock?
    /// Takes the writer lock, waiting for another process to let it go without holding a
    /// thread; `nil` where there are no other processes.
    func waitForWriterLock() async throws(ShelfError) -> WriterLock?
    /// From now on, changes to folders' entries are not flushed one by one but noted, for
    /// ``flushDeferredDirectories()``: a journaled operation of thousands of files flushes each
    /// folder once (the journal redoes what a crash lost meanwhile).
    mutating func deferDirectoryFlushes()
    /// Flushes every folder changed since ``deferDirectoryFlushes()`` and flushes at once again.
    mutating func flushDeferredDirectories() throws(ShelfError)
    /// Problems in the library's entries themselves, which a walk by name cannot see: links
    /// leading out of the library, names that are not UTF-8, folders that cannot be read.
    func entryProblems(statuses: [Status]) -> [Problem]
}

extension LibraryStorage {
    /// Nothing to flush where nothing survives the process.
    mutating func deferDirectoryFlushes() {}
    mutating func flushDeferredDirectories() throws(ShelfError) {}

    func entriesWithInfo(in directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        try entries(in: directory)
    }

    func readEach(_ names: [String], in folder: String, _ body: (String, Result<[UInt8], ShelfError>) -> Void) {
        for name in names {
            body(name, Result { () throws(ShelfError) -> [UInt8] in try read(folder + "/" + name) })
        }
    }

    /// Whether a path is a file.
    func isFile(_ path: String) -> Bool { kind(of: path) == .file }

    /// Whether a path is a directory.
    func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }
}
