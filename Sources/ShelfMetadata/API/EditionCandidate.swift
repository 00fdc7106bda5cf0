/// One edition a search found, as a person picks among them: what tells editions apart.
public struct EditionCandidate: Sendable, Hashable {
    /// The source's id of the edition, to read it whole with ``MetadataSource/edition(id:)``.
    public var id: String
    /// The title.
    public var title: String
    /// The authors.
    public var authors: [String]
    /// The year it first came out.
    public var year: Int?
    /// Its page count (Open Library: the median of the work's editions).
    public var pages: Int?
    /// A publisher.
    public var publisher: String?

    /// Creates a candidate.
    public init(id: String, title: String, authors: [String] = [], year: Int? = nil, pages: Int? = nil, publisher: String? = nil) {
        self.id = id
        self.title = title
        self.authors = authors
        self.year = year
        self.pages = pages
        self.publisher = publisher
    }
}
