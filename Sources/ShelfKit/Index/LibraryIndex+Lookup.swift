internal import GRDB

/// Finding files by name in the index, without a refresh.
extension LibraryIndex {
    /// The indexed files named `<slug>.md`, in any folder, as of the last refresh: what a write
    /// to one book uses to find it without walking the library, and checks on disk.
    func paths(named slug: String) throws(ShelfError) -> [String] {
        let suffix = "/" + slug + ".md"
        return try read { db in
            try String.fetchAll(db, sql: "SELECT path FROM files WHERE substr(path, -length(?1)) = ?1 ORDER BY path",
                                arguments: [suffix])
        }
    }
}
