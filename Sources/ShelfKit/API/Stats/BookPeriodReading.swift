/// What one book's sessions of a period read: a line of `shelf today`.
package struct BookPeriodReading: Sendable, Hashable, Codable {
    /// The book.
    package var id: BookID
    /// Its title; the slug when the book could not be read.
    package var title: String
    /// Sessions in the period.
    package var sessions: Int
    /// Pages they read, each counted after the session before it of the book
    /// (``ReadingSession/pagesRead(_:)``).
    package var pages: Int
    /// Their minutes, where given.
    package var minutes: Int

    /// Creates a line.
    package init(id: BookID, title: String, sessions: Int, pages: Int, minutes: Int) {
        self.id = id
        self.title = title
        self.sessions = sessions
        self.pages = pages
        self.minutes = minutes
    }
}
