import ShelfKit

/// Books as records with named fields: `id`, `path`, `status`, `folder`, the book keys, the
/// custom keys under `custom`, then the body. JSON, JSON Lines and CSV all print these, so they
/// carry the same data.
///
/// A person's own keys are kept apart from the names shelf fills in because they can be the same:
/// notes imported from other tools often have `status: want-to-read` or `id: 978…`, and printed
/// side by side the two would be one JSON key written twice, or two CSV columns of one name, and a
/// reader would keep one value and lose the other.
///
/// Each book is made into its record's text (``jsonItem(_:)``, ``jsonLine(_:)``) or its CSV
/// cells (``csvRow(_:columns:progress:configuration:)``) while the book is at hand, and only
/// that text is held until the output is written: JSON of 100,000 books held every book and
/// every record as values at once, several times what was printed.
enum BookRecords {
    /// What shelf says of where a book is, from its file's place rather than its front matter.
    enum Location: String, CaseIterable {
        case id, path, status, folder

        func value(of book: Book) -> String {
            switch self {
            case .id: book.id.rawValue
            case .path: book.path
            case .status: book.status.name
            case .folder: book.folder
            }
        }
    }

    static let locationKeys = Location.allCases.map(\.rawValue)

    /// The JSON key of the object of custom keys.
    static let customKey = "custom"

    /// What a custom key's CSV column and template field start with: no name of shelf's does, and
    /// two different keys stay two different names.
    static let customPrefix = customKey + "."

    /// The book keys in canonical order, the order of ``Book/bookFields``.
    static let bookKeys = BookSchema.keys

    /// A book's record, with its reading progress where the output shows it (`list`, `show`)
    /// and without where it does not (`export`, `next`).
    static func record(_ book: Book, progress: ReadingProgress?) -> [(String, JSONValue)] {
        var record: [(String, JSONValue)] = Location.allCases.map { ($0.rawValue, .string($0.value(of: book))) }
        record += book.bookFields.map { ($0.key, JSONValue($0.value)) }
        if let progress { record.append((progressKey, Self.progress(progress, of: book.pages))) }
        if !book.extra.isEmpty {
            record.append((customKey, .object(book.extra.map { ($0.key, JSONValue($0.value)) })))
        }
        if !book.body.isEmpty { record.append(("body", .string(book.body))) }
        return record
    }

    /// A record as an item of ``jsonArray(_:)``: pretty, two spaces in, as a top-level array's
    /// items are.
    static func jsonItem(_ record: [(String, JSONValue)]) -> String {
        JSONValue.object(record).text(.pretty, indent: 2)
    }

    /// The pretty JSON array of `items` made by ``jsonItem(_:)``, given in pieces to `write`:
    /// the text `JSONValue.array(records).text(.pretty)` is, with a line break after it.
    static func writeJSONArray<Failure: Error>(_ items: [String], _ write: (String) throws(Failure) -> Void) throws(Failure) {
        guard !items.isEmpty else { return try write("[]\n") }
        for (position, item) in items.enumerated() {
            try write(position == 0 ? "[\n  " : ",\n  ")
            try write(item)
        }
        try write("\n]\n")
    }

    /// The pretty JSON array of `items` made by ``jsonItem(_:)``, with a line break after it.
    static func jsonArray(_ items: [String]) -> String {
        var text = ""
        writeJSONArray(items) { text += $0 }
        return text
    }

    /// A record as a line of JSON Lines.
    static func jsonLine(_ record: [(String, JSONValue)]) -> String {
        JSONValue.object(record).text(.compact) + "\n"
    }

    /// The JSON key of a book's reading progress.
    static let progressKey = "progress"

    /// What a book's sessions add up to, as ``ReadingProgress`` computes it for the table too:
    /// `sessions`, the `page` reached, `pages_read`, the `percent` of `pages` reached, `minutes`.
    static func progress(_ progress: ReadingProgress, of pages: Int?) -> JSONValue {
        .object([
            ("sessions", .int(progress.sessions)), ("page", progress.page.map(JSONValue.int) ?? .null),
            ("pages_read", .int(progress.pagesRead)), ("percent", progress.percent(of: pages).map(JSONValue.int) ?? .null),
            ("minutes", .int(progress.minutes)),
        ])
    }

    /// A column of the CSV or the table: where its values come from decides its header.
    enum Column: Equatable {
        case location(Location)
        case book(String)
        /// A value the query language computes: `sessions`, `progress`, `read`, `minutes`, `year`.
        case computed(String)
        case custom(String)

        /// The computed fields a column can show, as the query language and templates name them.
        static let computedNames = ["sessions", "progress", "read", "minutes", "year"]

        /// Every name `--fields` takes, besides `custom.KEY`.
        static let names = BookRecords.locationKeys + BookRecords.bookKeys + computedNames

        /// The column `--fields` names, or `nil` for a name shelf has no field of.
        init?(field name: String) {
            if name.hasPrefix(BookRecords.customPrefix), name.count > BookRecords.customPrefix.count {
                self = .custom(String(name.dropFirst(BookRecords.customPrefix.count)))
            } else if let location = Location(rawValue: name) {
                self = .location(location)
            } else if BookRecords.bookKeys.contains(name) {
                self = .book(name)
            } else if Self.computedNames.contains(name) {
                self = .computed(name)
            } else {
                return nil
            }
        }

        var header: String {
            switch self {
            case .location(let location): location.rawValue
            case .book(let key), .computed(let key): key
            case .custom(let key): BookRecords.customPrefix + key
            }
        }

        /// Whether its values come from the books' sessions.
        var needsSessions: Bool {
            if case .computed(let name) = self { BookTemplate.sessionFields.contains(name) } else { false }
        }
    }

    /// The columns every CSV with the default columns starts with: the location keys and every
    /// book key, whatever the books have, so that a script finds a column in the same place
    /// whatever a query found. The custom keys the books have follow, in the order first seen,
    /// as `custom.KEY` (``csv(_:columns:)``).
    static let fixedColumns: [Column] = Location.allCases.map(Column.location) + bookKeys.map(Column.book)

    /// A book's CSV cells, made while the book is at hand: those of the chosen columns; with the
    /// default columns, those of ``fixedColumns`` and the book's custom keys, whose columns are
    /// known only once every book is.
    ///
    /// The cells are kept as one string, NUL between them (a NUL cannot be in YAML, and a path
    /// cannot hold one): an export of 100,000 books holds every row until the last book gives the
    /// header its custom keys, and twenty-odd strings a row were most of its memory.
    struct CSVRow: Sendable {
        private static let separator: Character = "\0"
        private let joined: String
        /// The cells of a row that holds a NUL after all, kept apart.
        private let separate: [String]?
        /// The book's custom keys and their text, with the default columns.
        var custom: [(key: String, text: String)]

        init(cells: [String], custom: [(key: String, text: String)]) {
            // No cells at all would read back as one empty cell.
            if cells.isEmpty || cells.contains(where: { $0.contains(Self.separator) }) {
                (joined, separate) = ("", cells)
            } else {
                (joined, separate) = (cells.joined(separator: String(Self.separator)), nil)
            }
            self.custom = custom
        }

        var cells: [String] {
            separate ?? joined.split(separator: Self.separator, omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `book`'s cells of `columns` (default: ``fixedColumns`` and its custom keys). Lists are
    /// joined with "; ".
    static func csvRow(_ book: Book, columns: [Column]?, progress: ReadingProgress?,
                       configuration: LibraryConfiguration) -> CSVRow {
        let fields = Dictionary(book.bookFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let cells = (columns ?? fixedColumns).map { column -> String in
            switch column {
            case .location(let location): location.value(of: book)
            case .book(let key): fields[key]?.plainText(joiningListsWith: "; ") ?? ""
            case .computed(let name): BookTemplate.value(of: name, in: book, progress: progress, configuration: configuration) ?? ""
            case .custom(let key): book.extra(key)?.plainText(joiningListsWith: "; ") ?? ""
            }
        }
        let custom = columns != nil ? [] : book.extra.map { (key: $0.key, text: $0.value.plainText(joiningListsWith: "; ")) }
        return CSVRow(cells: cells, custom: custom)
    }

    /// CSV of `rows` made by ``csvRow(_:columns:progress:configuration:)`` with the same `columns`,
    /// headed by their names.
    static func csv(_ rows: [CSVRow], columns: [Column]?) throws -> String {
        var text = ""
        try writeCSV(rows, columns: columns) { text += $0 }
        return text
    }

    /// The CSV of ``csv(_:columns:)``, given in pieces to `write`.
    static func writeCSV(_ rows: [CSVRow], columns: [Column]?, _ write: (String) throws -> Void) throws {
        if let columns { return try CSVText.write(header: columns.map(\.header), rows: rows.lazy.map(\.cells), to: write) }
        var custom: [String] = []
        var seen = Set<String>()
        for row in rows {
            for entry in row.custom where seen.insert(entry.key).inserted { custom.append(entry.key) }
        }
        let header = (fixedColumns + custom.map(Column.custom)).map(\.header)
        try CSVText.write(header: header, rows: rows.lazy.map { row in
            guard !custom.isEmpty else { return row.cells }
            let values = Dictionary(row.custom.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
            return row.cells + custom.map { values[$0] ?? "" }
        }, to: write)
    }
}
