internal import Foundation
internal import GRDB

/// Books and sessions as rows of the index, and back.
///
/// Lists are stored joined by the unit separator (U+001F), which no front matter value
/// contains in practice, and read back by splitting; unknown keys are JSON in key order
/// (``IndexedYAMLValue``).
enum IndexRows {
    static let separator = "\u{1F}"

    /// The columns of `books` after its `id`: where the file is, each field of ``BookSchema/fields``
    /// in canonical order, the stamp of the bytes the book was read from, then the unknown keys
    /// and the body, last (see ``IndexSchema/version`` 5).
    ///
    /// The stamp is kept here as well as in `files` so that a listing reads `books` alone: the
    /// join on `files` was a quarter of a watched list's query at 100,000 books.
    static let bookColumns = ["path", "slug", "status", "folder"] + BookSchema.fields.map(\.indexColumn)
        + ["file_size", "file_hash", "sort_title", "extra", "body"]

    /// The definitions of ``bookColumns`` for `CREATE TABLE books`: a list is stored joined,
    /// and empty rather than NULL.
    static var bookColumnDefinitions: String {
        let fields = BookSchema.fields.map { field in
            "\(field.indexColumn) \(field.valueType.sqlType)" + (field.isRequired || field.valueType == .textList ? " NOT NULL" : "")
        }
        return (["path TEXT NOT NULL", "slug TEXT NOT NULL", "status TEXT NOT NULL", "folder TEXT NOT NULL"] + fields
            + ["file_size INTEGER NOT NULL", "file_hash INTEGER NOT NULL", "sort_title TEXT NOT NULL", "extra TEXT", "body TEXT NOT NULL"])
            .joined(separator: ", ")
    }

    static let insertBookSQL = """
        INSERT INTO books (\(bookColumns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: bookColumns.count).joined(separator: ", ")))
        """

    static let insertFactsSQL: String = {
        let names = ["id", "path"] + IndexColumns.slots.map(\.column) + IndexListColumns.names + IndexProgressColumns.names
            + ["sort_author"]
        return "INSERT INTO book_facts (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
    }()

    /// Binds a book's row for ``insertBookSQL``: `stamp` is that of the bytes it was read from.
    static func bind(_ book: Book, stamp: FileStamp, extra: String?, to row: inout IndexInsert) {
        row.bind(book.path)
        row.bind(book.id.rawValue)
        row.bind(book.status.name)
        row.bind(book.folder)
        for field in BookSchema.fields { bind(field.get(book), of: field, to: &row) }
        row.bind(Int64(stamp.size))
        row.bind(Int64(bitPattern: stamp.hash))
        row.bind(sortText(of: book.title))
        row.bind(extra)
        row.bind(book.body)
    }

    /// What a sort by title or author compares (``BookSort``: the folded title, the folded
    /// first author), in the form whose UTF-8 bytes, as SQLite compares them, are in the order
    /// Swift compares the strings: NFC.
    static func sortText(of text: String) -> String {
        let folded = TextFolding.fold(text)
        return folded.utf8.allSatisfy { $0 < 0x80 } ? folded : folded.precomposedStringWithCanonicalMapping
    }

    /// Binds the row of ``insertFactsSQL`` of the book at `path`, whose row in `books` is
    /// `id`: its ``IndexColumns`` values (`columns`, in the order of ``IndexColumns/fields``)
    /// and the folded values of its ``IndexListColumns`` (`lists`, in the order of
    /// ``IndexListColumns/fields``), then its ``IndexProgressColumns``.
    static func bindFacts(id: Int64, path: String, columns: [BookFacts.Value?], lists: [[String]], progress: ReadingProgress,
                          sortAuthor: String?, to row: inout IndexInsert) {
        row.bind(id)
        row.bind(path)
        for slot in IndexColumns.slots {
            let (text, number) = IndexColumns.bound(slot, slot.fieldIndex < columns.count ? columns[slot.fieldIndex] : nil)
            if slot.part == .text { row.bind(text) } else { row.bind(number) }
        }
        for position in IndexListColumns.fields.indices {
            let (joined, smallest, largest) = IndexListColumns.values(of: position < lists.count ? lists[position] : [])
            row.bind(joined)
            row.bind(smallest)
            row.bind(largest)
        }
        IndexProgressColumns.bind(progress, to: &row)
        row.bind(sortAuthor)
    }

    /// A field's value as its column stores it: lists joined, days and publications as text.
    private static func bind(_ value: BookValue?, of field: BookField, to row: inout IndexInsert) {
        switch value {
        case .text(let text)?: row.bind(text)
        case .textList(let items)?: row.bind(items.joined(separator: separator))
        case .integer(let number)?: row.bind(Int64(number))
        case .number(let number)?: row.bind(number)
        case .day(let day)?: row.bind(day.description)
        case .publication(let publication)?: row.bind(publication.description)
        case nil:
            // A list is empty rather than NULL, as `books` declares it.
            if field.valueType == .textList { row.bind("") } else { row.bind(nil as String?) }
        }
    }

    /// A field's value from the column at `column`, as ``bind(_:of:to:)`` stored it.
    private static func value(of field: BookField, in row: Row, at column: Int) -> BookValue? {
        switch field.valueType {
        case .text: return (row[column] as String?).map(BookValue.text)
        case .textList: return .textList(list(row[column]))
        case .integer: return (row[column] as Int?).map(BookValue.integer)
        case .number: return (row[column] as Double?).map(BookValue.number)
        case .day: return day(row[column]).map(BookValue.day)
        case .publication: return publication(row[column]).map(BookValue.publication)
        }
    }

    /// ``value(of:in:at:)`` of a value already read from its row, so that it can be decoded on
    /// another thread, as the full-text fill does; decoding from the row directly spares the
    /// reading of every book a copy.
    static func value(of field: BookField, stored: DatabaseValue) -> BookValue? {
        switch field.valueType {
        case .text: return String.fromDatabaseValue(stored).map(BookValue.text)
        case .textList: return .textList(list(String.fromDatabaseValue(stored) ?? ""))
        case .integer: return Int.fromDatabaseValue(stored).map(BookValue.integer)
        case .number: return Double.fromDatabaseValue(stored).map(BookValue.number)
        case .day: return day(String.fromDatabaseValue(stored)).map(BookValue.day)
        case .publication: return publication(String.fromDatabaseValue(stored)).map(BookValue.publication)
        }
    }

    /// Reads books from the rows of one statement that selects every column of `books`,
    /// finding each column by name once: GRDB finds a column by name by lowercasing the name
    /// at every access, which was a tenth of the time to fill the full-text table.
    struct BookReader {
        /// The position in the row of each of ``IndexRows/bookColumns``.
        private let positions: [Int]

        /// - Parameter columnNames: The statement's columns, in order; the first of a name wins.
        init(columnNames: [String]) {
            var first: [String: Int] = [:]
            for (position, name) in columnNames.enumerated() where first[name] == nil { first[name] = position }
            positions = IndexRows.bookColumns.map { first[$0] ?? -1 }
        }

        init(_ statement: Statement) { self.init(columnNames: statement.columnNames) }

        /// Where the fields start in ``IndexRows/bookColumns`` (after path, slug, status and
        /// folder), and where the columns after them start.
        private static let fieldStart = 4
        private static let afterFields = fieldStart + BookSchema.fields.count

        func book(_ row: Row) -> Book {
            // bookColumns: path, slug, status, folder, each field, file_size, file_hash, sort_title, extra, body.
            let fieldStart = Self.fieldStart
            var book = Book(id: BookID(row[positions[1]] as String), status: Status(row[positions[2]] as String),
                            folder: row[positions[3]], path: row[positions[0]], title: "",
                            extra: IndexRows.extra(row[positions[Self.afterFields + 3]]),
                            body: row[positions[Self.afterFields + 4]])
            for (offset, field) in BookSchema.fields.enumerated() {
                field.set(&book, IndexRows.value(of: field, in: row, at: positions[fieldStart + offset]))
            }
            return book
        }

        /// The stamp of the bytes the book of `row` was read from.
        func stamp(_ row: Row) -> FileStamp {
            FileStamp(size: Int(row[positions[Self.afterFields]] as Int64),
                      hash: UInt64(bitPattern: row[positions[Self.afterFields + 1]] as Int64))
        }
    }

    static let insertSessionSQL = """
        INSERT INTO sessions (path, book_path, book_id, day, time, sequence, "from", "to", pages, minutes, extra, note, pages_read)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Binds a session's row for ``insertSessionSQL``: `pagesRead` is ``LibraryIndex/pagesRead(_:of:)``'s
    /// for it, or `nil` until ``LibraryIndex/updateProgress(_:books:all:)`` sets it.
    static func bind(_ session: ReadingSession, bookPath: String, extra: String?, pagesRead: Int?, to row: inout IndexInsert) {
        row.bind(session.path)
        row.bind(bookPath)
        row.bind(session.bookID.rawValue)
        row.bind(session.day.description)
        row.bind(session.time.map { Int64($0.minutes) })
        row.bind(Int64(session.sequence))
        row.bind(session.fromPosition?.description)
        row.bind(session.toPosition?.description)
        row.bind(session.pages.map(Int64.init))
        row.bind(session.minutes.map(Int64.init))
        row.bind(extra)
        row.bind(session.note)
        row.bind(pagesRead.map(Int64.init))
    }

    /// A position stored as its text (``ReadingPosition/description``).
    static func position(_ value: DatabaseValue) -> ReadingPosition? {
        String.fromDatabaseValue(value).flatMap { ReadingPosition($0) }
    }

    /// The columns ``session(_:)`` reads, in its order: select them, not `*`.
    static let sessionColumns = #"path, book_id, day, time, sequence, "from", "to", pages, minutes, extra, note"#

    /// The session of a row of ``sessionColumns``, read by position: a read of a year's sessions
    /// reads a hundred thousand rows, and a column found by name is a lowercased name each time.
    static func session(_ row: Row) -> ReadingSession? {
        guard let day = day(row[2]) else { return nil }
        var session = ReadingSession(
            bookID: BookID(row[1] as String), day: day, time: time(row[3]), sequence: row[4],
            pages: row[7], minutes: row[8], extra: extra(row[9]), note: row[10], path: row[0])
        session.fromPosition = position(row[5])
        session.toPosition = position(row[6])
        session.suffix = suffix(ofSessionAt: session.path)
        return session
    }

    /// The suffix of the session file at `path`, read from its name (the table has no column of
    /// its own for it).
    static func suffix(ofSessionAt path: String) -> String? {
        SessionFileName(Path.name(of: path))?.suffix
    }

    /// A publication as ``bind(_:of:to:)`` stored it: a year, or a day.
    private static func publication(_ text: String?) -> Publication? {
        text.flatMap { Int($0).map(Publication.year) ?? Day($0).map(Publication.day) }
    }

    private static func list(_ text: String) -> [String] {
        // Split on the separator's byte: Foundation's `components(separatedBy:)` was a third of
        // reading a book's row back.
        text.isEmpty ? [] : text.utf8.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    static func time(_ minutes: Int?) -> TimeOfDay? {
        minutes.flatMap(TimeOfDay.init(minutesSinceMidnight:))
    }

    static func day(_ text: String?) -> Day? {
        // A note's `2021` or `2023-06` keeps the precision it was written with.
        text.flatMap { Day($0) ?? Day(partial: $0) }
    }

    /// Unknown keys as stored, computed while parsing, on all cores, rather than in the write.
    static func extraJSON(_ extra: [YAMLValue.Entry]) -> String? {
        guard !extra.isEmpty else { return nil }
        return IndexedYAMLValue(.mapping(extra)).json
    }

    static func extra(_ json: String?) -> [YAMLValue.Entry] {
        guard let json else { return [] }
        guard let decoded = IndexedYAMLValue(json: json), case .mapping(let entries) = decoded.value else { return [] }
        return entries
    }
}
