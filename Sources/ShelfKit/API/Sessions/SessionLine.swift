/// A session as a listing of sessions prints it: with the pages it read after the one before
/// it of its book, and its book.
package struct SessionLine: Sendable {
    /// The session, as its file reads.
    package var session: ReadingSession
    /// The pages it read after the one before it of its book, in pages whatever unit its
    /// positions are in (``ReadingSession/pagesRead(_:)``).
    package var pagesRead: Int
    /// Its book, whole or only its id and title as the listing asked; `nil` when the book's
    /// file does not read.
    package var book: Book?

    package init(session: ReadingSession, pagesRead: Int, book: Book?) {
        self.session = session
        self.pagesRead = pagesRead
        self.book = book
    }
}
