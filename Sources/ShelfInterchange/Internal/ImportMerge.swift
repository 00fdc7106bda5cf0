import ShelfKit

/// How two accounts of one book become one: an export row and the book the library has, or two
/// rows of one export (two editions of a book, which Goodreads and StoryGraph both list).
///
/// The merge is built so that importing never loses what either side knows and so that imports
/// converge: importing the same file again, or a person's Goodreads and StoryGraph exports in
/// either order and again, changes nothing the second time.
///
/// - What the person did is **joined**: the status only advances (finished over reading over
///   abandoned over a status of their own over the first status, to read), every read is kept
///   (``ReadingHistory``), the earliest `added` wins, tags and moods are united, `owned` stays
///   true, `read_count` takes the larger count.
/// - The leading account — the more advanced status, then the later read, then the row — sets
///   the rating and format when they really differ (a whole-star Goodreads 4 is the same rating
///   as a 4.5, and `Paperback` the same format as `paperback`), and the keys that go with its
///   status (`paused`, `goodreads_shelf`, `storygraph_status`), when its service has them. A
///   book that has a `goodreads_id` keeps Goodreads' rating and format: StoryGraph's only fill
///   them in, so the two services never take turns.
/// - What describes the book — title, authors, ISBN, pages, publisher, series and other keys —
///   is the library's (or the first row's), filled in where it has nothing; people tidy those by
///   hand. A body is written only into a book that has none.
enum ImportMerge {
    /// Keys the merge decides itself; every other key of the row only fills a gap. Besides those
    /// of every service, each service's status keys and own rating, from its conformer.
    static let decidedKeys: Set<String> = ImportFormat.allCases.reduce(into: [
        "format", "owned", "read_count", "reads", "moods", "pace",
    ]) { keys, format in
        keys.formUnion(format.service.statusKeys)
        if let key = format.service.ownRatingKey { keys.insert(key) }
    }

    /// Keys that belong to the series the book's `series` field names.
    static let seriesKeys: Set<String> = ["other_series", "series_range"]

    /// A row's book as a library book: its reads settled for its status, as every later merge
    /// leaves them, so that importing the row again changes nothing.
    static func settled(_ row: Book, status: Status, roles: LibraryConfiguration) -> Book {
        var book = row
        book.status = status
        settle(&book, history: ReadingHistory(of: row), counts: [readCount(of: row, roles: roles)], roles: roles)
        return book
    }

    /// `row` (a book read from an export, with status `rowStatus`) merged into `existing`.
    /// - Parameters:
    ///   - format: The service `row` comes from, which decides the keys it can set or remove.
    ///   - roles: The library's configuration, which says the role each status plays.
    ///   - joinsBodies: Whether two different bodies are both kept (two rows of one file), rather
    ///     than the library's body alone.
    static func merge(_ row: Book, status rowStatus: Status, into existing: Book, format: ImportFormat,
                      roles: LibraryConfiguration, joinsBodies: Bool = false) -> Book {
        var history = ReadingHistory(of: existing)
        let rowHistory = ReadingHistory(of: row)
        let rowLeads = leads(rowStatus, rowHistory, over: existing.status, history, roles: roles)
        history.formUnion(rowHistory)

        // A book another service leads keeps its rating and format; this row only fills them.
        let service = format.service
        let rowRates = rowLeads && !service.defersRatings(to: existing)

        var book = existing
        book.status = rowLeads ? rowStatus : existing.status
        fillDescription(of: &book, from: row)
        for tag in row.tags where !book.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
            book.tags.append(tag)
        }
        book.added = [existing.added, row.added].compactMap(\.self).min()
        if let rating = row.rating, rowRates || existing.rating == nil,
           !(existing.rating.map { service.isSameRating($0, rating) } ?? false) {
            book.rating = rating
            if let key = service.ownRatingKey { book.setExtra(key, row.extra(key)) }
        }
        if let rowFormat = row.extra("format"), rowRates || existing.extra("format") == nil,
           !(existing.extra("format").map { FormatKind.same($0, rowFormat) } ?? false) {
            book.setExtra("format", rowFormat)
        }
        if rowLeads {
            for key in service.statusKeys.sorted() { book.setExtra(key, row.extra(key)) }
        }
        if row.extra("owned") == .bool(true) { book.setExtra("owned", .bool(true)) }
        if let pace = row.extra("pace") { book.setExtra("pace", pace) }
        book.setExtra("moods", united(existing.extra("moods"), row.extra("moods")))
        mergeBody(of: &book, with: row.body, joining: joinsBodies)

        // A book whose reads and status the row does not change keeps its dates as they are
        // written, even where they do not follow the rules `settle` writes by.
        let keepsDates = book.status == existing.status && history == ReadingHistory(of: existing)
        settle(&book, history: keepsDates ? nil : history,
               counts: [readCount(of: existing, roles: roles), readCount(of: row, roles: roles)], roles: roles)
        return book
    }

    /// Writes the reads into the book for its status (none for `nil`: the book keeps its dates),
    /// and `read_count` when the count is not the usual one: the largest of `counts` and, for a
    /// finished book, of its finished reads.
    private static func settle(_ book: inout Book, history: ReadingHistory?, counts: [Int], roles: LibraryConfiguration) {
        let isFinished = roles.role(of: book.status) == .finished
        history?.write(into: &book, finished: isFinished)
        let history = history ?? ReadingHistory(of: book)
        // A finished book was read at least once, whatever count an export gives.
        let count = max(counts.max() ?? 0, isFinished ? max(1, history.finishedCount) : 0)
        book.setExtra("read_count", count == (isFinished ? 1 : 0) ? nil : .int(count))
    }

    /// Whether the row's account leads: a more advanced status, else a read at least as late.
    private static func leads(_ rowStatus: Status, _ rowHistory: ReadingHistory, over status: Status,
                              _ history: ReadingHistory, roles: LibraryConfiguration) -> Bool {
        let (rowRank, rank) = (self.rank(rowStatus, roles: roles), self.rank(status, roles: roles))
        if rowRank != rank { return rowRank > rank }
        let rowLatest = rowHistory.reads.last?.sortDay ?? Day.distantPast
        let latest = history.reads.last?.sortDay ?? Day.distantPast
        return rowLatest >= latest
    }

    /// How far along a status is, by the role it plays: finished 4, reading 3, abandoned 2, a
    /// status of the person's own 1, to read 0.
    static func rank(_ status: Status, roles: LibraryConfiguration) -> Int {
        switch roles.role(of: status) {
        case .finished?: 4
        case .reading?: 3
        case .abandoned?: 2
        case .toRead?: 0
        case nil: 1
        }
    }

    /// The count of reads a book records: `read_count`, else 1 for a finished book, 0 otherwise.
    private static func readCount(of book: Book, roles: LibraryConfiguration) -> Int {
        book.extra("read_count")?.intValue ?? (roles.role(of: book.status) == .finished ? 1 : 0)
    }

    /// Fills the library's empty descriptive fields and keys from the row.
    private static func fillDescription(of book: inout Book, from row: Book) {
        book.subtitle = book.subtitle ?? row.subtitle
        if book.authors.isEmpty { book.authors = row.authors }
        let hadISBN = book.isbn != nil
        book.isbn = book.isbn ?? row.isbn
        book.published = book.published ?? row.published
        book.pages = book.pages ?? row.pages
        book.publisher = book.publisher ?? row.publisher
        // A series comes with its index, range and other series, or not at all.
        let hadSeries = book.series != nil || book.extra("series_range") != nil
        if !hadSeries { (book.series, book.seriesIndex) = (row.series, row.seriesIndex) }
        for entry in row.extra where !decidedKeys.contains(entry.key) && book.extra(entry.key) == nil {
            if hadSeries, Self.seriesKeys.contains(entry.key) { continue }
            if hadISBN, entry.key == "isbn_invalid" { continue }
            book.extra.append(entry)
        }
    }

    /// The library's body, or the row's when the library has none. A body that has text already
    /// gains, at its end, each section of the row (review, private notes) it lacks: a section
    /// whose heading it does not have and whose text it does not hold, such as private notes
    /// written on Goodreads after the first import. With `joining` (two rows of one file), a
    /// different text under a heading the body has is added too, so both reviews are kept.
    private static func mergeBody(of book: inout Book, with body: String, joining: Bool) {
        if book.body.trimmingSpaces().isEmpty {
            book.body = body
            return
        }
        let existing = book.body.replacing("\r\n", with: "\n")
        let headings = Set(existing.split(separator: "\n").map { $0.trimmingSpaces() })
        let row = ImportBody.sections(of: body)
        var sections: [String] = []
        for (heading, text) in [(ImportBody.reviewHeading, row.review), (ImportBody.notesHeading, row.notes)] {
            guard let text, !existing.contains(text) else { continue }
            if joining || !headings.contains(heading) { sections.append(heading + "\n\n" + text + "\n") }
        }
        guard !sections.isEmpty else { return }
        let lineBreak = book.body.contains("\r\n") ? "\r\n" : "\n"
        var text = book.body
        // On bytes: a String's last Character of "…\r\n" is "\r\n", which is not "\n".
        if text.utf8.last != UInt8(ascii: "\n") { text += lineBreak }
        for section in sections { text += lineBreak + section.replacing("\n", with: lineBreak) }
        book.body = text
    }

    /// The items of two lists, each once, the first list's order first.
    private static func united(_ first: YAMLValue?, _ second: YAMLValue?) -> YAMLValue? {
        var items: [YAMLValue] = []
        for value in [first, second] {
            guard case .list(let values)? = value else { continue }
            for item in values where !items.contains(where: { $0.isSameValue(as: item) }) { items.append(item) }
        }
        return items.isEmpty ? nil : .list(items)
    }
}

/// Formats named by different services for the same kind of book: Goodreads' `Kindle Edition`
/// and StoryGraph's `digital`, `Mass Market Paperback` and `paperback`.
enum FormatKind {
    private static let kinds: [String: String] = [
        "paperback": "paperback", "mass market paperback": "paperback", "trade paperback": "paperback",
        "softcover": "paperback", "hardcover": "hardcover", "hardback": "hardcover", "library binding": "hardcover",
        "digital": "digital", "ebook": "digital", "kindle edition": "digital", "kindle": "digital",
        "nook": "digital", "audio": "audio", "audiobook": "audio", "audible audio": "audio", "audio cd": "audio",
        "mp3 cd": "audio", "audio cassette": "audio",
    ]

    /// Whether two `format` values name the same kind of book.
    static func same(_ first: YAMLValue, _ second: YAMLValue) -> Bool {
        guard case .string(let a) = first, case .string(let b) = second else { return first.isSameValue(as: second) }
        let (x, y) = (a.lowercased(), b.lowercased())
        return x == y || (kinds[x] != nil && kinds[x] == kinds[y])
    }
}

