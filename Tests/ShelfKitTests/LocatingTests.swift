import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Writes to one book find it without walking the library, and give the walk's answers: each
/// test opens a new ``FileLibrary`` per step, as each `shelf` command does.
struct LocatingTests {
    private static let files = [
        "finished/sci-fi/dune.md": "---\ntitle: Dune\npages: 412\n---\n",
        "finished/sci-fi/dune/2024-01-02.md": "---\nfrom: 1\nto: 100\n---\n",
        "to-read/emma.md": "---\ntitle: Emma\n---\n",
    ]

    private func open(_ root: String) throws -> FileLibrary {
        try FileLibrary(root: root, today: { testToday })
    }

    @Test
    func anIndexedSlugIsFoundWithoutAWalkAndWritten() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await open(root).books(matching: "")
        let indexed = try await open(root).indexedPaths(named: "dune")
        #expect(indexed == ["finished/sci-fi/dune.md"])

        let library = try open(root)
        var dune = try await library.resolve("dune")
        dune.rating = 4.5
        #expect(try await library.update(dune).path == "finished/sci-fi/dune.md")
        let session = try await library.log(ReadingSession(bookID: dune.id, day: testToday, to: 150), for: dune.id)
        #expect(session.path.hasPrefix("finished/sci-fi/dune/2024-03-15-") && session.time != nil)
        #expect(try await library.sessions(of: dune.id).map(\.to) == [100, 150])
        #expect(try await open(root).resolve("finished/sci-fi/dune").rating == 4.5)
    }

    @Test
    func theIndexFindsBookFilesItCouldNotReadButNoSessions() async throws {
        var files = Self.files
        files["to-read/dune.md"] = "---\ntitle: [Dune\n---\n"
        files["finished/2024-01-02.md"] = "---\ntitle: A Book Named Like a Day\n---\n"
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await open(root).books(matching: "")
        #expect(try await open(root).indexedPaths(named: "dune") == ["finished/sci-fi/dune.md", "to-read/dune.md"])
        #expect(try await open(root).indexedPaths(named: "2024-01-02") == ["finished/2024-01-02.md"])
        #expect(try await open(root).indexedPaths(named: "une")?.isEmpty == true)
    }

    @Test
    func aBookMovedSinceTheIndexWasRefreshedIsFoundByTheWalk() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await open(root).books(matching: "")
        try FileManager.default.moveItem(atPath: root + "/finished/sci-fi/dune.md", toPath: root + "/to-read/dune.md")
        try FileManager.default.moveItem(atPath: root + "/finished/sci-fi/dune", toPath: root + "/to-read/dune")

        let library = try open(root)
        var dune = try await library.resolve("dune")
        #expect(dune.path == "to-read/dune.md")
        dune.rating = 4
        #expect(try await library.update(dune).path == "to-read/dune.md")
        await expectError(.bookNotFound(reference: "finished/sci-fi/dune", closeMatches: [])) {
            try await open(root).resolve("finished/sci-fi/dune")
        }
    }

    @Test
    func aDuplicateSlugTheIndexKnowsIsRefusedAsTheWalkRefusesIt() async throws {
        var files = Self.files
        files["to-read/dune.md"] = "---\ntitle: Dune again\n---\n"
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await open(root).books(matching: "")
        await expectError(.duplicateSlug(slug: "dune", paths: ["finished/sci-fi/dune.md", "to-read/dune.md"])) {
            try await open(root).resolve("dune")
        }
        await expectError(.duplicateSlug(slug: "dune", paths: ["finished/sci-fi/dune.md", "to-read/dune.md"])) {
            try await open(root).log(ReadingSession(bookID: BookID("dune"), day: testToday, minutes: 5), for: BookID("dune"))
        }
    }

    @Test
    func aFolderThatHoldsABooksSessionsIsNotABookFolder() async throws {
        var files = Self.files
        // `finished/sci-fi/dune/notes.md` sits in Dune's session folder: not a book, so not `notes`.
        files["finished/sci-fi/dune/notes.md"] = "---\ntitle: Notes\n---\n"
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await open(root).books(matching: "")
        await expectError(.bookNotFound(reference: "finished/sci-fi/dune/notes", closeMatches: [])) {
            try await open(root).resolve("finished/sci-fi/dune/notes")
        }
    }
}
