/// What one book's sessions of a period read: a line of `shelf today`.
public struct BookPeriodReading: Sendable, Hashable, Codable {
    /// The book.
    public var id: BookID
    /// Its title; the slug when the book could not be read.
    public var title: String
    /// Sessions in the period.
    public var sessions: Int
    /// Pages they read, each counted after the session before it of the book
    /// (``ReadingSession/pagesRead(_:)``).
    public var pages: Int
    /// Their minutes, where given.
    public var minutes: Int

    /// Creates a line.
    public init(id: BookID, title: String, sessions: Int, pages: Int, minutes: Int) {
        self.id = id
        self.title = title
        self.sessions = sessions
        self.pages = pages
        self.minutes = minutes
    }
}
