/// The files of a library found by walking its status folders, before any is read.
///
/// Walking only reads directory entries, which is cheap even at 100,000 books; slugs and paths
/// answer most lookups without parsing a file.
struct LibraryListing: Sendable {
    /// Book files, in path order.
    var books: [BookLocation] = []
    /// Session folder path → the names of the files in it.
    var sessionFiles: [String: [String]] = [:]
    /// Folders that hold only session-named files but have no book beside them.
    var orphanSessionFolders: [String] = []
    /// Slug → every book with it; more than one is a duplicate.
    var locationsBySlug: [String: [BookLocation]] = [:]
    /// Path → size, modification time and inode of every book and session file, when the walk
    /// was asked to collect them (for the index).
    var fileInfo: [String: FileSystem.FileInfo] = [:]
    private var collectInfo = false

    /// Walks the status folders under `base` (`""` for the library, a trash folder for restore).
    /// Hidden entries and files other than `.md` are skipped; a folder beside a book with the
    /// same name holds the book's sessions and is only listed when `includeSessions` is set.
    static func walk(_ storage: some LibraryStorage, base: String = "", statuses: [Status],
                     includeSessions: Bool, collectInfo: Bool = false) throws(ShelfError) -> LibraryListing {
        var listing = LibraryListing()
        listing.collectInfo = collectInfo
        for status in statuses {
            let directory = base.isEmpty ? status.name : base + "/" + status.name
            let entries = try listing.list(storage, directory)
            try listing.visit(storage, directory: directory, entries: entries, status: status, folder: "",
                              base: base, includeSessions: includeSessions)
        }
        // `path` is computed; build each once rather than twice per comparison.
        listing.books = listing.books.map { ($0.path, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        for location in listing.books { listing.locationsBySlug[location.slug, default: []].append(location) }
        return listing
    }

    private mutating func visit(_ storage: some LibraryStorage, directory: String, entries: [FileSystem.Entry],
                                status: Status, folder: String, base: String,
                                includeSessions: Bool) throws(ShelfError) {
        var bookNames: Set<String> = []
        for entry in entries where entry.kind == .file && !entry.name.hasPrefix(".") && entry.name.hasSuffix(".md")
            && entry.name.count > 3 {
            let slug = String(entry.name.dropLast(3))
            bookNames.insert(slug)
            if let info = entry.info { fileInfo[directory + "/" + entry.name] = info }
            books.append(BookLocation(status: status, folder: folder, slug: slug))
        }
        for entry in entries where entry.kind == .directory && !entry.name.hasPrefix(".") {
            let path = directory + "/" + entry.name
            let relative = base.isEmpty ? path : String(path.dropFirst(base.count + 1))
            if bookNames.contains(entry.name) {
                if includeSessions {
                    let files = try list(storage, path).filter { $0.kind == .file }
                    sessionFiles[relative] = files.map(\.name)
                    for file in files { if let info = file.info { fileInfo[relative + "/" + file.name] = info } }
                }
                continue
            }
            let children = try list(storage, path)
            if Self.looksLikeSessions(children) {
                orphanSessionFolders.append(relative)
                continue
            }
            try visit(storage, directory: path, entries: children, status: status,
                      folder: folder.isEmpty ? entry.name : folder + "/" + entry.name, base: base,
                      includeSessions: includeSessions)
        }
    }

    private func list(_ storage: some LibraryStorage, _ directory: String) throws(ShelfError) -> [FileSystem.Entry] {
        collectInfo ? try storage.entriesWithInfo(in: directory) : try storage.entries(in: directory)
    }

    /// Only date-named Markdown files and no folders: sessions whose book is missing or renamed,
    /// which must not be read as books named after days.
    private static func looksLikeSessions(_ entries: [FileSystem.Entry]) -> Bool {
        let markdown = entries.filter { $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
        return !markdown.isEmpty && !entries.contains { $0.kind == .directory && !$0.name.hasPrefix(".") }
            && markdown.allSatisfy { $0.kind == .file && SessionFileName($0.name) != nil }
    }
}
