/// Where a book file is: `<status>/[<folder>/…]<slug>.md`, and the names that path implies.
struct BookLocation: Sendable, Hashable {
    var status: Status
    var folder: String
    var slug: String

    /// The book file, relative to the library root.
    var path: String { Self.bookPath(ofSessionFolder: sessionFolder) }

    /// The folder holding the book's sessions, a sibling of the book file.
    var sessionFolder: String { Self.directory(status, folder) + "/" + slug }

    /// The book file's name, `<slug>.md`.
    var fileName: String { Self.bookPath(ofSessionFolder: slug) }

    /// The folder holding the book file.
    var directory: String { Self.directory(status, folder) }

    static func directory(_ status: Status, _ folder: String) -> String {
        folder.isEmpty ? status.name : status.name + "/" + folder
    }

    /// The book file whose sessions `folder` holds: `finished/dune` → `finished/dune.md`. A
    /// folder beside a book file of its name is that book's, whatever it holds.
    static func bookPath(ofSessionFolder folder: String) -> String {
        folder + ".md"
    }

    /// The folder for the sessions of the book file at `path`: `finished/dune.md` →
    /// `finished/dune`.
    static func sessionFolder(ofBookPath path: String) -> String {
        path.hasSuffix(".md") ? String(path.dropLast(3)) : path
    }

    /// The book file a session file belongs to: `finished/dune/2024-01-02.md` → `finished/dune.md`.
    static func bookPath(ofSession path: String) -> String {
        bookPath(ofSessionFolder: Path.parent(of: path))
    }

    /// The location a library-relative book path names, if it names one under a status.
    init?(path: String, statuses: [Status]) {
        guard path.hasSuffix(".md") else { return nil }
        var components = path.dropLast(3).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.count >= 2, let slug = components.popLast(), !slug.isEmpty,
              statuses.contains(Status(components[0])) else { return nil }
        self.init(status: Status(components[0]), folder: components.dropFirst().joined(separator: "/"), slug: slug)
    }

    init(status: Status, folder: String, slug: String) {
        self.status = status
        self.folder = folder
        self.slug = slug
    }
}
