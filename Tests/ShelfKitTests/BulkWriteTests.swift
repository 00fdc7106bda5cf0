import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// What an app reaches for beside one book at a time: an update of the books a query matches,
/// and a delete of several books, each all or none.
struct BulkWriteTests {
    static func library(_ kind: LibraryKind) async throws -> TestLibrary {
        let test = try TestLibrary.make(kind)
        for (title, author, status) in [("Dune", "Frank Herbert", Status.toRead), ("Dune Messiah", "Frank Herbert", .toRead),
                                        ("Children of Dune", "Frank Herbert", .finished), ("Circe", "Madeline Miller", .toRead)] {
            _ = try await test.library.add(Book(title: title, authors: [author]), to: status, in: "")
        }
        return test
    }

    @Test(arguments: LibraryKind.allCases)
    func anUpdateByQueryChangesEveryBookItMatches(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let query = try Query(parsing: "author:herbert status:to-read", today: testToday)
        let written = try await test.library.update(matching: query) { $0.tags.append("saga") }
        #expect(Set(written.map(\.id)) == ["dune", "dune-messiah"])
        for id: BookID in ["dune", "dune-messiah"] { #expect(try await test.library.book(id).tags == ["saga"]) }
        #expect(try await test.library.book("children-of-dune").tags.isEmpty)
        #expect(try await test.library.book("circe").tags.isEmpty)
        // A query that matches nothing writes nothing.
        let none = try await test.library.update(matching: try Query(parsing: "author:tolkien", today: testToday)) { $0.rating = 1 }
        #expect(none.isEmpty)
    }

    @Test(arguments: LibraryKind.allCases)
    func anUpdateByQueryIsAllOrNone(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let before = await test.snapshot()
        let query = try Query(parsing: "author:herbert", today: testToday)
        // The change refuses one of the books: none is written.
        await #expect(throws: ShelfError.self) {
            try await test.library.update(matching: query) { book throws(ShelfError) in
                if book.id == "dune-messiah" { throw .invalidValue(path: book.path, key: "rating", value: "11", reason: "too high", at: nil) }
                book.rating = 4
            }
        }
        #expect(await test.snapshot() == before)
        // A change of status moves each book, as an update of one does.
        let moved = try await test.library.update(matching: try Query(parsing: "author:herbert status:to-read", today: testToday)) {
            $0.status = .reading
        }
        #expect(moved.allSatisfy { $0.status == .reading && $0.started == testToday })
    }

    @Test(arguments: LibraryKind.allCases)
    func aDeleteOfSeveralBooksIsAllOrNone(_ kind: LibraryKind) async throws {
        let test = try await Self.library(kind)
        defer { test.remove() }
        let before = await test.snapshot()
        await #expect(throws: ShelfError.self) { try await test.library.delete(["dune", "no-such-book", "circe"]) }
        #expect(await test.snapshot() == before)
        let deleted = try await test.library.delete(["dune", "circe", "dune"])
        #expect(deleted.map(\.id) == ["dune", "circe"])
        let left = try await test.library.books(matching: Query.all, sortedBy: [], limit: nil).items.map(\.id)
        #expect(Set(left) == ["dune-messiah", "children-of-dune"])
        let trashed = try await test.library.trashedBooks().map(\.id)
        #expect(Set(trashed) == ["dune", "circe"])
    }
}
