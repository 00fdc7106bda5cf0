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

    /// Walks the status folders under `base` (`""` for the library, a trash folder for restore).
    /// Hidden entries and files other than `.md` are skipped; a folder beside a book with the
    /// same name holds the book's sessions and is only listed when `includeSessions` is set.
    static func walk(_ storage: some LibraryStorage, base: String = "", statuses: [Status],
                     includeSessions: Bool) throws(ShelfError) -> LibraryListing {
        var listing = LibraryListing()
        for status in statuses {
            let directory = base.isEmpty ? status.name : base + "/" + status.name
            let entries = try storage.entries(in: directory)
            try listing.visit(storage, directory: directory, entries: entries, status: status, folder: "",
                              base: base, includeSessions: includeSessions)
        }
        listing.books.sort { $0.path < $1.path }
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
            books.append(BookLocation(status: status, folder: folder, slug: slug))
        }
        for entry in entries where entry.kind == .directory && !entry.name.hasPrefix(".") {
            let path = directory + "/" + entry.name
            let relative = base.isEmpty ? path : String(path.dropFirst(base.count + 1))
            if bookNames.contains(entry.name) {
                if includeSessions {
                    sessionFiles[relative] = try storage.entries(in: path).filter { $0.kind == .file }.map(\.name)
                }
                continue
            }
            let children = try storage.entries(in: path)
            if Self.looksLikeSessions(children) {
                orphanSessionFolders.append(relative)
                continue
            }
            try visit(storage, directory: path, entries: children, status: status,
                      folder: folder.isEmpty ? entry.name : folder + "/" + entry.name, base: base,
                      includeSessions: includeSessions)
        }
    }

    /// Only date-named Markdown files and no folders: sessions whose book is missing or renamed,
    /// which must not be read as books named after days.
    private static func looksLikeSessions(_ entries: [FileSystem.Entry]) -> Bool {
        let markdown = entries.filter { $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
        return !markdown.isEmpty && !entries.contains { $0.kind == .directory && !$0.name.hasPrefix(".") }
            && markdown.allSatisfy { $0.kind == .file && SessionFileName($0.name) != nil }
    }
}
