/// One result of ``LibraryReading/search(_:limit:highlight:)``: a book or a session note.
public struct SearchHit: Sendable, Hashable {
    /// Where the words were found.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// In the book's title, subtitle, authors, tags, series or body.
        case book
        /// In the note of one of its reading sessions.
        case session
    }

    /// A book or a session.
    public var kind: Kind
    /// The book, or the book the session belongs to.
    public var bookID: BookID
    /// That book's title.
    public var title: String
    /// The file, relative to the library root.
    public var path: String
    /// The 1-based line of the first match in the file.
    public var line: Int
    /// That line, shortened around the match, with the matched words between the highlight markers.
    public var snippet: String
    /// Higher is better: matches in the title count most, then authors, tags and series, then text.
    package var score: Double

    /// Creates a hit.
    package init(kind: Kind, bookID: BookID, title: String, path: String, line: Int, snippet: String, score: Double) {
        self.kind = kind
        self.bookID = bookID
        self.title = title
        self.path = path
        self.line = line
        self.snippet = snippet
        self.score = score
    }
}

/// The markers put around matched words in a ``SearchHit/snippet``.
public struct SearchHighlight: Sendable, Hashable {
    /// Put before a match.
    public var start: String
    /// Put after a match.
    public var end: String

    /// Creates markers.
    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    /// `«match»`, for plain text.
    public static let guillemets = SearchHighlight(start: "«", end: "»")
    /// Bold on a terminal.
    package static let ansiBold = SearchHighlight(start: "\u{1B}[1m", end: "\u{1B}[0m")
    /// No markers.
    public static let none = SearchHighlight(start: "", end: "")
}
