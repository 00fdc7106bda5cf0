import Foundation
import ShelfKit

/// Prints a list of books in the chosen format. Tables show reading progress for books that
/// have sessions in a reading status; the other formats print the books' fields.
struct BookListPrinter {
    var format: OutputFormat
    var terminal: Terminal
    var root: String
    /// The columns `--fields` chose for the table or the CSV; `nil` for the usual ones.
    var fields: [BookRecords.Column]?
    /// Which status counts a book as read, for the `year` column.
    var configuration: LibraryConfiguration = .default

    func render(_ books: [Book], progress: [BookID: ReadingProgress]) throws -> String {
        switch format {
        case .json: return BookRecords(books: books, progress: progress).json()
        case .jsonl: return BookRecords(books: books, progress: progress).jsonLines()
        case .csv: return try BookRecords(books: books, progress: progress, configuration: configuration).csv(columns: fields)
        case .paths, .paths0:
            let paths = DisplayPaths(root: root)
            return books.map { paths($0.path) + format.pathTerminator }.joined()
        case .table: return fields.map { table(books, columns: $0, progress: progress) } ?? table(books, progress: progress)
        }
    }

    private func table(_ books: [Book], progress: [BookID: ReadingProgress]) -> String {
        guard !books.isEmpty else { return "" }
        // Titles keep their room longest; authors give way first, as lists (`…, +3`).
        var table = Table(columns: [
            .init(title: "TITLE", givesWay: 2, minimum: 20), .init(title: "AUTHORS", givesWay: 0, least: 10),
            .init(title: "STATUS", givesWay: 1),
            .init(title: "RATING"), .init(title: "PROGRESS"),
        ])
        for book in books {
            let status = book.folder.isEmpty ? book.status.name : "\(book.status.name)/\(book.folder)"
            table.rows.append([.text(book.title), .list(book.authors), .text(status), .text(BookDisplay.stars(book.rating)),
                               .text(BookDisplay.progress(progress[book.id], of: book.pages))])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }

    /// A table of the columns `--fields` chose, headed by their names: lists shortened first,
    /// titles cut last, as in the usual table.
    private func table(_ books: [Book], columns: [BookRecords.Column], progress: [BookID: ReadingProgress]) -> String {
        guard !books.isEmpty else { return "" }
        let lists = Set(BookSchema.fields.filter { $0.valueType == .textList }.map(\.key))
        let numbers = Set(BookSchema.fields.filter { [.integer, .number].contains($0.valueType) }.map(\.key)).subtracting(["rating"])
        var table = Table(columns: columns.map { column in
            switch column {
            case .book("title"): .init(title: column.header.uppercased(), givesWay: 2, minimum: 20)
            case .book(let key) where lists.contains(key): .init(title: column.header.uppercased(), givesWay: 0, least: 10)
            case .book(let key) where numbers.contains(key), .computed(let key) where key != "progress":
                .init(title: column.header.uppercased(), alignment: .right)
            default: .init(title: column.header.uppercased(), givesWay: 1)
            }
        })
        let paths = DisplayPaths(root: root)
        for book in books {
            let fields = Dictionary(book.bookFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            table.rows.append(columns.map { column -> Table.Cell in
                switch column {
                case .location(.path): .text(paths(book.path))
                case .location(let location): .text(location.value(of: book))
                case .book("rating"): .text(BookDisplay.stars(book.rating))
                case .book(let key):
                    if case .list(let items)? = fields[key] { .list(items.map { $0.plainText() }) } else { .text(fields[key]?.plainText() ?? "") }
                case .computed("progress"): .text(BookDisplay.progress(progress[book.id], of: book.pages))
                case .computed(let name): .text(BookTemplate.value(of: name, in: book, progress: progress[book.id], configuration: configuration) ?? "")
                case .custom(let key): .text(book.extra(key)?.plainText() ?? "")
                }
            })
        }
        return table.render(width: terminal.width, terminal: terminal)
    }
}
