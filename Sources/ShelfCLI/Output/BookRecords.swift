import ShelfKit

/// Books as records with named fields: `id`, `path`, `status`, `folder`, then every front matter
/// key under its own name. JSON, JSON Lines and CSV all print these, so they carry the same data.
struct BookRecords {
    var books: [Book]

    static let locationKeys = ["id", "path", "status", "folder"]

    /// The book keys in canonical order: the order of ``Book/fields`` for a book that has them all.
    static let bookKeys: [String] = {
        let specimen = Book(
            title: "-", subtitle: "-", authors: ["-"], isbn: "-", published: .year(1), pages: 1, publisher: "-",
            language: "-", series: "-", seriesIndex: 1, tags: ["-"], rating: 1, added: Day(year: 1, month: 1, day: 1),
            started: Day(year: 1, month: 1, day: 1), finished: Day(year: 1, month: 1, day: 1), cover: "-")
        return specimen.fields.map(\.key)
    }()

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

    /// CSV with one column per key any book has: location keys, book keys in canonical order,
    /// then custom keys in the order first seen. Lists are joined with "; ".
    func csv() throws -> String {
        var custom: [String] = []
        var seen = Set<String>()
        for book in books {
            let extra = Set(book.extra.map(\.key))
            for entry in book.fields where extra.contains(entry.key) && seen.insert(entry.key).inserted {
                custom.append(entry.key)
            }
        }
        let present = Set(books.flatMap { $0.fields.map(\.key) })
        let columns = Self.locationKeys + Self.bookKeys.filter(present.contains) + custom
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
