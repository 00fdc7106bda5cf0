/// One sitting with a book: `<book folder>/<slug>/<YYYY-MM-DD>[-HHMM][-N][-letters].md`.
///
/// Pages can be given as a range (`from`, `to`), as a count (`pages`), or not at all; a session
/// may just record minutes and a note. A range may also be in percent, e-reader locations or
/// audiobook time (``fromPosition``, ``toPosition``); figures count it in pages through the
/// book's length (`inPages(of:)`).
public struct ReadingSession: Sendable, Hashable, Codable, Identifiable {
    /// The book read.
    public var bookID: BookID
    /// The day, from the file name.
    public var day: Day
    /// The time the session began, from the file name (`-0930`); `nil` for a name without one.
    /// ``LibraryWriting/log(_:for:)`` fills it in when it is not given.
    public var time: TimeOfDay?
    /// 1 for the first session of its day and time, 2 for `-2`, and so on.
    package var sequence: Int
    /// The letters that end the file name (`2026-11-20-0930-kbxt.md`), which keep it apart from a
    /// session another device logged in the same minute; `nil` for a name without them.
    /// ``LibraryWriting/log(_:for:)`` draws them at random when not given; an importer gives the
    /// same letters for the same session on every device, so that importing twice writes one file.
    package var suffix: String?
    /// `from`: where the session started, in any unit (``ReadingPosition``).
    public var fromPosition: ReadingPosition?
    /// `to`: where it ended, in any unit.
    public var toPosition: ReadingPosition?
    /// `from` as a page: the page the session started on, `nil` when it is not given as a page.
    /// Setting it sets ``fromPosition`` to that page.
    package var from: Int? {
        get { fromPosition?.page }
        set { fromPosition = newValue.map(ReadingPosition.page) }
    }
    /// `to` as a page: the page it ended on, `nil` when it is not given as a page. Setting it
    /// sets ``toPosition`` to that page.
    package var to: Int? {
        get { toPosition?.page }
        set { toPosition = newValue.map(ReadingPosition.page) }
    }
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

    /// The session's identity in a list: its file's path, unique in the library (empty for a
    /// session not yet logged). A session moves with its book, and then has another.
    public var id: String { path }
    /// The version of the file this value was read from; `nil` for a session not read from a
    /// file. ``LibraryWriting/update(_:)-(ReadingSession)`` refuses to write over a file that
    /// changed since (``SessionVersion``).
    public var version: SessionVersion? {
        get { versionSlot.version }
        set { versionSlot.version = newValue }
    }
    private var versionSlot = VersionSlot<ReadingSession>()

    /// Creates a session. `bookID`, `sequence` and `path` are set by ``LibraryWriting/log(_:for:)``,
    /// and `time` and `suffix` too when they are `nil`.
    public init(
        bookID: BookID = "", day: Day, time: TimeOfDay? = nil, sequence: Int = 1, suffix: String? = nil, from: Int? = nil,
        to: Int? = nil, pages: Int? = nil, minutes: Int? = nil, extra: [YAMLValue.Entry] = [], note: String = "", path: String = ""
    ) {
        self.bookID = bookID
        self.day = day
        self.time = time
        self.sequence = sequence
        self.suffix = suffix
        self.fromPosition = from.map(ReadingPosition.page)
        self.toPosition = to.map(ReadingPosition.page)
        self.pages = pages
        self.minutes = minutes
        self.extra = extra
        self.note = note
        self.path = path
    }

    /// Pages read, after `previous`, the session of the same book just before this one in
    /// date order: `pages` when set; otherwise, with both `from` and `to`, the pages from one to
    /// the other, both counted (1 to 60 is 60 pages), less the first when it is the page
    /// `previous` ended on (1–58 then 58–120 is 58 and 62 pages); otherwise 0.
    ///
    /// So sessions that continue one another add up to the page reached, whether each starts
    /// on the page after the last one ended or on that same page.
    package func pagesRead(after previous: ReadingSession?) -> Int {
        if let pages { return pages }
        guard let from, let to, to >= from else { return 0 }
        let shared = previous?.to == from ? 1 : 0
        return to - from + 1 - shared
    }

    /// The pages read in each of `sessions`, in the order given: each session counted after the
    /// one before it of the same book, in date order (``pagesRead(after:)``). Give all of a
    /// book's sessions, not a span of days, or the first of the span is counted alone.
    package static func pagesRead(_ sessions: [ReadingSession]) -> [Int] {
        let order = sessions.indices.sorted { a, b in
            let (x, y) = (sessions[a], sessions[b])
            return (x.bookID.rawValue, x.day, x.minuteOfDay, x.sequence, x.suffix ?? "")
                < (y.bookID.rawValue, y.day, y.minuteOfDay, y.sequence, y.suffix ?? "")
        }
        var pages = Array(repeating: 0, count: sessions.count)
        var previous: ReadingSession?
        for index in order {
            let session = sessions[index]
            if previous?.bookID != session.bookID { previous = nil }
            pages[index] = session.pagesRead(after: previous)
            previous = session
        }
        return pages
    }

    /// This session with its range in pages, as every figure counts it: a percent, location or
    /// time becomes the page it is at in `extent` (`BookExtent/page(_:)`), and is left out when
    /// the book has no `pages` (or no total in that unit). ``pagesRead(after:)`` is then right
    /// whatever units a book's sessions mix.
    package func inPages(of extent: BookExtent) -> ReadingSession {
        guard fromPosition?.page == nil && fromPosition != nil || toPosition?.page == nil && toPosition != nil else { return self }
        var session = self
        session.fromPosition = fromPosition.flatMap(extent.page).map(ReadingPosition.page)
        session.toPosition = toPosition.flatMap(extent.page).map(ReadingPosition.page)
        return session
    }

    /// `sessions` in pages (`inPages(of:)`), each through the extent of its book in `books`;
    /// a session whose book is not among them is left as it is.
    package static func inPages(_ sessions: [ReadingSession], books: [Book]) -> [ReadingSession] {
        let extents = Dictionary(books.map { ($0.id, BookExtent($0)) }, uniquingKeysWith: { first, _ in first })
        return sessions.map { session in extents[session.bookID].map(session.inPages(of:)) ?? session }
    }

    /// Whether `self` comes before `other` in reading order: by day, then sessions without a
    /// time first, then by time, then by sequence, then by suffix (two devices' sessions of one
    /// minute, in an order every device agrees on). Sessions of one book are in this order in
    /// every list the library returns.
    package func precedes(_ other: ReadingSession) -> Bool {
        (day, minuteOfDay, sequence, suffix ?? "") < (other.day, other.minuteOfDay, other.sequence, other.suffix ?? "")
    }

    /// Whether `a` comes before `b` in a list of sessions: in reading order
    /// (``precedes(_:)``), then by path, so that every list has one order.
    package static func listedBefore(_ a: ReadingSession, _ b: ReadingSession) -> Bool {
        a.precedes(b) || (!b.precedes(a) && a.path < b.path)
    }

    /// The time as minutes since midnight, -1 without one, so untimed sessions sort first.
    var minuteOfDay: Int { time?.minutes ?? -1 }

    private enum CodingKeys: String, CodingKey {
        case bookID, day, time, sequence, suffix, from, to, pages, minutes, extra, note, path, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            bookID: try container.decode(BookID.self, forKey: .bookID),
            day: try container.decode(Day.self, forKey: .day),
            time: try container.decodeIfPresent(TimeOfDay.self, forKey: .time),
            sequence: try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 1,
            suffix: try container.decodeIfPresent(String.self, forKey: .suffix),
            from: nil, to: nil,
            pages: try container.decodeIfPresent(Int.self, forKey: .pages),
            minutes: try container.decodeIfPresent(Int.self, forKey: .minutes),
            extra: try container.decodeIfPresent(JSONYAMLValue.self, forKey: .extra)?.entries ?? [],
            note: try container.decodeIfPresent(String.self, forKey: .note) ?? "",
            path: try container.decodeIfPresent(String.self, forKey: .path) ?? ""
        )
        fromPosition = try container.decodeIfPresent(ReadingPosition.self, forKey: .from)
        toPosition = try container.decodeIfPresent(ReadingPosition.self, forKey: .to)
        version = try container.decodeIfPresent(SessionVersion.self, forKey: .version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bookID, forKey: .bookID)
        try container.encode(day, forKey: .day)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encode(sequence, forKey: .sequence)
        try container.encodeIfPresent(suffix, forKey: .suffix)
        try container.encodeIfPresent(fromPosition, forKey: .from)
        try container.encodeIfPresent(toPosition, forKey: .to)
        try container.encodeIfPresent(pages, forKey: .pages)
        try container.encodeIfPresent(minutes, forKey: .minutes)
        try container.encode(JSONYAMLValue(.mapping(extra)), forKey: .extra)
        try container.encode(note, forKey: .note)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(version, forKey: .version)
    }
}

extension ReadingSession {
    /// This session as the library would log it for `book` after `sessions` (the book's, as
    /// ``LibraryReading/sessions(of:)`` returns them), or the error it would refuse it with: a
    /// page past the book's end, below the page already reached, a day after today. For a form
    /// or a prompt to say so while the person can still change what they typed; logging checks
    /// again, so a session that passes here can still be refused if the files changed meanwhile.
    /// - Throws: ``ShelfError/impossibleSession(bookID:day:problem:)`` and
    ///   ``ShelfError/sessionPageBelowProgress(bookID:page:progress:)``.
    package func checked(for book: Book, after sessions: [ReadingSession], today: Day) throws(ShelfError) -> ReadingSession {
        var session = self
        session.bookID = book.id
        let ordered = book.sessionsOfCurrentRead(sessions).sorted { $0.precedes($1) }
        return try SessionRules.checked(session, of: book, pages: book.pages, after: ordered, today: today)
    }
}
