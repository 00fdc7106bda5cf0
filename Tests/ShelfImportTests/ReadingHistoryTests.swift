@testable import ShelfInterchange
import ShelfKit
import ShelfTestSupport
import Testing

/// The Goodreads export's `Author l-f`: the surname, with its particles and suffix, first.
struct AuthorLastFirstTests {
    @Test(arguments: [
        ("Ursula K. Le Guin", "Le Guin, Ursula K."),
        ("Frank Herbert", "Herbert, Frank"),
        ("Vincent van Gogh", "van Gogh, Vincent"),
        ("Ludwig van der Berg", "van der Berg, Ludwig"),
        ("Juana Inés de la Cruz", "de la Cruz, Juana Inés"),
        ("Martin Luther King Jr.", "King Jr., Martin Luther"),
        ("Martin Luther King, Jr.", "King Jr., Martin Luther"),
        ("Homer", "Homer"),
        ("Le Corbusier", "Corbusier, Le"),
    ])
    func surnameFirst(name: String, expected: String) {
        #expect(GoodreadsExport.lastFirst(name) == expected)
    }
}

/// An earlier read keeps every key through the import's account of a book's reads.
struct ReadingHistoryTests {
    @Test func aReadKeepsEveryKeyThroughTheImportsHistory() {
        var book = Book(title: "Dune", rating: 4, started: day("2024-01-02"))
        book.stopped = day("2024-01-20")
        book.beginNewRead(on: day("2024-03-01"))
        book.beginNewRead(on: day("2024-05-01"))
        let history = ReadingHistory(of: book)
        var written = book
        history.write(into: &written, finished: false)
        #expect(written.earlierReads == book.earlierReads)
        #expect(book.earlierReads == [BookRead(started: day("2024-01-02"), stopped: day("2024-01-20"), rating: 4),
                                      BookRead(started: day("2024-03-01"), rating: 4)])
    }
}

/// A day from `YYYY-MM-DD`.
private func day(_ text: String) -> Day {
    Day(text) ?? testToday
}
