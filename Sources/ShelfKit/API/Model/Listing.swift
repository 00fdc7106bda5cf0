/// What a read of many files found, and the problems of the files it had to skip.
///
/// A read never stops at a broken file: the file is left out of ``items`` and described in
/// ``problems``, so an app can show what it could and point at the rest (the CLI prints one
/// warning naming `shelf check`). Each result carries its own problems, so reads that run at
/// the same time never see each other's.
///
/// ```swift
/// let listing = try await library.books(matching: query, sortedBy: [], limit: 20)
/// show(listing.items)
/// if !listing.problems.isEmpty { warn(listing.problems) }
/// ```
///
/// The short forms of the reads, those without a `limit`, return the items alone, for code that
/// does not show problems.
public struct Listing<Item> {
    /// What was read, in the order the read promises.
    public var items: [Item]
    /// One problem per file skipped, or per value left out of an item, sorted by path and line.
    public var problems: [Problem]

    /// Creates a result of `items`, with the problems of the files left out.
    package init(_ items: [Item], problems: [Problem] = []) {
        self.items = items
        self.problems = problems
    }
}

extension Listing: Sendable where Item: Sendable {}
extension Listing: Equatable where Item: Equatable {}
extension Listing: Hashable where Item: Hashable {}

/// The books of a whole-library read (``LibraryReading/scan()``), in path order, and the
/// problems of the files that could not be read.
package typealias LibraryScan = Listing<Book>

extension Listing where Item == Book {
    /// The books read: ``items``, by their name.
    package var books: [Book] {
        get { items }
        set { items = newValue }
    }
}
