/// An author or tag and how many finished books have it.
package struct NameCount: Sendable, Hashable, Codable {
    /// The author's name or the tag.
    package var name: String
    /// Finished books.
    package var books: Int

    /// Creates a count.
    package init(name: String, books: Int) {
        self.name = name
        self.books = books
    }
}
