import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf next --all` prints the books to read a chunk at a time
/// (``LibraryCommands/forEachUpNext(_:)``). The simple model is the order of every book to read
/// held whole (``UpNextOrder/init(books:configuration:)``): the chunks laid end to end are its
/// books in its order, whole, from the files, the index and memory, with places, ties in `added`
/// and a book to read whose file does not read.
struct UpNextStreamDifferentialTests {
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var books: [Book] = []
        private var chunks: [Int] = []

        func add(_ chunk: [Book]) {
            lock.withLock {
                books += chunk
                chunks.append(chunk.count)
            }
        }

        var value: ([Book], [Int]) { lock.withLock { (books, chunks) } }
    }

    @Test
    func theChunksLaidEndToEndAreTheWholeOrder() async throws {
        var files = GeneratedLibrary.files(count: 1_200, seed: 83)
        // Enough books to read for several chunks.
        for number in 0..<StreamedListing.chunk { files["to-read/bulk/book-\(number).md"] = "---\ntitle: Book \(number)\n---\n" }
        // Places, a place two books share, books added the same day without one, and one
        // without `added`: the order's every rule, beside the generated books.
        for (slug, next, added) in [("placed-b", "2", "2024-01-02"), ("placed-a", "1", "2024-05-01"), ("placed-twice", "2", "2023-01-01"),
                                    ("tied-y", nil, "2020-01-01"), ("tied-x", nil, "2020-01-01"), ("undated", nil, nil)] as [(String, String?, String?)] {
            var text = "---\ntitle: \(slug)\n"
            if let next { text += "next: \(next)\n" }
            if let added { text += "added: \(added)\n" }
            files["to-read/mine/\(slug).md"] = text + "---\n"
        }
        files["to-read/broken.md"] = "---\ntitle: [unclosed\n---\n"
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let toRead = BookQuery(statuses: [.toRead]).query
        let listing = try await three.direct.books(matching: toRead, sortedBy: [], limit: nil)
        let model = UpNextOrder(books: listing.items, configuration: three.direct.configuration).books
        #expect(model.count > StreamedListing.chunk, "more than one chunk")
        for library in [three.direct, three.indexed] as [any LibraryCommands] {
            let collected = Collected()
            let page = try await library.forEachUpNext(wholeBooks: true) { books in
                collected.add(books)
                return true
            }
            let (books, chunks) = collected.value
            // Without their text: the same books in the same order, with their titles.
            let titles = Collected()
            _ = try await library.forEachUpNext(wholeBooks: false) { books in
                titles.add(books)
                return true
            }
            #expect(titles.value.0.map(\.path) == model.map(\.path))
            #expect(titles.value.0.map(\.title) == model.map(\.title))
            #expect(titles.value.0.map(\.authors) == model.map(\.authors))
            #expect(books.map(\.path) == model.map(\.path))
            #expect(books == model, "whole books")
            #expect(page.total == model.count)
            #expect(page.problems.map(\.path).contains("to-read/broken.md"))
            #expect(page.problems == (try await library.upNext(limit: nil)).problems, "\(page.problems)")
            #expect(chunks.allSatisfy { $0 > 0 && $0 <= StreamedListing.chunk })
            // The first books are those of a page of the order.
            let first = try await library.upNext(limit: 20)
            #expect(first.books.map(\.path) == Array(model.prefix(20)).map(\.path))
            // A body that stops is given no more.
            let stopped = Collected()
            _ = try await library.forEachUpNext(wholeBooks: true) { books in
                stopped.add(books)
                return false
            }
            #expect(stopped.value.1.count == 1)
        }
        let memory = Collected()
        _ = try await three.memory.forEachUpNext(wholeBooks: true) { books in
            memory.add(books)
            return true
        }
        #expect(memory.value.0.map(\.path) == model.map(\.path))
    }

    /// A page of the order from the index reads the places of the first books and those tied
    /// with the last of them (``LibraryIndex/upNextPlaces(in:first:)``): every limit cuts the
    /// model's order at the same book, through ties of `next`, of `added` (whole, partial and
    /// missing days) and of both, settled by slug.
    @Test
    func everyPageOfTheOrderIsTheModelsHead() async throws {
        var files: [String: String] = [:]
        let nexts: [String?] = [nil, nil, nil, "1", "2", "2", "3"]
        let addeds: [String?] = [nil, "2021", "2021-06", "2021-06-01", "2021-06-01", "2020-12-31", "2022-01-01"]
        var generator = SeededGenerator(seed: 37)
        for number in 0..<60 {
            let slug = "book-\(String(UInt8(truncatingIfNeeded: generator.next()) % 26 + 97, radix: 36))-\(number)"
            var text = "---\ntitle: \(slug)\n"
            if let next = nexts[Int(generator.next() % UInt64(nexts.count))] { text += "next: \(next)\n" }
            if let added = addeds[Int(generator.next() % UInt64(addeds.count))] { text += "added: \(added)\n" }
            files["to-read/\(number % 3 == 0 ? "mine/" : "")\(slug).md"] = text + "---\n"
        }
        files["finished/other.md"] = "---\ntitle: Other\nnext: 1\n---\n"
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let listing = try await three.direct.books(matching: BookQuery(statuses: [.toRead]).query, sortedBy: [], limit: nil)
        let model = UpNextOrder(books: listing.items, configuration: three.direct.configuration).books.map(\.path)
        #expect(model.count == 60)
        for limit in 0...61 {
            let page = try await three.indexed.upNext(limit: limit)
            #expect(page.books.map(\.path) == Array(model.prefix(limit)), "limit \(limit)")
            #expect(page.total == 60)
        }
    }
}
