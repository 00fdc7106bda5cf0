/// A book and its page count, for the longest and shortest read.
public struct BookLength: Sendable, Hashable, Codable {
    /// The book's slug.
    public var id: BookID
    /// The title.
    public var title: String
    /// The page count.
    public var pages: Int

    /// Creates a length.
    public init(id: BookID, title: String, pages: Int) {
        self.id = id
        self.title = title
        self.pages = pages
    }
}
