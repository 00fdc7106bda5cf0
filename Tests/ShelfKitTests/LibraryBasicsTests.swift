import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Adding, reading, querying and sorting, against both implementations.
struct LibraryBasicsTests {
    @Test(arguments: LibraryKind.allCases)
    func addWritesCanonicalFile(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let added = try await test.library.add(.dune, to: .finished, in: "sci-fi")
        #expect(added.path == "finished/sci-fi/dune.md")
        #expect(added.status == .finished)
        #expect(added.folder == "sci-fi")
        #expect(added.seriesIndex == 1)
        let text = await test.text("finished/sci-fi/dune.md")
        #expect(text == """
            ---
            title: Dune
            authors: [Frank Herbert]
            isbn: "9780441172719"
            published: 1965
            pages: 412
            publisher: Ace
            series: Dune
            series_index: 1
            tags: [sci-fi, classic]
            rating: 5
            added: 2023-12-26
            started: 2024-01-02
            finished: 2024-02-11
            format: paperback
            ---

            Slow first hundred pages.

            """)
        #expect(try await test.library.book("dune") == added)
    }

    @Test(arguments: LibraryKind.allCases)
    func addDerivesSlugAndDefaultsAdded(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        let book = try await test.library.add(Book(title: "Cien años de soledad: Novela"), to: .toRead, in: "")
        #expect(book.id == "cien-anos-de-soledad-novela")
        #expect(book.added == testToday)
        #expect(await test.text("to-read/cien-anos-de-soledad-novela.md") == """
            ---
            title: "Cien años de soledad: Novela"
            added: 2024-03-15
            ---

            """)
    }

    @Test(arguments: LibraryKind.allCases)
    func addRefusesBadInput(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "sci-fi")
        await expectError(.alreadyExists(path: "finished/sci-fi/dune.md")) {
            try await test.library.add(Book(title: "Dune"), to: .toRead, in: "")
        }
        await expectError(.unknownStatus(name: "done", known: ["to-read", "reading", "finished", "abandoned"])) {
            try await test.library.add(Book(title: "X"), to: "done", in: "")
        }
        await expectError(.unsafeName(name: "../x", reason: "\".\" and \"..\" would leave the folder")) {
            try await test.library.add(Book(title: "X"), to: .toRead, in: "../x")
        }
        await expectError(.unsafeName(name: "/etc", reason: "a folder must be relative to its status")) {
            try await test.library.add(Book(title: "X"), to: .toRead, in: "/etc")
        }
        await expectError(.unsafeName(name: "a//b", reason: "a name cannot be empty")) {
            try await test.library.add(Book(title: "X"), to: .toRead, in: "a//b")
        }
        await expectError(.unsafeName(name: "../evil", reason: "names starting with \".\" are hidden")) {
            try await test.library.add(Book(id: "../evil", title: "X"), to: .toRead, in: "")
        }
        await expectError(.unsafeName(name: "a/b", reason: "a name cannot contain \"/\"")) {
            try await test.library.add(Book(id: "a/b", title: "X"), to: .toRead, in: "")
        }
        let long = String(repeating: "a", count: 300)
        await expectError(.unsafeName(name: long, reason: "longer than 252 bytes")) {
            try await test.library.add(Book(id: BookID(long), title: "X"), to: .toRead, in: "")
        }
        await expectError(.invalidValue(path: "to-read/x.md", key: "title", value: " ", reason: "is empty; every book needs a title",
                                        at: nil)) {
            try await test.library.add(Book(id: "x", title: " "), to: .toRead, in: "")
        }
        await expectError(.invalidValue(path: "to-read/x.md", key: "rating", value: "4.3",
                                        reason: "should be between 0.5 and 5 in steps of 0.5", at: nil)) {
            try await test.library.add(Book(id: "x", title: "X", rating: 4.3), to: .toRead, in: "")
        }
        #expect(await !test.exists("to-read/x.md"))
    }

    @Test(arguments: LibraryKind.allCases)
    func queriesSortsAndLimits(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add([
            NewBook(.dune, to: .finished, in: "sci-fi"),
            NewBook(Book(title: "Solaris", authors: ["Stanisław Lem"], pages: 204, tags: ["Sci-Fi"], rating: 4,
                  finished: day("2023-05-01")), to: .finished, in: "sci-fi/classics"),
            NewBook(Book(title: "Cien años de soledad", authors: ["Gabriel García Márquez"], pages: 417), to: .reading, in: "fiction"),
            NewBook(Book(title: "Abandoned Thing", authors: ["Nobody"], body: "Too much about whales."), to: .abandoned, in: ""),
            NewBook(Book(title: "Circe", authors: ["Madeline Miller"], rating: 4.5), to: .toRead, in: ""),
        ])
        func ids(_ query: BookQuery, _ order: [BookSort] = [], limit: Int? = nil) async throws -> [String] {
            try await test.library.books(matching: query, sortedBy: order, limit: limit).items.map(\.id.rawValue)
        }
        #expect(try await ids(BookQuery()) == ["abandoned-thing", "cien-anos-de-soledad", "circe", "dune", "solaris"])
        #expect(try await ids(BookQuery(statuses: [.finished, .reading])) == ["cien-anos-de-soledad", "dune", "solaris"])
        #expect(try await ids(BookQuery(folder: "sci-fi")) == ["dune", "solaris"])
        #expect(try await ids(BookQuery(folder: "sci-fi/classics")) == ["solaris"])
        #expect(try await ids(BookQuery(folder: "sci")) == [])
        #expect(try await ids(BookQuery(author: "garcia marquez")) == ["cien-anos-de-soledad"])
        #expect(try await ids(BookQuery(author: "LEM")) == ["solaris"])
        #expect(try await ids(BookQuery(tag: "SCI-FI")) == ["dune", "solaris"])
        #expect(try await ids(BookQuery(tag: "sci")) == [])
        #expect(try await ids(BookQuery(text: "whales")) == ["abandoned-thing"])
        #expect(try await ids(BookQuery(text: "AÑOS")) == ["cien-anos-de-soledad"])
        #expect(try await ids(BookQuery(rating: 4.5...5)) == ["circe", "dune"])
        #expect(try await ids(BookQuery(finished: day("2024-01-01")...day("2024-12-31"))) == ["dune"])
        #expect(try await ids(BookQuery(pages: 300...500)) == ["cien-anos-de-soledad", "dune"])
        #expect(try await ids(BookQuery(added: testToday...testToday)) == ["abandoned-thing", "cien-anos-de-soledad", "circe", "solaris"])
        #expect(try await ids(BookQuery(), [BookSort(.rating, descending: true)])
                == ["dune", "circe", "solaris", "abandoned-thing", "cien-anos-de-soledad"])
        #expect(try await ids(BookQuery(), [BookSort(.rating)])
                == ["solaris", "circe", "dune", "abandoned-thing", "cien-anos-de-soledad"])
        #expect(try await ids(BookQuery(), [BookSort(.status)])
                == ["circe", "cien-anos-de-soledad", "dune", "solaris", "abandoned-thing"])
        #expect(try await ids(BookQuery(), [BookSort(.author)])
                == ["dune", "cien-anos-de-soledad", "circe", "abandoned-thing", "solaris"])
        #expect(try await ids(BookQuery(), [BookSort(.pages, descending: true)], limit: 2) == ["cien-anos-de-soledad", "dune"])
        #expect(try await ids(BookQuery(), limit: 0) == [])
    }

    @Test(arguments: LibraryKind.allCases)
    func wrongTypesAreLeftOutAndReportedAndBrokenFilesSkipped(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .finished, in: "")
        try await test.write("---\ntitle: Many\npages: many\n---\n", to: "to-read/many.md")
        try await test.write("---\ntitle: [broken\n---\n", to: "to-read/broken.md")
        // A value of the wrong type is left out of the book, not the book out of the library.
        let many = try await test.library.book("many")
        #expect(many.title == "Many" && many.pages == nil)
        #expect(ShelfError.invalidValue(path: "to-read/many.md", key: "pages", value: "many", reason: "should be a whole number",
                                        at: SourceLocation(line: 3, column: 8)).description
                == "to-read/many.md:3:8: pages should be a whole number, found \"many\"")
        let listing = try await test.library.books(matching: BookQuery(), sortedBy: [], limit: nil)
        #expect(listing.books.map(\.id) == ["dune", "many"])
        let problems = listing.problems
        #expect(problems.map(\.path) == ["to-read/broken.md", "to-read/many.md"])
        #expect(problems.last?.description == "to-read/many.md:3:8: pages should be a whole number, found \"many\"")
        let scan = try await test.library.scan()
        #expect(scan.books.count == 2 && scan.problems == problems)

        // Changing another key leaves the bad line as the person wrote it; setting it replaces it.
        var rated = many
        rated.rating = 3
        let updated = try await test.library.update(rated)
        #expect(await test.text("to-read/many.md") == "---\ntitle: Many\npages: many\nrating: 3\n---\n")
        var paged = updated
        paged.pages = 120
        _ = try await test.library.update(paged)
        #expect(await test.text("to-read/many.md") == "---\ntitle: Many\npages: 120\nrating: 3\n---\n")
    }

    /// Each read hands back the problems of the files it read, not those of a read running
    /// beside it on the same library.
    @Test(arguments: LibraryKind.allCases)
    func concurrentReadsEachCarryTheirOwnProblems(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.library.add(.dune, to: .reading, in: "")
        try await test.library.add(Book(title: "Emma", authors: ["Jane Austen"]), to: .finished, in: "")
        try await test.write("---\ntitle: [broken\n---\n", to: "to-read/broken.md")
        try await test.write("---\nfrom: [\n---\n", to: "reading/dune/2026-11-20.md")
        let library = test.library
        let finished = try Query(parsing: "status:finished", today: day("2026-11-22"))
        let reading = try Query(parsing: "status:reading", today: day("2026-11-22"))
        for _ in 0..<10 {
            async let books = library.books(matching: BookQuery(), sortedBy: [], limit: nil)
            async let sessions = library.sessions(since: nil)
            async let finishedProgress = library.booksWithProgress(matching: finished, sortedBy: [], limit: nil)
            async let readingProgress = library.booksWithProgress(matching: reading, sortedBy: [], limit: nil)
            let (bookList, sessionList) = try await (books, sessions)
            let (finishedList, readingList) = try await (finishedProgress, readingProgress)
            #expect(bookList.books.map(\.id) == ["dune", "emma"])
            #expect(bookList.problems.map(\.path) == ["to-read/broken.md"])
            #expect(sessionList.items.isEmpty)
            #expect(sessionList.problems.map(\.path) == ["reading/dune/2026-11-20.md"])
            #expect(finishedList.items.map(\.book.id) == ["emma"])
            #expect(finishedList.problems.map(\.path) == ["to-read/broken.md"])
            #expect(readingList.items.map(\.book.id) == ["dune"])
            #expect(readingList.problems.map(\.path) == ["reading/dune/2026-11-20.md", "to-read/broken.md"])
        }
    }

    @Test(arguments: LibraryKind.allCases)
    func readsEveryField(_ kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        defer { test.remove() }
        try await test.write("""
            ---
            title: 1984
            subtitle: A Novel
            authors: George Orwell
            isbn: 0451524934
            published: 1949-06-08
            pages: "328"
            language: no
            series_index: 1.5
            tags:
              - dystopia
            rating: 4.5
            status: finished
            custom: {a: 1}
            ---
            Body without a blank line.
            """, to: "reading/classics/1984.md")
        let book = try await test.library.book("1984")
        #expect(book.title == "1984")
        #expect(book.subtitle == "A Novel")
        #expect(book.authors == ["George Orwell"])
        #expect(book.isbn == "0451524934")
        #expect(book.published == .day(day("1949-06-08")))
        #expect(book.published?.year == 1949)
        #expect(book.pages == 328)
        #expect(book.language == "no")
        #expect(book.seriesIndex == 1.5)
        #expect(book.tags == ["dystopia"])
        #expect(book.rating == 4.5)
        #expect(book.status == .reading)
        #expect(book.folder == "classics")
        #expect(book.extra == [.init("status", .string("finished")), .init("custom", .mapping([.init("a", .int(1))]))])
        #expect(book.extra("status") == .string("finished"))
        #expect(book.body == "Body without a blank line.")
        let json = try JSONEncoder().encode(book)
        var decoded = try JSONDecoder().decode(Book.self, from: json)
        // JSON objects have no key order, so compare the extra keys as a set.
        #expect(Set(decoded.extra.map(\.key)) == Set(book.extra.map(\.key)))
        decoded.extra = book.extra
        #expect(decoded == book)
    }
}
