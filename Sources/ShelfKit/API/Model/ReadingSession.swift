/// One sitting with a book: `<book folder>/<slug>/<YYYY-MM-DD>[-N].md`.
///
/// Pages can be given as a range (`from`, `to`), as a count (`pages`), or not at all; a session
/// may just record minutes and a note.
public struct ReadingSession: Sendable, Hashable, Codable {
    /// The book read.
    public var bookID: BookID
    /// The day, from the file name.
    public var day: Day
    /// 1 for the first session of the day, 2 for `-2`, and so on.
    public var sequence: Int
    /// `from`: the page the session started on.
    public var from: Int?
    /// `to`: the page it ended on.
    public var to: Int?
    /// `pages`: a page count, for sessions recorded without a range.
    public var pages: Int?
    /// `minutes`.
    public var minutes: Int?
    /// Other keys, in file order.
    public var extra: [YAMLValue.Entry]
    /// The body.
    public var note: String
    /// The file's path relative to the library root; filled in by the library.
    public var path: String

    /// Creates a session. `bookID`, `sequence` and `path` are set by ``LibraryWriting/log(_:for:)``.
    public init(
        bookID: BookID = "", day: Day, sequence: Int = 1, from: Int? = nil, to: Int? = nil, pages: Int? = nil,
        minutes: Int? = nil, extra: [YAMLValue.Entry] = [], note: String = "", path: String = ""
    ) {
        self.bookID = bookID
        self.day = day
        self.sequence = sequence
        self.from = from
        self.to = to
        self.pages = pages
        self.minutes = minutes
        self.extra = extra
        self.note = note
        self.path = path
    }

    /// Pages read: `pages` when set, otherwise `to - from`, otherwise 0.
    ///
    /// Consecutive sessions share their boundary page (1–58, then 58–120), so a range counts
    /// the pages turned, and progress is the highest `to`.
    public var pagesRead: Int {
        if let pages { return pages }
        if let from, let to { return max(0, to - from) }
        return 0
    }

    private enum CodingKeys: String, CodingKey {
        case bookID, day, sequence, from, to, pages, minutes, extra, note, path
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            bookID: try container.decode(BookID.self, forKey: .bookID),
            day: try container.decode(Day.self, forKey: .day),
            sequence: try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 1,
            from: try container.decodeIfPresent(Int.self, forKey: .from),
            to: try container.decodeIfPresent(Int.self, forKey: .to),
            pages: try container.decodeIfPresent(Int.self, forKey: .pages),
            minutes: try container.decodeIfPresent(Int.self, forKey: .minutes),
            extra: try container.decodeIfPresent(JSONYAMLValue.self, forKey: .extra)?.entries ?? [],
            note: try container.decodeIfPresent(String.self, forKey: .note) ?? "",
            path: try container.decodeIfPresent(String.self, forKey: .path) ?? ""
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bookID, forKey: .bookID)
        try container.encode(day, forKey: .day)
        try container.encode(sequence, forKey: .sequence)
        try container.encodeIfPresent(from, forKey: .from)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encodeIfPresent(pages, forKey: .pages)
        try container.encodeIfPresent(minutes, forKey: .minutes)
        try container.encode(JSONYAMLValue(.mapping(extra)), forKey: .extra)
        try container.encode(note, forKey: .note)
        try container.encode(path, forKey: .path)
    }
}
