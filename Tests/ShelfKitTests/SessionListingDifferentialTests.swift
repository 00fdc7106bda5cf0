import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `shelf sessions` of the whole library hands its lines on a chunk at a time
/// (``LibraryCommands/forEachSession(from:through:limit:wholeBooks:_:)``): from the index, each
/// session's pages read as stored, read in SQL's order and put in listing order where sessions
/// tie. The simple model is every session and every book, read from the files: its pages read
/// computed from each book's sessions, filtered by day and cut to the last `limit`. The two
/// agree from the files, from the index and in memory, on a library with sessions in every
/// unit, sessions of one minute on several devices, and a book whose file does not read.
struct SessionListingDifferentialTests {
    /// A book whose file does not read, with sessions in percent: their pages read are counted
    /// in their own unit, as without a book.
    static let unreadable: [String: String] = [
        "reading/unreadable.md": "---\ntitle: [Unclosed\n---\n",
        "reading/unreadable/2024-03-12.md": "---\nto: 10%\n---\n",
        "reading/unreadable/2024-03-14-0800.md": "---\nfrom: 10%\nto: 25%\n---\n",
    ]

    /// Sessions of the same day, time and sequence on several devices and books, which only
    /// their suffixes and paths put in order; SQL orders them by day, time and sequence alone.
    static let ties: [String: String] = [
        "reading/tied-a.md": "---\ntitle: Tied A\npages: 200\n---\n",
        "reading/tied-a/2024-03-12-0930-zz.md": "---\nfrom: 1\nto: 20\n---\n",
        "reading/tied-a/2024-03-12-0930-aa.md": "---\nfrom: 20\nto: 30\n---\n",
        "reading/tied-a/2024-03-12-0930.md": "---\npages: 4\n---\n",
        "finished/tied-b.md": "---\ntitle: Tied B\npages: 90\n---\n",
        "finished/tied-b/2024-03-12-0930-mm.md": "---\nfrom: 5\nto: 9\n---\n",
        "finished/tied-b/2024-03-12-0930-aa.md": "---\npages: 7\n---\n",
    ]

    /// What the command line would print: each session in listing order with the pages it
    /// read and its book's title, from every session and book.
    static func model(_ sessions: [ReadingSession], books: [Book], from first: Day?, through last: Day?,
                      limit: Int?) -> [String] {
        let byID = Dictionary(books.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = sessions.sorted(by: ReadingSession.listedBefore)
        let lines = zip(sorted, ReadingSession.pagesRead(ReadingSession.inPages(sorted, books: books)))
            .filter { session, _ in first.map { session.day >= $0 } ?? true }
            .filter { session, _ in last.map { session.day <= $0 } ?? true }
            .map { session, pages in "\(session.path) \(pages) \(byID[session.bookID]?.title ?? "-")" }
        return limit.map { Array(lines.suffix($0)) } ?? lines
    }

    static func lines(of library: some LibraryCommands, from first: Day?, through last: Day?, limit: Int?,
                      wholeBooks: Bool = false) async throws -> (lines: [String], chunks: [Int], books: [Book?], problems: [Problem]) {
        let collected = Collected()
        let problems = try await library.forEachSession(from: first, through: last, limit: limit, wholeBooks: wholeBooks) { chunk in
            collected.add(chunk)
            return true
        }
        let (lines, chunks, books) = collected.value
        return (lines, chunks, books, problems)
    }

    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private var chunks: [Int] = []
        private var books: [Book?] = []

        func add(_ chunk: [SessionLine]) {
            lock.withLock {
                chunks.append(chunk.count)
                lines += chunk.map { "\($0.session.path) \($0.pagesRead) \($0.book?.title ?? "-")" }
                books += chunk.map(\.book)
            }
        }

        var value: ([String], [Int], [Book?]) { lock.withLock { (lines, chunks, books) } }
    }

    @Test
    func theListedSessionsAreTheModelsFromEveryReader() async throws {
        var files = GeneratedLibrary.files(count: 1_200, seed: 53).merging(ProgressDifferentialTests.handwritten) { _, new in new }
        files.merge(Self.unreadable) { _, new in new }
        files.merge(Self.ties) { _, new in new }
        let three = try await ThreeReaders(files)
        defer { try? FileManager.default.removeItem(atPath: three.root) }
        let (direct, indexed, memory) = (three.direct, three.indexed, three.memory)
        let books = try await direct.books(matching: Query.all, sortedBy: [], limit: nil)
        let sessions = try await direct.sessions(since: nil)
        #expect(sessions.items.count > StreamedListing.chunk, "several chunks")

        let days: [Day?] = [nil, Day("2024-03-12"), Day("2030-01-01")]
        var compared = 0
        for first in days {
            for last in [nil, Day("2024-03-12")] as [Day?] {
                for limit in [nil, 0, 3, 1_500, 100_000] as [Int?] {
                    let model = Self.model(sessions.items, books: books.items, from: first, through: last, limit: limit)
                    // The files and memory list every session and cut in Swift: two limits
                    // try that; the index's SQL is tried with each.
                    let readers = limit == nil || limit == 3 ? [direct, indexed] : [indexed]
                    for library in readers {
                        let listed = try await Self.lines(of: library, from: first, through: last, limit: limit)
                        #expect(listed.lines == model, "\(String(describing: first)) \(String(describing: last)) \(String(describing: limit)) \(library.root)")
                        #expect(listed.chunks.allSatisfy { $0 > 0 && $0 <= StreamedListing.chunk })
                        #expect(Set(listed.problems).isSubset(of: Set(books.problems + sessions.problems)))
                        if first == nil, last == nil, limit == nil {
                            #expect(listed.problems.contains { $0.path == "reading/unreadable.md" })
                        }
                    }
                    if readers.count > 1 {
                        let inMemory = try await Self.lines(of: memory, from: first, through: last, limit: limit)
                        #expect(inMemory.lines == model, "in memory \(String(describing: first)) \(String(describing: limit))")
                    }
                    compared += model.count
                }
            }
        }
        #expect(compared > 5_000)

        // The tied sessions, in the order of their suffixes (none first), then of their paths;
        // and a limit that cuts their group keeps its last ones.
        let day = Day("2024-03-12")
        let ofTheDay = try await Self.lines(of: indexed, from: day, through: day, limit: nil).lines
        let tied = ofTheDay.filter { $0.contains("tied-") }.map { String($0.split(separator: " ")[0]) }
        #expect(tied == [
            "reading/tied-a/2024-03-12-0930.md", "finished/tied-b/2024-03-12-0930-aa.md", "reading/tied-a/2024-03-12-0930-aa.md",
            "finished/tied-b/2024-03-12-0930-mm.md", "reading/tied-a/2024-03-12-0930-zz.md",
        ])
        if let third = ofTheDay.firstIndex(where: { $0.hasPrefix("reading/tied-a/2024-03-12-0930-aa.md") }) {
            let limit = ofTheDay.count - third
            let cut = try await Self.lines(of: indexed, from: day, through: day, limit: limit).lines
            #expect(cut == Array(ofTheDay.suffix(limit)))
            #expect(cut == Self.model(sessions.items, books: books.items, from: day, through: day, limit: limit))
        }

        // Whole books, for a template: as the files read them.
        let whole = try await Self.lines(of: indexed, from: Day("2024-03-01"), through: nil, limit: nil, wholeBooks: true)
        let byPath = Dictionary(books.items.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for book in whole.books.compactMap({ $0 }) {
            #expect(book.authors == byPath[book.path]?.authors && book.body == byPath[book.path]?.body, "\(book.path)")
        }
        #expect(whole.books.compactMap { $0 }.count > 10)
    }

    @Test
    func aListingStopsWhenItsReaderAsks() async throws {
        let files = GeneratedLibrary.files(count: 300, seed: 53)
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for library in [try FileLibrary(root: root, index: .disabled), try FileLibrary(root: root)] {
            let calls = Collected()
            _ = try await library.forEachSession(from: nil, through: nil, limit: nil, wholeBooks: false) { chunk in
                calls.add(chunk)
                return false
            }
            #expect(calls.value.1.count == 1, "\(library.root)")
        }
    }
}
