public import ShelfKit

/// One edition of a book as a metadata source describes it: the values a book's keys take.
///
/// Every field is optional but the title and the source's id, since services leave out what
/// they do not know. ``published`` is the year the work first came out when the source knows
/// it (a library's `published: 1965` for Dune, whatever the edition in hand), else the
/// edition's own date.
public struct EditionRecord: Sendable, Hashable {
    /// The source's id of the edition, recorded in the book (`openlibrary: OL7353617M`), so a
    /// later fetch reads the same edition.
    public var id: String
    /// `title`.
    public var title: String
    /// `subtitle`.
    public var subtitle: String?
    /// `authors`, in the source's order.
    public var authors: [String]
    /// `isbn`: the edition's ISBN-13.
    public var isbn: String?
    /// `published`.
    public var published: Publication?
    /// `pages`.
    public var pages: Int?
    /// `publisher`: the first the edition names.
    public var publisher: String?
    /// `language`: an ISO 639-1 code where one exists (`en`), else the source's code.
    public var language: String?
    /// The source's id of the cover image, when the edition has one (Open Library's covers).
    public var coverID: Int?
    /// The cover image's address, for a source that gives one instead of an id (Google Books).
    public var coverAddress: String?
    /// The work's description, as text.
    public var description: String?
    /// The work's subjects.
    public var subjects: [String]

    /// Creates a record.
    public init(id: String, title: String, subtitle: String? = nil, authors: [String] = [], isbn: String? = nil,
                published: Publication? = nil, pages: Int? = nil, publisher: String? = nil, language: String? = nil,
                coverID: Int? = nil, coverAddress: String? = nil, description: String? = nil, subjects: [String] = []) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbn = isbn
        self.published = published
        self.pages = pages
        self.publisher = publisher
        self.language = language
        self.coverID = coverID
        self.coverAddress = coverAddress
        self.description = description
        self.subjects = subjects
    }
}
