import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The progress the index keeps in its book rows (``IndexProgressColumns``) against progress
/// added up again from the files, however the index came to hold it: built with the sessions,
/// filled with them later, and kept up to date as files change. Re-reads (`reads` and a later
/// `started`) and sessions in pages, percent, locations and time are all in the library.
struct ProgressDifferentialTests {
    /// Books whose progress is easy to get wrong, beside a generated library.
    static let handwritten: [String: String] = [
        // Read before: the sessions of the first read, before `started`, are not the current one's.
        "reading/again.md": """
            ---
            title: Again
            pages: 300
            locations: 6000
            started: 2024-03-01
            reads: [{started: 2023-01-02, finished: 2023-02-01, rating: 4}]
            ---
            """,
        "reading/again/2023-01-05.md": "---\nfrom: 1\nto: 150\nminutes: 50\n---\n",
        "reading/again/2023-01-20-0800.md": "---\nfrom: 150\nto: 300\n---\n",
        "reading/again/2024-03-02.md": "---\nto: 20%\nminutes: 30\n---\n",
        "reading/again/2024-03-04.md": "---\npages: 30\n---\n",
        "reading/again/2024-03-06-0900.md": "---\nfrom: loc 2000\nto: loc 3000\nminutes: 40\n---\n",
        "reading/again/2024-03-06-0900-2.md": "---\npages: 5\n---\n",
        // An audiobook without pages: its percent comes from the time reached.
        "reading/audio.md": "---\ntitle: Audio\nduration: 10h\nstarted: 2024-02-01\n---\n",
        "reading/audio/2024-02-02.md": "---\nto: 3h20m\nminutes: 200\n---\n",
        "reading/audio/2024-02-03.md": "---\nfrom: 3h20m\nto: 5h\n---\n",
        // Finished twice; the current read began after every session.
        "finished/twice.md": """
            ---
            title: Twice
            pages: 120
            started: 2024-05-01
            finished: 2024-05-03
            reads:
              - {started: 2023-01-02, finished: 2023-01-09}
              - {started: 2023-06-01, stopped: 2023-06-04, stopped_page: 40}
            ---
            """,
        "finished/twice/2023-01-03.md": "---\nfrom: 1\nto: 120\n---\n",
        "finished/twice/2023-06-02.md": "---\nto: 40\n---\n",
        // Percent only, on a book without pages; and a session that cannot be read.
        "reading/percent.md": "---\ntitle: Percent\nstarted: 2024-01-01\n---\n",
        "reading/percent/2024-01-02.md": "---\nto: 45%\n---\n",
        "reading/percent/2024-01-03.md": "---\nfrom: 45%\nto: 60%\nminutes: 25\n---\n",
        "reading/percent/2024-01-04.md": "---\nfrom: [\n---\n",
    ]

    /// Each book's progress by path, from `booksWithProgress` and from `mapBooks`, which must agree.
    static func progress(_ library: some LibraryReading) async throws -> [String: ReadingProgress] {
        let listed = try await library.booksWithProgress(matching: .all, sortedBy: [], limit: nil).items
        let mapped = try await library.mapBooks(matching: .all, sortedBy: [], limit: nil, withProgress: true) { book, progress in
            (book.path, progress)
        }.items
        #expect(mapped.map(\.0) == listed.map(\.book.path))
        #expect(mapped.map(\.1) == listed.map(\.progress))
        return Dictionary(uniqueKeysWithValues: listed.map { ($0.book.path, $0.progress) })
    }

    @Test
    func progressFromTheIndexIsProgressAddedUpFromTheFiles() async throws {
        let files = GeneratedLibrary.files(count: 150, seed: 31).merging(Self.handwritten) { _, handwritten in handwritten }
        let root = try TemporaryFolder.make(with: files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let direct = try FileLibrary(root: root, index: .disabled, today: { testToday })
        let memory = InMemoryLibrary(today: { testToday })
        for (path, text) in files { try await memory.writeBehindTheLibrary(text, to: path) }

        // From the files, a third way: each book's own sessions, as `sessions(of:)` reads them.
        let expected = try await Self.progress(direct)
        #expect(try await Self.progress(memory) == expected)
        for book in try await direct.books() where book.id.rawValue != "percent" {
            #expect(expected[book.path] == ReadingProgress(try await direct.sessions(of: book.id), of: book), "\(book.path)")
        }
        // The cases above are what they mean to be: only the current read's sessions count,
        // and a book without pages has a fraction.
        #expect(expected["reading/again.md"]?.sessions == 4 && expected["finished/twice.md"]?.sessions == 0)
        #expect(expected["reading/audio.md"]?.fraction != nil && expected["reading/audio.md"]?.page == nil)
        #expect(expected["reading/percent.md"]?.sessions == 2 && expected["reading/percent.md"]?.fraction != nil)
        #expect(expected.values.filter { $0.sessions > 0 }.count > 30)

        // Built with the sessions: each book's totals go in with it.
        let built = try FileLibrary(root: root, today: { testToday })
        _ = try await built.refreshIndex(sessions: true)
        try await Self.expectStored(in: built, equal: expected)

        // Built without, then filled: every book's totals at once.
        try FileManager.default.removeItem(atPath: root + "/" + IndexOptions.path)
        let filled = try FileLibrary(root: root, today: { testToday })
        _ = try await filled.refreshIndex(sessions: false)
        _ = try await filled.refreshIndex(sessions: true)
        try await Self.expectStored(in: filled, equal: expected)

        // Kept up to date: a session added, one removed, one broken, a book's `started` and
        // length changed, a book read again.
        try TemporaryFolder.write("---\nfrom: 60%\nto: 70%\n---\n", to: root + "/reading/again/2024-03-09.md")
        try FileManager.default.removeItem(atPath: root + "/reading/audio/2024-02-03.md")
        try TemporaryFolder.write("---\nto: x\n---\n", to: root + "/reading/again/2024-03-04.md")
        let again = try #require(files["reading/again.md"])
        try TemporaryFolder.write(again.replacingOccurrences(of: "started: 2024-03-01", with: "started: 2023-01-10")
            .replacingOccurrences(of: "pages: 300", with: "pages: 250"), to: root + "/reading/again.md")
        let twice = try #require(files["finished/twice.md"])
        try TemporaryFolder.write(twice.replacingOccurrences(of: "started: 2024-05-01", with: "started: 2023-06-01"),
                                  to: root + "/finished/twice.md")
        let changed = try await Self.progress(direct)
        #expect(changed != expected)
        #expect(changed["reading/audio.md"]?.sessions == 1 && changed["finished/twice.md"]?.sessions == 1)
        #expect(changed["reading/again.md"]?.sessions == 5)
        try await Self.expectStored(in: filled, equal: changed)
        #expect(try await Self.progress(filled) == changed)
    }

    /// What `library`'s index holds for every book equals `expected`, read from its rows both
    /// one book at a time and in one scan, and with the books.
    static func expectStored(in library: FileLibrary, equal expected: [String: ReadingProgress],
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let index = try #require(try await library.refreshedIndex(sessions: true)?.0, sourceLocation: sourceLocation)
        #expect(try index.keepsSessions(), sourceLocation: sourceLocation)
        let books = try index.books(matching: nil).map(\.book)
        #expect(Set(books.map(\.path)) == Set(expected.keys), sourceLocation: sourceLocation)
        /// The paths whose progress is not the expected one, a few of them.
        func wrong(_ stored: [String: ReadingProgress?]) -> [String] {
            Array(expected.keys.filter { stored[$0] != .some(expected[$0]) }.sorted().prefix(5))
        }
        let scanned = try index.progress(of: books)
        #expect(wrong(scanned.mapValues { $0 }).isEmpty && scanned.count == expected.count, "\(wrong(scanned.mapValues { $0 }))",
                sourceLocation: sourceLocation)
        var oneByOne: [String: ReadingProgress?] = [:]
        for book in books { oneByOne[book.path] = try index.progress(of: [book])[book.path] }
        #expect(wrong(oneByOne).isEmpty, "\(wrong(oneByOne))", sourceLocation: sourceLocation)
        let listed = try index.books(matching: nil, progress: true) { book, _, progress in (book.path, progress) }
        let withBooks = Dictionary(uniqueKeysWithValues: listed)
        #expect(wrong(withBooks).isEmpty && withBooks.count == expected.count, "\(wrong(withBooks))", sourceLocation: sourceLocation)
    }
}
