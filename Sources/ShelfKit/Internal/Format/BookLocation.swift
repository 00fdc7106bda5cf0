/// Where a book file is: `<status>/[<folder>/…]<slug>.md`, and the names that path implies.
///
/// In a library adopted from notes (``NoteConventions``) the status is not in the path: a book
/// is `<notes folder>/[<folder>/…]<slug>.md`, ``status`` stands for the notes folder until the
/// file is read, and the sessions are kept apart under ``NoteConventions/sessions``.
struct BookLocation: Sendable, Hashable {
    var status: Status
    var folder: String
    var slug: String
    /// The conventions of an adopted library, `nil` in a library of status folders. Not part of
    /// a location's identity: every location of a library has the same.
    var notes: NoteLayout?
    /// Whether the note is a site's page bundle, `<folder>/<slug>/index.md` (Hugo keeps a page
    /// with its images that way): the book is named by its folder.
    var isBundle = false

    /// The book file, relative to the library root.
    var path: String { Path.joined(directory, isBundle ? slug + "/" + fileName : fileName) }

    /// The folder holding the book's sessions: a sibling of the book file, or in an adopted
    /// library the same path under the sessions folder.
    var sessionFolder: String {
        guard notes != nil else { return directory + "/" + slug }
        return NoteLayout.sessionsPrefix + Self.sessionFolder(ofBookPath: path)
    }

    /// The status of `book`, read from this location's file: the status folder its path names,
    /// or in an adopted library the note's own (``NoteConventions``), known once the file is
    /// read. The one place that says where a book's status lives; planning, `check` and the
    /// session rules ask it.
    func status(of book: Book) -> Status { statusIsFolder ? status : book.status }

    /// Whether the status is the folder the book is filed in, so that a change of status moves
    /// the file; in an adopted library it is written in the note, which stays where it is.
    var statusIsFolder: Bool { notes == nil }

    /// The book file's name, `<slug>.md`.
    var fileName: String { isBundle ? NoteLayout.bundleIndex : slug + ".md" }

    /// The folder holding the book file.
    var directory: String {
        guard let notes else { return Self.directory(status, folder) }
        return Path.joined(notes.folder, folder)
    }

    static func == (lhs: BookLocation, rhs: BookLocation) -> Bool {
        lhs.status == rhs.status && lhs.folder == rhs.folder && lhs.slug == rhs.slug && lhs.isBundle == rhs.isBundle
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(folder)
        hasher.combine(slug)
    }

    static func directory(_ status: Status, _ folder: String) -> String {
        folder.isEmpty ? status.name : status.name + "/" + folder
    }

    /// The book file whose sessions `folder` holds: `finished/dune` → `finished/dune.md`. A
    /// folder beside a book file of its name is that book's, whatever it holds.
    static func bookPath(ofSessionFolder folder: String) -> String {
        // An adopted library's sessions are kept under `.shelf/sessions/` by their book's path.
        if folder.hasPrefix(NoteLayout.sessionsPrefix) { return String(folder.dropFirst(NoteLayout.sessionsPrefix.count)) + ".md" }
        return folder + ".md"
    }

    /// The folder for the sessions of the book file at `path`: `finished/dune.md` →
    /// `finished/dune`.
    static func sessionFolder(ofBookPath path: String) -> String {
        path.hasSuffix(".md") ? String(path.dropLast(3)) : path
    }

    /// The book file a session file belongs to: `finished/dune/2024-01-02.md` → `finished/dune.md`,
    /// and in an adopted library `.shelf/sessions/Books/dune/2024-01-02.md` → `Books/dune.md`.
    static func bookPath(ofSession path: String) -> String {
        bookPath(ofSessionFolder: Path.parent(of: path))
    }

    /// The folder for the sessions of the book file at `path`, in a library adopted from
    /// notes (`adopted`) or not.
    static func sessionFolder(ofBookPath path: String, adopted: Bool) -> String {
        adopted ? NoteLayout.sessionsPrefix + sessionFolder(ofBookPath: path) : sessionFolder(ofBookPath: path)
    }

    /// The folder the removal of a session stops emptying folders at: the book's own folder,
    /// or the sessions folder of an adopted library.
    var sessionRoot: String {
        notes == nil ? directory : String(NoteLayout.sessionsPrefix.dropLast())
    }

    /// The location a library-relative book path names, if it names one under a status.
    init?(path: String, statuses: [Status]) {
        // The first and last slashes by bytes: the index's 100,000 paths are read this way.
        let slash = UInt8(ascii: "/")
        guard path.hasSuffix(".md"), let first = path.utf8.firstIndex(of: slash), let last = path.utf8.lastIndex(of: slash) else {
            return nil
        }
        let status = Status(String(path[..<first]))
        let slug = String(path[path.utf8.index(after: last)...].dropLast(3))
        guard !slug.isEmpty, statuses.contains(status) else { return nil }
        let folder = first == last ? "" : String(path[path.utf8.index(after: first)..<last])
        self.init(status: status, folder: folder, slug: slug)
    }

    init(status: Status, folder: String, slug: String, notes: NoteLayout? = nil) {
        self.status = status
        self.folder = folder
        self.slug = slug
        self.notes = notes
    }

    /// The location a library-relative book path names in an adopted library: any Markdown
    /// file under the notes folder but the sessions.
    init?(path: String, notes: NoteLayout) {
        guard path.hasSuffix(".md"), !path.hasPrefix(".") else { return nil }
        let inFolder: Substring
        if notes.folder.isEmpty {
            inFolder = path[...]
        } else {
            guard path.hasPrefix(notes.folder + "/") else { return nil }
            inFolder = path.dropFirst(notes.folder.count + 1)
        }
        let parent = Path.parent(of: String(inFolder))
        guard !inFolder.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
        if Path.name(of: String(inFolder)) == NoteLayout.bundleIndex, !parent.isEmpty {
            self.init(status: notes.root, folder: Path.parent(of: parent), slug: Path.name(of: parent), notes: notes)
            isBundle = true
            return
        }
        self.init(status: notes.root, folder: parent, slug: String(Path.name(of: String(inFolder)).dropLast(3)), notes: notes)
    }

    /// The location `path` names in a library with `configuration`.
    init?(path: String, in configuration: LibraryConfiguration) {
        if let notes = configuration.noteLayout {
            self.init(path: path, notes: notes)
        } else {
            self.init(path: path, statuses: configuration.statuses)
        }
    }
}
