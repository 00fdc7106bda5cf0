import Foundation
import FrontMatterFuzzing
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `list --format json` and `export --format json` print the books a chunk at a time
/// (``LibraryCommands/forEachBook(matching:sortedBy:limit:withProgress:_:)``). The simple model is
/// the listing held whole, ``LibraryReading/booksWithProgress(matching:sortedBy:limit:)``: the
/// chunks laid end to end are its books in its order, each with its progress, from the files,
/// the index and memory.
struct StreamedBooksDifferentialTests {
    /// The chunks of one listing, as the body sees them.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var books: [BookWithProgress] = []
        private var chunks: [Int] = []

        func add(_ chunk: [BookWithProgress]) {
            lock.withLock {
                books += chunk
                chunks.append(chunk.count)
            }
        }

        var value: ([BookWithProgress], [Int]) { lock.withLock { (books, chunks) } }
    }

    static func streamed(_ library: some LibraryCommands, _ query: Query, _ order: [BookSort], limit: Int?,
                         withProgress: Bool) async throws -> (books: [BookWithProgress], chunks: [Int], problems: [Problem]) {
        let collected = Collected()
        let problems = try await library.forEachBook(matching: query, sortedBy: order, limit: limit, withProgress: withProgress) {
            collected.add($0)
            return true
        }
        let (books, chunks) = collected.value
        return (books, chunks, problems)
    }

    @Test
    func theChunksLaidEndToEndAreTheListingWithItsProgress() async throws {
        var files = GeneratedLibrary.files(count: 1_100, seed: 71).merging(ProgressDifferentialTests.handwritten) { _, new in new }
        files["finished/broken.md"] = "---\ntitle: [unclosed\n---\n"
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        var random = SeededGenerator(seed: 72)
        var compared = 0
        for round in 0..<8 {
            let text = round < 2 ? "" : QueryDifferentialTests.query(&random)
            let query = try Query(parsing: text, today: testToday)
            let order = [BookSort(key: ["title", "rating", "progress", "added"].randomElement(using: &random) ?? "title",
                                  descending: Bool.random(using: &random))]
            let limit = [nil, 0, 5, 1_050].randomElement(using: &random) ?? nil
            let model: Listing<BookWithProgress>
            do throws(ShelfError) {
                model = try await three.direct.booksWithProgress(matching: query, sortedBy: order, limit: limit)
            } catch {
                guard case .invalidQuery = error else { throw error }
                continue
            }
            for library in [three.direct, three.indexed] {
                let own = try await library.booksWithProgress(matching: query, sortedBy: order, limit: limit)
                #expect(own.items.map(\.book.path) == model.items.map(\.book.path), "the index lists as the files: \(text)")
                for withProgress in [true, false] {
                    let streamed = try await Self.streamed(library, query, order, limit: limit, withProgress: withProgress)
                    #expect(streamed.books.map(\.book.path) == model.items.map(\.book.path), "\(text) by \(order) limit \(limit ?? -1)")
                    #expect(streamed.books.map(\.book) == model.items.map(\.book), "whole books: \(text)")
                    if withProgress {
                        #expect(streamed.books.map(\.progress) == model.items.map(\.progress), "progress: \(text)")
                        #expect(streamed.problems == own.problems, "problems: \(text)")
                    }
                    #expect(streamed.chunks.allSatisfy { $0 > 0 && $0 <= StreamedListing.chunk })
                    compared += 1
                }
            }
            let memory = try await Self.streamed(three.memory, query, order, limit: limit, withProgress: true)
            #expect(memory.books.map(\.book.path) == model.items.map(\.book.path), "memory: \(text)")
        }
        #expect(compared >= 16)
    }
}
