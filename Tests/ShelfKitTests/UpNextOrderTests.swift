@testable import ShelfKit
import ShelfTestSupport
import Testing

/// The up-next order of the books to read: `next: N` in each book, the rest by `added`.
struct UpNextOrderTests {
    private func books() -> [Book] {
        [
            Book(id: "a", status: .toRead, title: "A", added: day("2026-01-03")),
            Book(id: "b", status: .toRead, title: "B", added: day("2026-01-01"), next: 2),
            Book(id: "c", status: .toRead, title: "C", added: day("2026-01-02")),
            Book(id: "d", status: .toRead, title: "D", added: day("2026-01-05"), next: 1),
            Book(id: "e", status: .reading, title: "E", added: day("2025-01-01"), next: 3),
            Book(id: "f", status: .toRead, title: "F"),
        ]
    }

    @Test func placedBooksComeFirstThenByAdded() {
        let order = UpNextOrder(books: books(), configuration: .default)
        #expect(order.books.map(\.id) == ["d", "b", "c", "a", "f"])
        #expect(order.placed.map(\.id) == ["d", "b"])
    }

    /// The first places found in one pass are the head of the whole order, whatever the limit,
    /// on places alike in some parts and in all (a slug twice), and the whole order is the books'.
    @Test func theFirstPlacesAreTheHeadOfTheWholeOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0...40, using: &generator)
            let books = (0..<count).map { position in
                Book(id: BookID("b\(Int.random(in: 0...9, using: &generator))"), status: .toRead, path: "to-read/\(position).md", title: "T",
                     added: Bool.random(using: &generator) ? day("2026-01-0\(Int.random(in: 1...3, using: &generator))") : nil,
                     next: Bool.random(using: &generator) ? Int.random(in: 1...4, using: &generator) : nil)
            }
            let places = books.map(UpNextOrder.Place.init)
            let whole = UpNextOrder(books: books, configuration: .default).books.map(\.path)
            #expect(UpNextOrder.first(nil, of: places).map(\.path) == whole)
            for limit in [1, 2, 5, count + 1] {
                #expect(UpNextOrder.first(limit, of: places).map(\.path) == Array(whole.prefix(limit)), "\(limit) of \(count)")
            }
        }
    }

    /// Putting a book first renumbers the others with a place and returns only what changes.
    @Test func placingRenumbersThePlacedBooks() throws {
        let order = UpNextOrder(books: books(), configuration: .default)
        let first = try order.placing(Book(id: "c", status: .toRead, title: "C"), at: 1)
        #expect(first.map { "\($0.id)=\($0.next ?? 0)" } == ["c=1", "d=2", "b=3"])
        let second = try order.placing(Book(id: "a", status: .toRead, title: "A"), at: 2)
        #expect(second.map { "\($0.id)=\($0.next ?? 0)" } == ["a=2", "b=3"])
        let last = try order.placingLast(Book(id: "d", status: .toRead, title: "D"))
        #expect(last.map { "\($0.id)=\($0.next ?? 0)" } == ["b=1", "d=2"])
        let far = try order.placing(Book(id: "f", status: .toRead, title: "F"), at: 40)
        #expect(far.map { "\($0.id)=\($0.next ?? 0)" } == ["f=3"])
        #expect(try order.placing(Book(id: "d", status: .toRead, title: "D"), at: 1).isEmpty)
    }

    @Test func removingMovesTheLaterPlacesUp() throws {
        let order = UpNextOrder(books: books(), configuration: .default)
        let removed = try order.removing(Book(id: "d", status: .toRead, title: "D"))
        #expect(removed.map { "\($0.id)=\($0.next.map(String.init) ?? "-")" } == ["d=-", "b=1"])
        #expect(try order.removing(Book(id: "a", status: .toRead, title: "A")).isEmpty)
    }

    @Test func aBookNotToReadHasNoPlace() {
        let order = UpNextOrder(books: books(), configuration: .default)
        #expect(throws: ShelfError.notToRead("e", status: "reading")) {
            try order.placing(Book(id: "e", status: .reading, title: "E"), at: 1)
        }
    }

    /// Starting a book takes it out of the order in the same write; moving it back keeps it out.
    @Test(arguments: LibraryKind.allCases) func startingABookRemovesNext(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        try await library.add(Book(title: "Dune", next: 1), to: .toRead, in: "")
        let started = try await library.move("dune", to: .reading, folder: nil)
        #expect(started.next == nil)
        #expect(await test.text("reading/dune.md")?.contains("next:") == false)
        let order = UpNextOrder(books: try await library.books(), configuration: library.configuration)
        #expect(order.books.isEmpty)
        // A first session starts the book too.
        try await library.add(Book(title: "Circe", next: 1), to: .toRead, in: "")
        try await library.log(ReadingSession(day: testToday, pages: 10), for: "circe", pagesTotal: nil)
        #expect(try await library.book("circe").next == nil)
        #expect(try await library.book("circe").status == .reading)
    }

    /// The writes of a reorder go in one update; stale copies conflict rather than overwrite.
    @Test(arguments: LibraryKind.allCases) func reorderingWritesOnlyTheChangedBooks(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        for (title, next) in [("One", 1), ("Two", 2)] { try await library.add(Book(title: title, next: next), to: .toRead, in: "") }
        try await library.add(Book(title: "Three"), to: .toRead, in: "")
        let order = UpNextOrder(books: try await library.books(), configuration: library.configuration)
        try await library.update(try order.placing(try await library.book("three"), at: 1))
        let after = UpNextOrder(books: try await library.books(), configuration: library.configuration)
        #expect(after.books.map { "\($0.id)=\($0.next ?? 0)" } == ["three=1", "one=2", "two=3"])
        #expect(await test.text("to-read/three.md")?.contains("\nnext: 1\n") == true)
    }
}

/// `Library.abandon(_:on:atPage:)`: `stopped_page` from the page given or the sessions.
struct AbandonPageAPITests {
    @Test(arguments: LibraryKind.allCases) func abandonSetsTheStoppedPage(kind: LibraryKind) async throws {
        let test = try TestLibrary.make(kind)
        let library = test.library
        try await library.add(Book(title: "Dune", pages: 100), to: .toRead, in: "")
        try await library.log(ReadingSession(day: testToday, from: 1, to: 40), for: "dune", pagesTotal: nil)
        let abandoned = try await library.abandon("dune", on: nil, atPage: nil)
        #expect(abandoned.stoppedPage == 40)
        #expect(abandoned.status == .abandoned)
        await #expect(throws: ShelfError.invalidValue(path: "abandoned/dune.md", key: "stopped_page", value: "101",
                                                      reason: "is past the book's last page, 100", at: nil)) {
            try await library.abandon("dune", on: nil, atPage: 101)
        }
        #expect(try await library.abandon("dune", on: nil, atPage: 60).stoppedPage == 60)
    }
}
