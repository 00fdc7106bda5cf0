/// `.shelf/.gitignore`: the caches, the lock, an unfinished write's journal, the trash and the
/// reading session in progress on this device are shelf's own, never part of the person's
/// library in git.
///
/// Written whole by `shelf init` and, in a library made by hand, by the first read that opens
/// the index. A library made before the trash was ignored gets the trash's line appended when a
/// book is next deleted, the live session's line when a session is next started
/// (`shelf read`), and the undo history's when a write is first kept for undo: the person's
/// own lines stay as they are, and a line of theirs that names the folder, even to un-ignore
/// it (`!trash/`), leaves the file alone.
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
        # Deleted books, until restored; books open in shelf edit; what undo takes back.
        trash/
        editing/
        undo/
        # The reading session in progress (shelf read), on this device only.
        live/
        # Answers of metadata services (Open Library), kept so a second fetch is offline.
        cache/

        """

    /// The line that keeps `.shelf/trash/` out of git, and the lines a person may have written
    /// for it instead.
    static let trashLine = "trash/"
    /// The line that keeps `.shelf/live/`, the session `shelf read` is timing, out of git.
    static let liveLine = "live/"
    /// The line that keeps `.shelf/undo/`, this device's writes to take back, out of git.
    static let undoLine = "undo/"

    /// The line that keeps `.shelf/cache/`, what was fetched over the network, out of git.
    static let cacheLine = "cache/"
    /// The cache's folder, relative to the library.
    static let cacheFolder = ".shelf/cache"

    /// The bytes to write for a file holding `existing` (nil when there is none), or nil when it
    /// already names the folder of `line`: `existing` with `line` appended, in its own line breaks.
    static func completing(_ existing: [UInt8]?, with line: String = trashLine) -> [UInt8]? {
        guard let existing else { return Array(contents.utf8) }
        let name = line.hasSuffix("/") ? String(line.dropLast()) : line
        let forms: Set<String> = [name, name + "/", "/" + name, "/" + name + "/", name + "/*", "/" + name + "/*", name + "/**"]
        return LineListFile.appending(line, to: existing) { entry in
            forms.contains(entry.hasPrefix("!") ? String(entry.dropFirst()) : entry)
        }
    }
}
