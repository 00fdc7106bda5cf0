import Foundation
@testable import ShelfKit
import Testing

/// The API as an app uses it: copies of a book kept in a list row and a detail sheet, restored
/// from `Codable` after a relaunch, saved after another program changed or moved the file. A save
/// keeps every change on both sides, or throws; it never silently reverts one.
struct StaleCopyTests {
    /// Dune as a person's editor changes it behind the library's back: 412 pages become 896.
    private static func changePagesBehindTheLibrary(_ test: TestLibrary, at path: String = "finished/dune.md") async throws -> String {
        let edited = try #require(await test.text(path)).replacingOccurrences(of: "pages: 412", with: "pages: 896")
        try await test.write(edited, to: path)
        return edited
    }

    @Test(arguments: LibraryKind.allCases)
    func anOldCopySavesOnlyItsOwnChange(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var old = try await test.library.book("dune")
        let edited = try await Self.changePagesBehindTheLibrary(test)
        _ = try await test.library.books(matching: "")
        old.rating = 4
        let saved = try await test.library.update(old)
        #expect(saved.pages == 896 && saved.rating == 4)
        #expect(await test.text("finished/dune.md") == edited.replacingOccurrences(of: "rating: 5", with: "rating: 4"))
    }

    @Test(arguments: LibraryKind.allCases)
    func theBookAMoveHandsBackIsAVersionedCopy(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var moved = try await test.library.move("dune", to: .abandoned, folder: nil)
        #expect(moved.version != nil)
        _ = try await Self.changePagesBehindTheLibrary(test, at: "abandoned/dune.md")
        moved.rating = 4
        let saved = try await test.library.update(moved)
        #expect(saved.pages == 896 && saved.rating == 4, "the change made behind the library stays")
    }

    @Test(arguments: LibraryKind.allCases)
    func aChangeOnArrivalCanUndoWhatTheMoveSets(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(Book(id: "circe", title: "Circe"), to: .toRead, in: "")
        let moved = try await test.library.move("circe", to: .reading, folder: nil) { $0.started = nil }
        #expect(moved.started == nil)
        #expect(await test.text("reading/circe.md")?.contains("started") == false)
    }

    @Test(arguments: LibraryKind.allCases)
    func aCopyRestoredFromCodableAfterTheFileMovedSavesOnlyItsOwnChange(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "sci-fi")
        let kept = try JSONEncoder().encode(try await test.library.book("dune"))
        _ = try await Self.changePagesBehindTheLibrary(test, at: "finished/sci-fi/dune.md")
        try await test.library.move("dune", to: .abandoned, folder: "")
        var restored = try JSONDecoder().decode(Book.self, from: kept)
        #expect(restored.version != nil)
        restored.rating = 4
        let saved = try await test.library.update(restored)
        #expect(saved.path == "abandoned/dune.md" && saved.pages == 896 && saved.rating == 4)
        #expect(saved.tags == ["sci-fi", "classic"] && saved.body == "Slow first hundred pages.\n")
    }

    @Test(arguments: LibraryKind.allCases)
    func twoCopiesOfOneBookKeepEachOthersChanges(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var row = try await test.library.book("dune")
        var sheet = row
        sheet.tags = ["sci-fi", "desert"]
        try await test.library.update(sheet)
        row.rating = 3
        let saved = try await test.library.update(row)
        #expect(saved.tags == ["sci-fi", "desert"] && saved.rating == 3)

        // Two copies in one batch: both changes land, as if saved one after the other.
        var first = saved, second = saved
        first.pages = 500
        second.extra = [.init("format", .string("ebook"))]
        let batch = try await test.library.update([first, second])
        #expect(batch.last?.pages == 500 && batch.last?.extra("format") == .string("ebook"))
        #expect(try await test.library.book("dune").pages == 500)
        // The same key changed to two values in one batch is a conflict, and nothing is written.
        var third = batch[1], fourth = batch[1]
        third.pages = 1
        fourth.pages = 2
        let before = await test.bytes("finished/dune.md")
        await #expect(throws: ShelfError.self) { try await test.library.update([third, fourth]) }
        #expect(await test.bytes("finished/dune.md") == before)
    }

    @Test(arguments: LibraryKind.allCases)
    func bothSidesChangingTheBodyIsAConflict(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        var old = try await test.library.book("dune")
        let text = try #require(await test.text("finished/dune.md"))
        try await test.write(text.replacingOccurrences(of: "Slow first", with: "Slow"), to: "finished/dune.md")
        old.body = "Mine.\n"
        await expectError(.editConflict(path: "finished/dune.md", key: "body", at: SourceLocation(line: 17, column: 1))) {
            try await test.library.update(old)
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func theClosureFormReadsChangesAndWritesUnderTheLock(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        _ = try await Self.changePagesBehindTheLibrary(test)
        let saved = try await test.library.update("dune") { $0.rating = 4.5 }
        #expect(saved.rating == 4.5 && saved.pages == 896)
        let before = await test.bytes("finished/dune.md")
        await #expect(throws: ShelfError.cancelled) {
            try await test.library.update("dune") { book throws(ShelfError) in
                book.rating = 1
                throw .cancelled
            }
        }
        #expect(await test.bytes("finished/dune.md") == before)
    }

    @Test(arguments: LibraryKind.allCases)
    func aSecondFileWithTheSlugIsRefusedByAWarmLibraryToo(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        _ = try await test.library.book("dune")
        try await test.write("---\ntitle: Dune (copy)\n---\n", to: "to-read/dune.md")
        await expectError(.duplicateSlug(slug: "dune", paths: ["finished/dune.md", "to-read/dune.md"])) {
            try await test.library.book("dune")
        }
    }

    @Test func aVersionSurvivesCodableAndTakesNoPartInEquality() throws {
        var book = Book.dune
        book.markRead(from: FileStamp(size: 10, hash: 0xdead_beef))
        let decoded = try JSONDecoder().decode(Book.self, from: JSONEncoder().encode(book))
        #expect(decoded.version?.stamp == book.version?.stamp)
        #expect(decoded.version?.value == Book.dune)
        #expect(decoded == Book.dune)
    }
}
