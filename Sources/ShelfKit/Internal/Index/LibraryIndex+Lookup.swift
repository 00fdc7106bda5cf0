internal import GRDB

/// Finding files by name in the index, without a refresh.
extension LibraryIndex {
    /// The indexed book files named `<slug>.md`, in any folder, as of the last refresh: what a
    /// write to one book uses to find it without walking the library, and checks on disk.
    /// Readable books are found through `books_by_slug`; book files that could not be read
    /// (a few rows of `problems`) are searched by name. Scanning every file's path instead
    /// read the whole `files` table, some 60 ms at 100,000 books.
    func paths(named slug: String) throws(ShelfError) -> [String] {
        let suffix = "/" + slug + ".md"
        return try read { db in
            try String.fetchAll(db, sql: """
                SELECT path FROM books WHERE slug = ?1
                UNION SELECT path FROM problems WHERE is_session = 0 AND substr(path, -length(?2)) = ?2
                ORDER BY path
                """, arguments: [slug, suffix])
        }
    }
}
