@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf tags`, `authors` and `folders`: values with their counts of books.
struct BookFacetTests {
    private let books = [
        Book(id: "a", status: .finished, folder: "sci-fi", title: "A", authors: ["Ann Leckie"], tags: ["Sci-Fi", "space"]),
        Book(id: "b", status: .toRead, folder: "sci-fi", title: "B", authors: ["ann leckie"], tags: ["sci-fi", "SPACE", "space"]),
        Book(id: "c", status: .toRead, folder: "fiction/classics", title: "C", authors: ["Leo Tolstoy"], tags: ["sci-fi", "classic"]),
        Book(id: "d", status: .reading, title: "D", authors: ["Zadie Smith"], tags: ["Classic"]),
    ]

    /// Case-only differences are one value, shown as most books write it (a tie: the first in
    /// byte order, `Classic`); a book counts once.
    @Test func countsGroupCaseAndShowTheCommonSpelling() {
        #expect(BookFacet.tags.counts(in: books) == [
            NameCount(name: "sci-fi", books: 3), NameCount(name: "Classic", books: 2), NameCount(name: "space", books: 2),
        ])
        #expect(BookFacet.tags.counts(in: books, order: .name).map(\.name) == ["Classic", "sci-fi", "space"])
        #expect(BookFacet.authors.counts(in: books) == [
            NameCount(name: "Ann Leckie", books: 2), NameCount(name: "Leo Tolstoy", books: 1), NameCount(name: "Zadie Smith", books: 1),
        ])
        #expect(BookFacet.folders.counts(in: books) == [
            NameCount(name: "sci-fi", books: 2), NameCount(name: "fiction/classics", books: 1),
        ])
    }

    @Test(arguments: LibraryKind.allCases) func countsNarrowByQuery(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        for book in books { try await library.add(book, to: book.status, in: book.folder) }
        let finished = try await library.counts(of: .tags, matching: try Query(parsing: "status:finished", today: testToday))
        #expect(finished.items == [NameCount(name: "Sci-Fi", books: 1), NameCount(name: "space", books: 1)])
        #expect(try await library.counts(of: .folders).items.map(\.books) == [2, 1])
    }
}
