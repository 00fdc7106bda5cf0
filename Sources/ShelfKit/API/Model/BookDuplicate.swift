/// A book already in the library that another may be a copy of, as
/// ``LibraryReading/duplicates(of:)`` finds it.
package struct BookDuplicate: Sendable, Hashable {
    /// What the two books share.
    package enum Reason: Sendable, Hashable {
        /// The same ISBN, compared as ISBN-13 (`0441172717` is `9780441172719`), hyphens and spaces ignored.
        case isbn(String)
        /// The same title and first author, compared without case and accents.
        case titleAndFirstAuthor
    }

    /// The book already in the library.
    package var book: Book
    /// What it shares with the other.
    package var reason: Reason
}
