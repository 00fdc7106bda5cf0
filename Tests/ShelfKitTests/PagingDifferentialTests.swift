import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Paging a listing as an app's scrolling list does: `count(matching:)` for its length, then
/// `books(matching:sortedBy:limit:offset:)` a page at a time. The simple model is the whole
/// listing: its length is the count, and the pages laid end to end are the listing, with no
/// gap and no book twice, from the files, the index and memory alike.
struct PagingDifferentialTests {
    @Test
    func pagesLaidEndToEndAreTheListingAndTheCountItsLength() async throws {
        let three = try await ThreeReaders(GeneratedLibrary.files(count: 300, seed: 61))
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        var random = SeededGenerator(seed: 62)
        var compared = 0
        for round in 0..<25 {
            let text = round == 0 ? "" : QueryDifferentialTests.query(&random)
            let query = try Query(parsing: text, today: testToday)
            // Built-in fields, which the index sorts by from their columns alone, and keys it
            // reads whole books for (progress, a series), one or two at a time.
            let keys = ["rating", "progress", "title", "author", "added", "published", "status", "pages", "finished", "started", "path", "series"]
            var sort = [BookSort(key: keys.randomElement(using: &random) ?? "title", descending: Bool.random(using: &random))]
            // No order at all, as `shelf list --limit N` asks: by title, then path.
            if round % 5 == 1 {
                sort = []
            } else if Bool.random(using: &random) {
                sort.append(BookSort(key: keys.randomElement(using: &random) ?? "title", descending: Bool.random(using: &random)))
            }
            let pageSize = [7, 50, 1_000].randomElement(using: &random) ?? 50
            let whole: [String]
            let wholeBooks: [Book]
            do throws(ShelfError) {
                wholeBooks = try await three.direct.books(matching: query, sortedBy: sort, limit: nil).items
                whole = wholeBooks.map(\.path)
            } catch {
                guard case .invalidQuery = error else { throw error }
                // A query of a custom key no book has: counting it is refused the same way.
                for library in [three.direct, three.indexed] {
                    await #expect(throws: ShelfError.self) { try await library.count(matching: query) }
                }
                continue
            }
            let libraries: [any LibraryReading] = [three.direct, three.indexed, three.memory]
            for library in libraries {
                let count = try await library.count(matching: query)
                #expect(count == whole.count, "count of \(text)")
                var pages: [String] = []
                var offset = 0
                while offset < count + pageSize {
                    let pageBooks = try await library.books(matching: query, sortedBy: sort, limit: pageSize, offset: offset).items
                    let page = pageBooks.map(\.path)
                    #expect(page.count == min(pageSize, max(0, count - offset)), "page at \(offset) of \(text)")
                    if library is FileLibrary {
                        #expect(pageBooks == Array(wholeBooks.dropFirst(offset).prefix(pageSize)), "whole books of \(text) by \(sort)")
                    }
                    pages += page
                    offset += pageSize
                }
                #expect(pages == whole, "pages of \(text) sorted by \(sort)")
                compared += 1
            }
        }
        #expect(compared > 40)
    }

    /// A page by title comes from the index's `sort_title`, compared by SQLite as bytes: titles
    /// whose folded forms are not ASCII, or are the same for different books, page as the
    /// listing sorts them in Swift.
    /// `descending` `nil` is no order at all, which lists by title too.
    @Test(arguments: [false, true, nil])
    func pagesByTitleOfTitlesPastASCIIAreTheListingsOrder(descending: Bool?) async throws {
        let titles = Self.namesPastASCII
        var files: [String: String] = [".shelf/config.yaml": ""]
        for (number, title) in titles.enumerated() {
            let status = ["to-read", "finished", "reading"][number % 3]
            files["\(status)/book-\(String(format: "%02d", number)).md"] = "---\ntitle: \"\(title)\"\n---\n"
        }
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let order = descending.map { [BookSort(key: "title", descending: $0)] } ?? []
        let whole = try await three.direct.books(matching: Query.all, sortedBy: order, limit: nil).items.map(\.path)
        #expect(whole.count == titles.count)
        try await Self.expectPages(of: three, by: order, queries: ["", "status:finished", "title:e"], sizes: [1, 4, 50])
    }

    /// Titles, or authors, whose folded forms are not ASCII or are the same for different books.
    private static let namesPastASCII = [
        "Émile", "emile", "E\u{301}mile", "Zoë", "zoe", "Ærø", "Straße", "strasse", "Ça ira", "cañon",
        "Canon", "東京物語", "Ωmega", "omega", "🙂 Smile", "the Road", "The road", "Über", "uber",
        "Ǆemal", "ǅemal", "ﬁre", "fire", "Å", "A\u{30A}", "İstanbul", "istanbul", "Σίσυφος", "σίσυφος"]

    /// A page by author comes from `book_facts`' `sort_author`, compared by SQLite as bytes:
    /// first authors past ASCII, the same for different books, or missing, page as the listing
    /// sorts them in Swift, ties by title then path.
    @Test(arguments: [false, true])
    func pagesByAuthorOfNamesPastASCIIAreTheListingsOrder(descending: Bool) async throws {
        var files: [String: String] = [".shelf/config.yaml": ""]
        for (number, name) in Self.namesPastASCII.enumerated() {
            let status = ["to-read", "finished", "reading"][number % 3]
            // A second author never decides; a few books have none, or share a title.
            let authors = number % 7 == 0 ? "" : "authors: [\"\(name)\", \"Aaron \(number)\"]\n"
            files["\(status)/book-\(String(format: "%02d", number)).md"] = "---\ntitle: \"T\(number % 4)\"\n\(authors)---\n"
        }
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let order = [BookSort(key: "author", descending: descending)]
        try await Self.expectPages(of: three, by: order, queries: ["", "status:finished", "title:t1"], sizes: [1, 4, 50])
    }

    /// A page sorted by one number, day or first author comes from `book_facts`, cut at the
    /// value the page ends at (``LibraryIndex/pathsByValue(of:matching:descending:limit:offset:)``):
    /// pages of every size laid end to end are the listing, ties and the books without a value
    /// included.
    @Test(arguments: ["rating", "pages", "added", "started", "finished", "author"])
    func pagesByOneNumberDayOrAuthorAreTheListingsOrder(key: String) async throws {
        let three = try await ThreeReaders(GeneratedLibrary.files(count: 60, seed: 64))
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        for descending in [false, true] {
            try await Self.expectPages(of: three, by: [BookSort(key: key, descending: descending)], queries: ["", "status:finished"],
                                       sizes: [1, 7, 50], atLeast: 11)
        }
    }

    /// Expects the pages of each size of each query in `order`, laid end to end, to be the
    /// listing the files give, of at least `minimum` books.
    private static func expectPages(of three: ThreeReaders, by order: [BookSort], queries: [String], sizes: [Int],
                                    atLeast minimum: Int = 0) async throws {
        for query in queries {
            let parsed = try Query(parsing: query, today: testToday)
            let expected = try await three.direct.books(matching: parsed, sortedBy: order, limit: nil).items.map(\.path)
            #expect(expected.count >= minimum, "books of \"\(query)\"")
            for size in sizes {
                let pages = try await pages(of: three.indexed, parsed, order, size: size, through: expected.count)
                #expect(pages == expected, "pages of \(size) of \"\(query)\" by \(order)")
            }
        }
    }

    /// The paths of the pages of `size` books of `query` in `order`, laid end to end, one page
    /// past the `count` books the listing has.
    private static func pages(of library: FileLibrary, _ query: Query, _ order: [BookSort], size: Int,
                              through count: Int) async throws -> [String] {
        var pages: [String] = []
        for offset in stride(from: 0, to: count + size, by: size) {
            pages += try await library.books(matching: query, sortedBy: order, limit: size, offset: offset).items.map(\.path)
        }
        return pages
    }

    @Test
    func anOffsetPastTheEndIsAnEmptyPageAndANegativeOneTheFirst() async throws {
        let three = try await ThreeReaders(GeneratedLibrary.files(count: 40, seed: 63))
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let title = [BookSort(key: "title", descending: false)]
        let libraries: [any LibraryReading] = [three.direct, three.indexed, three.memory]
        for library in libraries {
            let all = try await library.books(matching: Query.all, sortedBy: title, limit: nil).items.map(\.path)
            #expect(try await library.count(matching: Query.all) == all.count)
            #expect(try await library.books(matching: Query.all, sortedBy: title, limit: 5, offset: all.count).items.isEmpty)
            #expect(try await library.books(matching: Query.all, sortedBy: title, limit: nil, offset: 10_000).items.isEmpty)
            #expect(try await library.books(matching: Query.all, sortedBy: title, limit: 3, offset: -4).items.map(\.path)
                == Array(all.prefix(3)))
            // Without a limit, the rest of the listing from the offset on.
            #expect(try await library.books(matching: Query.all, sortedBy: title, limit: nil, offset: 30).items.map(\.path)
                == Array(all.dropFirst(30)))
        }
    }
}
