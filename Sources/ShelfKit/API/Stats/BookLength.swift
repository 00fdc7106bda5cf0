/// A book and its page count, for the longest and shortest read.
package struct BookLength: Sendable, Hashable, Codable {
    /// The book's slug.
    package var id: BookID
    /// The title.
    package var title: String
    /// The page count.
    package var pages: Int
}
