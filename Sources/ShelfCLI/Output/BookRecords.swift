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

    /// A CSV column: where its values come from decides its header.
    private enum Column {
        case location(Location)
        case book(String)
        case custom(String)

        var header: String {
            switch self {
            case .location(let location): location.rawValue
            case .book(let key): key
            case .custom(let key): BookRecords.customPrefix + key
            }
        }
    }

    /// CSV with one column per key any book has: location keys, book keys in canonical order,
    /// then custom keys in the order first seen, as `custom.KEY`. Lists are joined with "; ".
    func csv() throws -> String {
        var custom: [String] = []
        var seen = Set<String>()
        for book in books {
            for entry in book.extra where seen.insert(entry.key).inserted {
                custom.append(entry.key)
            }
        }
        let present = Set(books.flatMap { $0.bookFields.map(\.key) })
        let columns = Location.allCases.map(Column.location) + Self.bookKeys.filter(present.contains).map(Column.book)
            + custom.map(Column.custom)
        let rows = books.map { book -> [String] in
            let fields = Dictionary(book.bookFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let extra = Dictionary(book.extra.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return columns.map { column -> String in
                switch column {
                case .location(let location): location.value(of: book)
                case .book(let key): fields[key]?.plainText(joiningListsWith: "; ") ?? ""
                case .custom(let key): extra[key]?.plainText(joiningListsWith: "; ") ?? ""
                }
            }
        }
        return try CSVText.write(header: columns.map(\.header), rows: rows)
    }
}
