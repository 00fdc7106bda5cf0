import Foundation

/// Libraries adopted from notes people kept, for the simulation to live its months in: seed
/// notes in one person's style make `shelf init` find that style, and are removed before the
/// first step, so the months begin in an empty library that writes in the person's words.
public enum AdoptedNotes: String, Sendable, CaseIterable {
    /// A Jekyll reading list: `_books/`, `status: read|reading|want|dnf`, `date_read`, `stars`.
    case statusKey
    /// An Obsidian vault: `Books/` named by title, the status a tag, dates as `[[links]]`,
    /// ratings as `"4/5"`.
    case statusTag
    /// Status folders in the person's words, `Library/Read/`, `Library/To Read/`, ratings out of 10.
    case statusFolders

    /// Whether the notes are named by their titles, and so new ones are.
    var namesByTitle: Bool { self != .statusKey }

    /// The seed notes, by path, and a note that is not a book.
    var seeds: [String: String] {
        switch self {
        case .statusKey:
            return [
                "_books/seed-one.md": "---\nlayout: book\ntitle: Seed One\nauthor: Ann Author\nstatus: read\nstarted: 2020-01-01\ndate_read: 2020-02-01\nstars: 4\n---\n",
                "_books/seed-two.md": "---\nlayout: book\ntitle: Seed Two\nauthor: Ann Author\nstatus: reading\nstarted: 2020-01-01\n---\n",
                "_books/seed-three.md": "---\nlayout: book\ntitle: Seed Three\nauthor: Ann Author\nstatus: want\n---\n",
                "_books/seed-four.md": "---\nlayout: book\ntitle: Seed Four\nauthor: Ann Author\nstatus: dnf\nstars: 2\n---\n",
                "_posts/2020-01-01-hello.md": "---\ntitle: Hello\ndate: 2020-01-01\nauthor: Site Owner\n---\nA post.\n",
            ]
        case .statusTag:
            return [
                "Books/Seed One.md": "---\nauthor: \"[[Ann Author]]\"\ntags: [book, read]\ndateRead: \"[[2020-02-01]]\"\nrating: \"4/5\"\n---\n",
                "Books/Seed Two.md": "---\nauthor: \"[[Ann Author]]\"\ntags: [book, reading]\nstartDate: \"[[2020-01-01]]\"\n---\n",
                "Books/Seed Three.md": "---\nauthor: \"[[Ann Author]]\"\ntags: [book, to-read]\n---\n",
                "Daily/2020-01-01.md": "---\ndate: 2020-01-01\n---\nA walk.\n",
            ]
        case .statusFolders:
            return [
                "Library/Read/Seed One.md": "---\nauthor: Ann Author\nrating: 8\nfinished: 2020-02-01\n---\n",
                "Library/Reading/Seed Two.md": "---\nauthor: Ann Author\n---\n",
                "Library/To Read/Seed Three.md": "---\nauthor: Ann Author\n---\n",
                "Library/Gave Up/Seed Four.md": "---\nauthor: Ann Author\n---\n",
                "Ideas/an idea.md": "---\ntitle: An idea\n---\n",
            ]
        }
    }

    /// Writes the seeds under `root`, for `shelf init` to adopt.
    func writeSeeds(in root: String) throws {
        for (path, text) in seeds {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
    }

    /// Removes the seed books, leaving the map init wrote and the notes that are not books.
    func removeSeedBooks(in root: String) throws {
        for path in seeds.keys where path.contains("eed ") || path.contains("seed-") {
            try FileManager.default.removeItem(atPath: root + "/" + path)
        }
    }
}
