import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `rename(_:to:)`: a new slug for a book file and its session folder, every byte kept.
struct RenameTests {
    private static let text = "---\r\ntitle: Dune\r\npages: 600\r\n# my own comment\r\nformat: paperback\r\n---\r\n\r\nNotes.\r\n"

    @Test(.seededSessionNames, arguments: LibraryKind.allCases) func renameMovesTheFileAndSessionsKeepingBytes(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        try await test.write(Self.text, to: "reading/sci-fi/dune-1965.md")
        try await library.log(ReadingSession(day: testToday, time: TimeOfDay(hour: 9, minute: 15), from: 1, to: 40, note: "Sand."),
                              for: "dune-1965", pagesTotal: nil)
        let sessionPath = "reading/sci-fi/dune-1965/\(testToday)-0915-nxpc.md"
        let bookBytes = try #require(await test.bytes("reading/sci-fi/dune-1965.md"))
        let sessionBytes = try #require(await test.bytes(sessionPath))
        // Read once, so the file library's index holds the old slug.
        #expect(try await library.books(matching: "sand").map(\.id) == ["dune-1965"])

        let renamed = try await library.rename("dune-1965", to: "dune")
        #expect(renamed.id == "dune")
        #expect(renamed.path == "reading/sci-fi/dune.md")
        #expect(await test.bytes("reading/sci-fi/dune.md") == bookBytes)
        #expect(await test.bytes("reading/sci-fi/dune/\(testToday)-0915-nxpc.md") == sessionBytes)
        #expect(await !test.exists("reading/sci-fi/dune-1965.md"))
        #expect(await !test.exists("reading/sci-fi/dune-1965"))

        // The index follows: the old slug is gone, the sessions belong to the new one.
        #expect(try await library.books(matching: "sand").map(\.id) == ["dune"])
        #expect(try await library.sessions(of: "dune").map(\.path) == ["reading/sci-fi/dune/\(testToday)-0915-nxpc.md"])
        #expect(try await library.books().map(\.id) == ["dune"])
        await #expect(throws: ShelfError.self) { try await library.book("dune-1965") }
        // The renamed copy can be edited and saved.
        var edited = renamed
        edited.rating = 4
        #expect(try await library.update(edited).rating == 4)
    }

    @Test(arguments: LibraryKind.allCases) func renameRefusesATakenOrUnsafeSlug(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        try await library.add(Book(title: "Dune"), to: .reading, in: "")
        try await library.add(Book(title: "Circe"), to: .finished, in: "myth")
        try await test.write("---\ntitle: Notes\n---\n", to: "reading/notes.md")
        await #expect(throws: ShelfError.alreadyExists(path: "finished/myth/circe.md")) {
            try await library.rename("dune", to: "circe")
        }
        await #expect(throws: ShelfError.alreadyExists(path: "finished/myth/circe.md")) {
            try await library.rename("dune", to: "Circe")
        }
        await #expect(throws: ShelfError.unsafeName(name: "a/b", reason: "a name cannot contain \"/\"")) {
            try await library.rename("dune", to: "a/b")
        }
        await #expect(throws: ShelfError.unsafeName(name: ".dune", reason: "names starting with \".\" are hidden")) {
            try await library.rename("dune", to: ".dune")
        }
        // A folder of the person's where the session folder would go.
        try await test.write("x", to: "reading/drafts/x.txt")
        await #expect(throws: ShelfError.alreadyExists(path: "reading/drafts")) {
            try await library.rename("dune", to: "drafts")
        }
        #expect(await test.exists("reading/dune.md"))
        #expect(try await library.rename("dune", to: "dune").path == "reading/dune.md")
    }
}
