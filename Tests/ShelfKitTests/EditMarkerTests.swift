import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// A book marked open in an editor by another process refuses writes; a slug or path finds a
/// book file without reading it.
struct EditMarkerTests {
    private static let files = [
        "finished/dune.md": "---\ntitle: Dune\nrating: 5\n---\n",
        "finished/dune/2024-01-02.md": "---\nfrom: 1\nto: 10\n---\n",
        "to-read/broken.md": "---\ntitle: [Broken\n---\n",
    ]

    /// A live process that is not this one: the test runner's parent.
    private static let otherProcess = getppid()

    @Test func writesToABookOpenElsewhereAreRefusedAndOthersAreNot() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try TemporaryFolder.write("finished/dune.md", to: root + "/.shelf/editing/\(Self.otherProcess)")
        let library = try FileLibrary(root: root, today: { testToday })
        let open = ShelfError.bookBeingEdited(path: "finished/dune.md", pid: Self.otherProcess)
        await expectError(open) { try await library.update("dune") { $0.rating = 4 } }
        await expectError(open) { try await library.move("dune", to: .abandoned) }
        await expectError(open) { try await library.delete("dune") }
        await expectError(open) { try await library.whileEditing("finished/dune.md") {} }
        // Its sessions are separate files the editor does not hold.
        try await library.log(ReadingSession(day: testToday, to: 20), for: "dune")
        #expect(try String(contentsOfFile: root + "/finished/dune.md", encoding: .utf8) == Self.files["finished/dune.md"])
    }

    @Test func theMarkIsThereWhileEditingAndGoneAfter() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        let marker = root + "/.shelf/editing/\(getpid())"
        let held = try await library.whileEditing("finished/dune.md") {
            try String(contentsOfFile: marker, encoding: .utf8)
        }
        #expect(held == "finished/dune.md")
        #expect(!FileManager.default.fileExists(atPath: marker))
        // This process's own mark never blocks it.
        try await library.whileEditing("finished/dune.md") { try await library.update("dune") { $0.rating = 4 } }
        #expect(try await library.book("dune").rating == 4)
    }

    @Test func aSlugOrPathFindsABrokenBookWithoutReadingIt() async throws {
        let root = try TemporaryFolder.make(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = try FileLibrary(root: root, today: { testToday })
        #expect(try await library.bookPath(for: "broken") == "to-read/broken.md")
        #expect(try await library.bookPath(for: "to-read/broken.md") == "to-read/broken.md")
        #expect(try await library.bookPath(for: "dun") == "finished/dune.md")
        await #expect(throws: ShelfError.self) { try await library.resolve("broken") }
    }
}
