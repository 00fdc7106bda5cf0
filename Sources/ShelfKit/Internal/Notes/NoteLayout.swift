/// The conventions of a library adopted from notes, shared by reference among its book
/// locations (a walk of 100,000 books holds one copy, not one each).
final class NoteLayout: Sendable {
    let conventions: NoteConventions

    /// Where the sessions of an adopted library are kept: a hidden folder, which site
    /// generators, Obsidian and editors' file trees leave alone; below it, the path of each
    /// book without `.md`.
    static let sessionsPrefix = NoteConventions.defaultSessions + "/"

    init(_ conventions: NoteConventions) {
        self.conventions = conventions
        self.root = Status(conventions.folder)
        // FNV-1a of the map as written: the same in every process, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in conventions.yaml.description.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        self.stamp = Int64(bitPattern: hash | 1)
    }

    /// A number that changes when the map does, kept in the index: an index built under
    /// another map is built again.
    let stamp: Int64

    /// Notes in the notes folder that are never books: a site's section page (`_index.md`,
    /// `index.md` directly in the notes folder), a folder's read-me. An `index.md` in a folder
    /// below is a page bundle's, a book (``BookLocation/isBundle``).
    static func isSkipped(fileName: String) -> Bool {
        ["_index.md", "index.md", "readme.md"].contains(fileName.lowercased())
    }

    /// The file of a page bundle.
    static let bundleIndex = "index.md"

    /// The folder holding the book notes.
    var folder: String { conventions.folder }

    /// What a location's status holds until its file is read: the notes folder, which the walk
    /// lists as a library of status folders lists a status.
    let root: Status
}
