/// An author or tag and how many finished books have it.
package struct NameCount: Sendable, Hashable, Codable {
    /// The author's name or the tag.
    package var name: String
    /// Finished books.
    package var books: Int
}
