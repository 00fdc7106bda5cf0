public import ShelfKit

/// What an export file holds: the rows read as books, and a problem for each row skipped.
public struct ImportRows: Sendable, Hashable {
    /// The rows that could be read, in file order.
    public var books: [ImportedBook]
    /// One problem per row skipped, at its line: `goodreads.csv:14:12: My Rating should be 0 to 5, found "7"; row skipped`.
    public var skipped: [Problem]
    /// Rows imported with something left out or put aside, at the field concerned:
    /// `goodreads.csv:14:7: ISBN13 "978152939268" is not a valid ISBN (12 digits); kept as isbn_invalid`.
    public var warnings: [Problem]
    /// Rows read whose status column (`Read Status`, `Exclusive Shelf`) is empty; they went to
    /// the status ``ImportOptions/noStatus`` is mapped to, else to the first status.
    public var withoutStatus: Int

    /// Creates a reading of a file.
    public init(books: [ImportedBook], skipped: [Problem], warnings: [Problem] = [], withoutStatus: Int = 0) {
        self.books = books
        self.skipped = skipped
        self.warnings = warnings
        self.withoutStatus = withoutStatus
    }
}
