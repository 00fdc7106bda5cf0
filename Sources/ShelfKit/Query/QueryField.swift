/// A field a query can name: one of the book's keys, a value computed from its sessions, or a
/// custom front matter key.
public enum QueryField: Sendable, Hashable, CustomStringConvertible {
    case title, subtitle, author, tag, status, folder, series, seriesIndex, publisher, language, isbn, cover
    case rating, pages, published, added, started, finished
    /// How many readable sessions the book has.
    case sessions
    /// Percent of `pages` reached, from the sessions (see ``ReadingProgress/percent(of:)``).
    case progress
    /// Pages logged over all sessions.
    case read
    /// Minutes logged over all sessions.
    case minutes
    /// The year the book was finished.
    case year
    /// Any other front matter key, as written in the files.
    case custom(String)

    /// How a field's values compare.
    public enum Kind: Sendable, Hashable {
        /// Folded text: `:` contains, `=` equals, `<` `>` compare.
        case text
        /// Numbers: `:` and `=` equal, ranges and comparisons.
        case number
        /// Days: `:` matches by prefix (`2024`, `2024-03`), comparisons and ranges.
        case date
        /// Custom keys: text, or numbers and dates when the value given reads as one.
        case custom
    }

    /// Every named field, by the name a query uses.
    static let named: [String: QueryField] = [
        "title": .title, "subtitle": .subtitle, "author": .author, "authors": .author, "tag": .tag, "tags": .tag,
        "status": .status, "folder": .folder, "series": .series, "series_index": .seriesIndex,
        "publisher": .publisher, "language": .language, "isbn": .isbn, "cover": .cover, "rating": .rating,
        "pages": .pages, "published": .published, "added": .added, "started": .started, "finished": .finished,
        "sessions": .sessions, "progress": .progress, "read": .read, "minutes": .minutes, "year": .year,
    ]

    /// The field a query names with `name`: a built-in one (case-insensitively), or a custom key.
    public init(name: String) {
        self = Self.named[name.lowercased()] ?? .custom(name)
    }

    /// The name used in queries and in the index.
    public var name: String {
        switch self {
        case .title: "title"
        case .subtitle: "subtitle"
        case .author: "author"
        case .tag: "tag"
        case .status: "status"
        case .folder: "folder"
        case .series: "series"
        case .seriesIndex: "series_index"
        case .publisher: "publisher"
        case .language: "language"
        case .isbn: "isbn"
        case .cover: "cover"
        case .rating: "rating"
        case .pages: "pages"
        case .published: "published"
        case .added: "added"
        case .started: "started"
        case .finished: "finished"
        case .sessions: "sessions"
        case .progress: "progress"
        case .read: "read"
        case .minutes: "minutes"
        case .year: "year"
        case .custom(let key): key
        }
    }

    public var description: String { name }

    /// How the field's values compare.
    public var kind: Kind {
        switch self {
        case .title, .subtitle, .author, .tag, .status, .folder, .series, .publisher, .language, .isbn, .cover: .text
        case .rating, .pages, .seriesIndex, .sessions, .progress, .read, .minutes, .year: .number
        case .published, .added, .started, .finished: .date
        case .custom: .custom
        }
    }

    /// Whether the field's value comes from the book's sessions, which a library must read.
    var needsSessions: Bool {
        switch self {
        case .sessions, .progress, .read, .minutes: true
        default: false
        }
    }

    /// The index's name for a custom key, apart from the built-in names whatever their case.
    var storageName: String {
        if case .custom(let key) = self { return "x:" + key }
        return name
    }

    /// The names a person can use, for suggestions.
    static var builtInNames: [String] {
        ["title", "subtitle", "author", "tag", "status", "folder", "series", "series_index", "publisher", "language",
         "isbn", "cover", "rating", "pages", "published", "added", "started", "finished", "sessions", "progress",
         "read", "minutes", "year"]
    }
}
