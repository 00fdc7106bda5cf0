import ShelfKit

/// Books as records with named fields: `id`, `path`, `status`, `folder`, the book keys, the
/// custom keys under `custom`, then the body. JSON, JSON Lines and CSV all print these, so they
/// carry the same data.
///
/// A person's own keys are kept apart from the names shelf fills in because they can be the same:
/// notes imported from other tools often have `status: want-to-read` or `id: 978…`, and printed
/// side by side the two would be one JSON key written twice, or two CSV columns of one name, and a
/// reader would keep one value and lose the other.
struct BookRecords {
    var books: [Book]
    /// Each book's reading progress, for the outputs that show it (`list` and `show`); `nil`
    /// leaves it out (`export`).
    var progress: [BookID: ReadingProgress]?
    /// Which status counts a book as read, for the computed `year` column.
    var configuration: LibraryConfiguration

    init(books: [Book], progress: [BookID: ReadingProgress]? = nil, configuration: LibraryConfiguration = .default) {
        self.books = books
        self.progress = progress
        self.configuration = configuration
    }

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

    func record(_ book: Book) -> [(String, JSONValue)] {
        var record: [(String, JSONValue)] = Location.allCases.map { ($0.rawValue, .string($0.value(of: book))) }
        record += book.bookFields.map { ($0.key, JSONValue($0.value)) }
        if let progress { record.append((Self.progressKey, Self.progress(progress[book.id] ?? ReadingProgress([]), of: book.pages))) }
        if !book.extra.isEmpty {
            record.append((Self.customKey, .object(book.extra.map { ($0.key, JSONValue($0.value)) })))
        }
        if !book.body.isEmpty { record.append(("body", .string(book.body))) }
        return record
    }

    func json() -> String {
        JSONValue.array(books.map { .object(record($0)) }).text(.pretty) + "\n"
    }

    func jsonLines() -> String {
        books.map { JSONValue.object(record($0)).text(.compact) + "\n" }.joined()
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

    /// The columns of a CSV of these books: the location keys and every book key, whatever
    /// the books have, so that a script finds a column in the same place whatever a query
    /// found; then the custom keys the books have, in the order first seen, as `custom.KEY`.
    var defaultColumns: [Column] {
        var custom: [String] = []
        var seen = Set<String>()
        for book in books {
            for entry in book.extra where seen.insert(entry.key).inserted {
                custom.append(entry.key)
            }
        }
        return Location.allCases.map(Column.location) + Self.bookKeys.map(Column.book) + custom.map(Column.custom)
    }

    /// CSV with a header of `columns` (default: ``defaultColumns``). Lists are joined with "; ".
    func csv(columns chosen: [Column]? = nil) throws -> String {
        let columns = chosen ?? defaultColumns
        let rows = books.map { book -> [String] in
            let fields = Dictionary(book.bookFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let extra = Dictionary(book.extra.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return columns.map { column -> String in
                switch column {
                case .location(let location): location.value(of: book)
                case .book(let key): fields[key]?.plainText(joiningListsWith: "; ") ?? ""
                case .computed(let name): BookTemplate.value(of: name, in: book, progress: progress?[book.id], configuration: configuration) ?? ""
                case .custom(let key): extra[key]?.plainText(joiningListsWith: "; ") ?? ""
                }
            }
        }
        return try CSVText.write(header: columns.map(\.header), rows: rows)
    }
}
