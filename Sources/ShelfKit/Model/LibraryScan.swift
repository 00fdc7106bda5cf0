/// The books of a whole-library read, and the problems of the files that could not be read.
///
/// Listing never stops at a broken file: it is skipped and described here, so a command can
/// show what it could and print one warning pointing at `shelf check`.
public struct LibraryScan: Sendable, Hashable {
    /// The books that read cleanly, in path order.
    public var books: [Book]
    /// One problem per file skipped.
    public var problems: [Problem]

    /// Creates a scan result.
    public init(books: [Book], problems: [Problem]) {
        self.books = books
        self.problems = problems
    }
}
