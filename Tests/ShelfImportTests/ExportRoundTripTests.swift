import Foundation
@testable import ShelfKit
import Testing

/// `shelf export --format goodreads` imported into a new library gives the same files.
struct ExportRoundTripTests {
    /// Adds `books` to a new library in the order given, exports it, imports the export into
    /// another new library, and returns the two libraries' files by path.
    private func roundTrip(_ books: [(Book, Status)]) async throws -> (before: [String: String], after: [String: String]) {
        let original = try ImportFixtures.fileLibrary()
        for (book, status) in books { _ = try await original.add(book, to: status, in: "") }
        let csv = try GoodreadsExport.csv(try await original.scan().books.reversed(), configuration: original.configuration)
        let copy = try ImportFixtures.fileLibrary()
        let plan = try await InlineExport.importText(csv, format: .goodreads, into: copy)
        #expect(plan.skipped.isEmpty && plan.warnings.count == books.filter { $0.0.extra("isbn_invalid") != nil }.count)
        func files(_ library: FileLibrary) async throws -> [String: String] {
            var files: [String: String] = [:]
            for book in try await library.scan().books { files[book.path] = await ImportFixtures.file(book.path, in: library) }
            return files
        }
        return (try await files(original), try await files(copy))
    }

    @Test func identifiersComeBackInTheirOwnKeys() async throws {
        let books: [(Book, Status)] = [
            (Book(title: "Ten Only", authors: ["A"], isbn: "0441172717"), .finished),
            (Book(title: "Thirteen", authors: ["B"], isbn: "9781250166548"), .finished),
            (Book(title: "Kindle", authors: ["C"], extra: [.init("asin", .string("B00085PI0E"))]), .toRead),
            (Book(title: "Bad Check Digit", authors: ["D"], isbn: "0765326353",
                  extra: [.init("isbn_invalid", .string("978152939268"))]), .toRead),
        ]
        let (before, after) = try await roundTrip(books)
        #expect(before.count == 4)
        #expect(after == before)
    }

    @Test func twoBooksOfOneTitleKeepTheirSlugs() async throws {
        let books: [(Book, Status)] = [
            (Book(title: "Never Let Me Go", authors: ["Kazuo Ishiguro"], rating: 5), .toRead),
            (Book(id: "never-let-me-go-2", title: "Never Let Me Go", authors: ["Someone Else"]), .finished),
            (Book(id: "never-let-me-go-3", title: "Never Let Me Go", authors: ["A Third"]), .reading),
        ]
        let (before, after) = try await roundTrip(books)
        #expect(Set(before.keys) == ["to-read/never-let-me-go.md", "finished/never-let-me-go-2.md", "reading/never-let-me-go-3.md"])
        #expect(after == before)
    }

    @Test func slugsSortAsTheImportHandsThemOut() {
        let slugs = ["dune-10", "dune-messiah", "dune-2", "dune", "catch-22"]
        #expect(slugs.sorted { SlugOrder($0) < SlugOrder($1) } == ["catch-22", "dune", "dune-2", "dune-10", "dune-messiah"])
    }
}
