public import ShelfKit

/// One row of an export, read: the book it describes and the status it should have.
public struct ImportedBook: Sendable, Hashable {
    /// The book's fields. `id`, `folder` and `path` are empty; `status` equals ``status``.
    public var book: Book
    /// The library status the row maps to.
    public var status: Status
    /// The line of the export the row starts on, for messages.
    public var line: Int
    /// Values of the row put aside while reading it, each naming its column; the import reports
    /// them as warnings at the row's line.
    var warnings: [ImportRowError] = []

    /// Creates a row's result.
    public init(book: Book, status: Status, line: Int) {
        self.book = book
        self.status = status
        self.line = line
    }
}
