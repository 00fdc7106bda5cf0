/// A book: the front matter and body of one `<status>/[<folder>/…]<slug>.md` file.
///
/// A plain value: change it and hand it to ``LibraryWriting/update(_:)-(Book)``, which writes
/// only the keys changed since the book was read (``version``), onto the file as it is now. Keys the library does not know are kept in ``extra``, in file order, and
/// survive every update. ``status``, ``folder`` and ``path`` describe where the file is; they
/// change through ``LibraryWriting/move(_:to:folder:)``, never through a key.
public struct Book: Sendable, Hashable, Identifiable {
    /// The slug, unique in the library.
    public var id: BookID
    /// The top-level folder holding the file.
    public var status: Status
    /// The folders between the status and the file, `""`, `"sci-fi"` or `"fiction/classics"`.
    public var folder: String
    /// The file's path relative to the library root, e.g. `finished/sci-fi/dune.md`.
    public var path: String

    /// `title`, required.
    public var title: String
    /// `subtitle`.
    public var subtitle: String?
    /// `authors`; a single string in the file reads as one author.
    public var authors: [String]
    /// `isbn`, as text so leading zeros stay.
    public var isbn: String?
    /// `published`, a year or a day.
    public var published: Publication?
    /// `pages`, the page count.
    public var pages: Int?
    /// `duration`: an audiobook's length, as written (`11h20m`; `ReadingDuration`). Its
    /// minutes are `durationMinutes`.
    public var duration: String?
    /// `locations`: an e-book's number of e-reader locations.
    public var locations: Int?
    /// `publisher`.
    public var publisher: String?
    /// `language`, e.g. `en`.
    public var language: String?
    /// `series`.
    public var series: String?
    /// The book's number in its series, which may be fractional for novellas (1.5).
    public var seriesIndex: Double?
    /// `tags`.
    public var tags: [String]
    /// `rating`, 0.5 to 5 in halves.
    public var rating: Double?
    /// `added`: when the book joined the library.
    public var added: Day?
    /// `started`.
    public var started: Day?
    /// `finished`.
    public var finished: Day?
    /// `stopped`: the day the book was put down unfinished, set when it arrives in the abandoned status.
    public var stopped: Day?
    /// `stopped_page`: the page the book was put down at, set by `shelf abandon` (``ReadingProgress``
    /// gives the default); kept when the book is moved back.
    public var stoppedPage: Int?
    /// `next`: the book's place in the up-next order of the to-read books, 1 first; books without
    /// it follow (`UpNextOrder`). Taken out when the book leaves the to-read status.
    public var next: Int?
    /// `cover`: a path or URL.
    public var cover: String?
    /// Every other key, in file order, with its typed value.
    public var extra: [YAMLValue.Entry]
    /// The Markdown after the front matter, byte for byte, without the line break of the blank
    /// line that separates them when there is one.
    public var body: String
    /// The version of the file this value was read from; `nil` for a book not read from a file.
    /// ``LibraryWriting/update(_:)-(Book)`` writes only what changed since (``BookVersion``).
    public var version: BookVersion? {
        get { versionSlot.version }
        set { versionSlot.version = newValue }
    }
    private var versionSlot = VersionSlot<Book>()

    /// Creates a book. Leave `id` empty to have ``LibraryWriting/add(_:to:in:)`` derive it from
    /// the title; `status`, `folder` and `path` are filled in by the library.
    public init(
        id: BookID = "", status: Status = .toRead, folder: String = "", path: String = "",
        title: String, subtitle: String? = nil, authors: [String] = [], isbn: String? = nil,
        published: Publication? = nil, pages: Int? = nil, duration: String? = nil, locations: Int? = nil, publisher: String? = nil, language: String? = nil,
        series: String? = nil, seriesIndex: Double? = nil, tags: [String] = [], rating: Double? = nil,
        added: Day? = nil, started: Day? = nil, finished: Day? = nil, stopped: Day? = nil, stoppedPage: Int? = nil, next: Int? = nil,
        cover: String? = nil,
        extra: [YAMLValue.Entry] = [], body: String = ""
    ) {
        self.id = id
        self.status = status
        self.folder = folder
        self.path = path
        self.title = title
        self.subtitle = subtitle
        self.authors = authors
        self.isbn = isbn
        self.published = published
        self.pages = pages
        self.duration = duration
        self.locations = locations
        self.publisher = publisher
        self.language = language
        self.series = series
        self.seriesIndex = seriesIndex
        self.tags = tags
        self.rating = rating
        self.added = added
        self.started = started
        self.finished = finished
        self.stopped = stopped
        self.stoppedPage = stoppedPage
        self.next = next
        self.cover = cover
        self.extra = extra
        self.body = body
    }

    /// Why `rating` cannot be a book's rating, completing "rating …", or `nil` when it can:
    /// ratings are 0.5 to 5 in steps of 0.5.
    package static func ratingProblem(_ rating: Double) -> String? {
        (0.5...5).contains(rating) && (rating * 2).rounded() == rating * 2
            ? nil : "should be between 0.5 and 5 in steps of 0.5"
    }

    /// The value of a key in ``extra``.
    public func extra(_ key: String) -> YAMLValue? {
        extra.first { $0.key == key }?.value
    }
}
