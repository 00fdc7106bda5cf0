/// A book or a session as full-text search sees it: its text columns, and whose it is.
struct SearchDocument: Sendable {
    var kind: SearchHit.Kind
    var path: String
    var book: Book
    /// In ``BookFacts/documentColumns(of:)`` order.
    var columns: [String]

    init(book: Book) {
        self.kind = .book
        self.path = book.path
        self.book = book
        self.columns = BookFacts.documentColumns(of: book)
    }

    init(session: ReadingSession, of book: Book) {
        self.kind = .session
        self.path = session.path
        self.book = book
        self.columns = BookFacts.documentColumns(of: session)
    }
}
