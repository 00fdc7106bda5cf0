import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `BookQuery` builds a `Query`: its criteria answer as the terms a person types, on both
/// library kinds (the file library from its index).
struct BookQueryTests {
    @Test(arguments: LibraryKind.allCases)
    func criteriaAnswerAsTheirTerms(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let books: [(Book, Status, String)] = [
            (Book(title: "Dune", authors: ["Frank Herbert"], pages: 412, tags: ["Sci-Fi"], rating: 5, finished: day("2024-03-01")), .finished, "fiction"),
            (Book(title: "Emma", authors: ["Jane Austen"], pages: 300, rating: 4, finished: day("2024-02-01")), .finished, "fiction/classics"),
            (Book(title: "Sapiens", authors: ["Yuval Noah Harari"], pages: 450, rating: 3, finished: day("2023-02-01")), .finished, "non-fiction"),
            (Book(title: "Circe", authors: ["Madeline Miller"], pages: 390), .toRead, ""),
        ]
        for (book, status, folder) in books { try await test.library.add(book, to: status, in: folder) }
        func ids(_ query: BookQuery) async throws -> [String] {
            try await test.library.books(matching: query, sortedBy: [], limit: nil).items.map(\.id.rawValue).sorted()
        }
        #expect(try await ids(BookQuery(folder: "fiction")) == ["dune", "emma"], "fiction and below, never non-fiction")
        #expect(try await ids(BookQuery(statuses: [.finished], rating: 4...5)) == ["dune", "emma"])
        #expect(try await ids(BookQuery(author: "herb")) == ["dune"])
        #expect(try await ids(BookQuery(tag: "sci-fi")) == ["dune"])
        #expect(try await ids(BookQuery(text: "sapi")) == ["sapiens"], "full text: the start of a word")
        #expect(try await ids(BookQuery(finished: day("2024-01-01")...day("2024-12-31"))) == ["dune", "emma"])
        #expect(try await ids(BookQuery(pages: 400...500)) == ["dune", "sapiens"])
        #expect(try await ids(BookQuery(statuses: [.toRead, .reading])) == ["circe"])
        #expect(try await ids(BookQuery()) == ["circe", "dune", "emma", "sapiens"])
        await expectError(.unknownStatus(name: "read", known: ["to-read", "reading", "finished", "abandoned"])) {
            try await test.library.books(matching: BookQuery(statuses: [Status("read")]), sortedBy: [], limit: nil)
        }
    }
}
