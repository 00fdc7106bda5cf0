import Foundation
@testable import ShelfKit
import ShelfTestSupport

/// A temporary folder for one test, removed at the end, holding libraries to break.
struct Scratch: ~Copyable {
    let path: String

    init() throws {
        path = try TemporaryFolder.make()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A new library `name` with `count` books (`book-1` …), some in folders, every third one
    /// in `reading` with a session. The files are written directly, as a person's editor
    /// would, because creating hundreds of libraries through ShelfKit's flushed writes would
    /// spend the tests' time in `fsync`.
    func library(_ name: String, books count: Int, sessions: Bool = true) async throws -> String {
        let root = path + "/" + name
        _ = try FileLibrary.create(at: root, today: { testToday })
        for index in 1...count {
            let status = index % 3 == 0 ? "reading" : "to-read"
            let folder = index % 2 == 0 ? "/shelf-\(index % 4)" : ""
            let text = "---\ntitle: Book \(index)\nauthors: [Author \(index % 7)]\npages: \(300 + index)\n"
                + "added: \(testToday)\n---\n\nNotes on book \(index).\n"
            try TemporaryFolder.write(text, to: root + "/" + status + folder + "/book-\(index).md")
            if sessions, index % 3 == 0 {
                try TemporaryFolder.write("---\nfrom: 1\nto: 20\n---\n", to: root + "/" + status + folder + "/book-\(index)/\(testToday).md")
            }
        }
        return root
    }

    /// A copy of a library folder.
    func copy(_ source: String, to name: String) throws -> String {
        let destination = path + "/" + name
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }
}
