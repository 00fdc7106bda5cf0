/// Where a library's files live: the disk for ``FileLibrary``, a dictionary for ``InMemoryLibrary``.
///
/// Both libraries run the same code over this interface, so the in-memory one used in tests and
/// previews behaves exactly like the real one: same paths, same bytes, same errors. Paths are
/// relative to the library root, with `/` separators; `""` is the root.
protocol LibraryStorage: Sendable {
    /// The whole file.
    func read(_ path: String) throws(ShelfError) -> [UInt8]
    /// The entries of a directory; empty when the directory does not exist.
    func entries(in directory: String) throws(ShelfError) -> [FileSystem.Entry]
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
}

extension LibraryStorage {
    /// Whether a path is a file.
    func isFile(_ path: String) -> Bool { kind(of: path) == .file }

    /// Whether a path is a directory.
    func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }
}
