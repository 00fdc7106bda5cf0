/// An author or tag and how many finished books have it.
public struct NameCount: Sendable, Hashable, Codable {
    /// The author's name or the tag.
    public var name: String
    /// Finished books.
    public var books: Int

    /// Creates a count.
    public init(name: String, books: Int) {
        self.name = name
        self.books = books
    }
}
