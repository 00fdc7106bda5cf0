/// The order the books still to read will be read in: `shelf next`.
///
/// The order is plain text in the books: `next: 1` is first, a smaller number is sooner, and the
/// books without `next` follow, oldest `added` first (a book without `added` after them, ties
/// by slug). Only books in the status with the to-read role are in it; a book that leaves that
/// status loses its `next` in the same write (`LibraryFiles.planMove`: `start`, a first logged
/// session, any move).
///
/// Changing the order gives the books to write, all of them in one
/// ``LibraryWriting/update(_:)-([Book])``, so the numbers never end up half renumbered:
///
/// ```swift
/// let order = UpNextOrder(books: try await library.books(), configuration: library.configuration)
/// try await library.update(try order.placing(try await library.book("circe"), at: 1))
/// ```
package struct UpNextOrder: Sendable, Hashable {
    /// The books to read, first to read first.
    package private(set) var books: [Book]
    /// The status that plays the to-read role.
    package let status: Status

    /// Orders the books of `books` that are in the to-read status.
    package init(books: [Book], configuration: LibraryConfiguration) {
        let status = configuration.status(for: .toRead)
        self.status = status
        // Sorted by their places, then put in that order: sorting the books themselves moves
        // each whole book at every swap, a quarter of `shelf next` of 45,000 books.
        let members = books.filter { $0.status == status }
        let places = members.map(Place.init)
        self.books = places.indices.sorted { Self.comesFirst(places[$0], places[$1]) }.map { members[$0] }
    }

    /// What a book's place in the order is made of, and where the book is.
    package struct Place: Sendable, Hashable {
        var next: Int?
        var added: Day?
        var id: String
        /// The book's path in the library.
        package var path: String

        /// The place of `book`.
        package init(_ book: Book) {
            self.init(next: book.next, added: book.added, id: book.id.rawValue, path: book.path)
        }

        init(next: Int?, added: Day?, id: String, path: String = "") {
            self.next = next
            self.added = added
            self.id = id
            self.path = path
        }
    }

    /// The places the first books up next are among, and how many books there are to read
    /// (``LibraryCommands/upNext(limit:)``): every place, or the first few in an order that
    /// ``first(_:of:)`` finishes.
    package struct Candidates: Sendable {
        /// The places, of which ``first(_:of:)`` gives the first in up-next order.
        package var places: [Place]
        /// How many books there are to read.
        package var total: Int
        /// The problems of the book files the places leave out.
        package var problems: [Problem] = []
    }

    /// The first books up next, as `shelf next` lists them: read whole, with the number of books
    /// to read in all, from the places of every one (``LibraryCommands/upNext(limit:)``).
    package struct Page: Sendable {
        /// The first books to read, first to read first.
        package var books: [Book]
        /// How many books there are to read.
        package var total: Int
        /// The problems of the book files skipped.
        package var problems: [Problem]
    }

    /// The first `limit` of `places` in up-next order (all when `nil`): of the books to read, the
    /// order their books are read in. Places alike in every part keep their order in `places`.
    ///
    /// With a limit, one pass keeps the first ones found so far, sorted: sorting 45,000 places
    /// to keep 20 copied each place at every step of the merge, most of `shelf next`.
    package static func first(_ limit: Int?, of places: [Place]) -> [Place] {
        func precedes(_ a: Int, _ b: Int) -> Bool {
            comesFirst(places[a], places[b]) || (!comesFirst(places[b], places[a]) && a < b)
        }
        guard let limit else { return places.indices.sorted(by: precedes).map { places[$0] } }
        var kept: [Int] = []
        for position in places.indices {
            if kept.count >= limit, let last = kept.last, !precedes(position, last) { continue }
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(kept[middle], position) { low = middle + 1 } else { high = middle }
            }
            kept.insert(position, at: low)
            if kept.count > limit { kept.removeLast() }
        }
        return kept.map { places[$0] }
    }

    /// Whether `a` is read before `b`: by `next`, then the books without it by `added`.
    private static func comesFirst(_ a: Place, _ b: Place) -> Bool {
        switch (a.next, b.next) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: break
        }
        switch (a.added, b.added) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.id < b.id
        }
    }

    /// The books that have a place (`next`), in order.
    package var placed: [Book] { books.filter { $0.next != nil } }

    /// The books to write to put `book` at `position` among the books with a place (1 first; a
    /// position past them puts it after them): those places numbered 1, 2, 3… in order. Only
    /// books whose number changes are returned.
    /// - Throws: ``ShelfError/notToRead(_:status:)`` for a book not in ``books``.
    package func placing(_ book: Book, at position: Int) throws(ShelfError) -> [Book] {
        let book = try member(book)
        var placed = placed.filter { $0.id != book.id }
        placed.insert(book, at: min(max(position, 1), placed.count + 1) - 1)
        return Self.numbered(placed)
    }

    /// The books to write to put `book` after every book with a place.
    package func placingLast(_ book: Book) throws(ShelfError) -> [Book] {
        try placing(book, at: Int.max)
    }

    /// The books to write to take `book` out of the order (it then follows by `added`), the places
    /// after it moving up; empty when it has no place.
    package func removing(_ book: Book) throws(ShelfError) -> [Book] {
        var book = try member(book)
        guard book.next != nil else { return [] }
        book.next = nil
        return [book] + Self.numbered(placed.filter { $0.id != book.id })
    }

    /// `book` as ``books`` holds it.
    private func member(_ book: Book) throws(ShelfError) -> Book {
        guard let member = books.first(where: { $0.id == book.id }) else {
            throw .notToRead(book.id, status: book.status.name)
        }
        return member
    }

    /// `books` given the places 1, 2, 3…: those whose place changes.
    private static func numbered(_ books: [Book]) -> [Book] {
        books.enumerated().compactMap { offset, book in
            guard book.next != offset + 1 else { return nil }
            var book = book
            book.next = offset + 1
            return book
        }
    }
}
