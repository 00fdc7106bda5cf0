/// What an export file holds: the rows read as books, and a problem for each row skipped.
public struct ImportRows: Sendable, Hashable {
    /// The rows that could be read, in file order.
    public var books: [ImportedBook]
    /// One problem per row skipped, at its line: `goodreads.csv:14:12: My Rating should be 0 to 5, found "7"; row skipped`.
    public var skipped: [Problem]

    /// Creates a reading of a file.
    public init(books: [ImportedBook], skipped: [Problem]) {
        self.books = books
        self.skipped = skipped
    }
}
