import ShelfKit

/// Books as records with named fields: `id`, `path`, `status`, `folder`, then every front matter
/// key under its own name. JSON, JSON Lines and CSV all print these, so they carry the same data.
struct BookRecords {
    var books: [Book]

    static let locationKeys = ["id", "path", "status", "folder"]

    func record(_ book: Book) -> [(String, JSONWriter.Value)] {
        [("id", .string(book.id.rawValue)), ("path", .string(book.path)), ("status", .string(book.status.name)),
         ("folder", .string(book.folder))]
            + book.fields.map { ($0.key, JSONWriter.Value($0.value)) }
            + (book.body.isEmpty ? [] : [("body", .string(book.body))])
    }

    func json() -> String {
        JSONWriter.writePretty(.array(books.map { .object(record($0)) })) + "\n"
    }

    func jsonLines() -> String {
        books.map { JSONWriter.write(.object(record($0))) + "\n" }.joined()
    }

    /// CSV with one column per key any book has: location keys, book keys, then custom keys in
    /// the order first seen. Lists are joined with "; ".
    func csv() throws -> String {
        var columns = Self.locationKeys
        var seen = Set(columns)
        for book in books {
            for entry in book.fields where seen.insert(entry.key).inserted { columns.append(entry.key) }
        }
        let rows = books.map { book -> [String] in
            let fields = Dictionary(book.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return columns.map { column -> String in
                switch column {
                case "id": book.id.rawValue
                case "path": book.path
                case "status": book.status.name
                case "folder": book.folder
                default: fields[column].map(Self.csvText) ?? ""
                }
            }
        }
        return try CSVText.write(header: columns, rows: rows)
    }

    static func csvText(_ value: YAMLValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .list(let items): items.map(csvText).joined(separator: "; ")
        default: value.description
        }
    }
}
