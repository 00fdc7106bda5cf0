/// `.shelf/.gitignore`: the caches, the lock, an unfinished write's journal and the trash are
/// shelf's own, never part of the person's library in git.
///
/// Written whole by `shelf init` and, in a library made by hand, by the first read that opens
/// the index. A library made before the trash was ignored gets the trash's line appended when a
/// book is next deleted: the person's own lines stay as they are, and a line of theirs that
/// names the trash, even to un-ignore it (`!trash/`), leaves the file alone.
enum ShelfIgnoreFile {
    /// The file, relative to the library.
    static let path = ".shelf/.gitignore"

    /// The file as a new library gets it.
    static let contents = """
        # Caches shelf rebuilds from the book files.
        index.sqlite
        index.sqlite-*
        lock
        journal.json
        # Deleted books, until restored; books open in shelf edit.
        trash/
        editing/

        """

    /// The line that keeps `.shelf/trash/` out of git, and the lines a person may have written
    /// for it instead.
    static let trashLine = "trash/"
    private static let trashForms: Set<String> = ["trash", "trash/", "/trash", "/trash/", "trash/*", "/trash/*", "trash/**"]

    /// The bytes to write for a file holding `existing` (nil when there is none), or nil when it
    /// already names the trash: `existing` with the trash's line appended, in its own line breaks.
    static func completing(_ existing: [UInt8]?) -> [UInt8]? {
        guard let existing else { return Array(contents.utf8) }
        return LineListFile.appending(trashLine, to: existing) { line in
            trashForms.contains(line.hasPrefix("!") ? String(line.dropFirst()) : line)
        }
    }
}
