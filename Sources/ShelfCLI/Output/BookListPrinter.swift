import Foundation
import ShelfKit

/// Prints a list of books in the chosen format. Tables show reading progress for books that
/// have sessions in a reading status; the other formats print the books' fields.
///
/// Each book is first made into its ``Line`` (``line(_:progress:)``), as the library reads it,
/// and the lines are printed once all are made (``write(_:)``): a table needs every row for
/// its widths, yet a table of 100,000 books need not hold 100,000 books with their bodies.
struct BookListPrinter: Sendable {
    var format: OutputFormat
    var terminal: Terminal
    let root: String
    /// The columns `--fields` chose for the table or the CSV; `nil` for the usual ones.
    var fields: [BookRecords.Column]?
    /// Which status counts a book as read, for the `year` column.
    var configuration: LibraryConfiguration = .default
    /// How paths print, found once rather than for every book.
    private let paths: DisplayPaths

    init(format: OutputFormat, terminal: Terminal, root: String, fields: [BookRecords.Column]?,
         configuration: LibraryConfiguration = .default) {
        self.format = format
        self.terminal = terminal
        self.root = root
        self.fields = fields
        self.configuration = configuration
        paths = DisplayPaths(root: root)
    }

    /// What one book prints as, made while the book is at hand.
    enum Line: Sendable {
        /// A row of the table.
        case cells([Table.Cell])
        /// Printed as it is: a path and its terminator, a line of JSON Lines.
        case text(String)
        /// A book's record as an item of the JSON array (``BookRecords/jsonItem(_:)``).
        case jsonItem(String)
        /// A book's CSV cells, whose header comes from every book.
        case csvRow(BookRecords.CSVRow)
    }

    /// `book` as the format prints it, with `progress` where the format shows it.
    func line(_ book: Book, progress: ReadingProgress?) -> Line {
        switch format {
        // The JSON of a listed book always has its progress: none read is no sessions.
        case .json: .jsonItem(BookRecords.jsonItem(BookRecords.record(book, progress: progress ?? ReadingProgress([]))))
        case .jsonl: .text(BookRecords.jsonLine(BookRecords.record(book, progress: progress ?? ReadingProgress([]))))
        case .csv: .csvRow(BookRecords.csvRow(book, columns: fields, progress: progress, configuration: configuration))
        case .paths, .paths0: .text(paths(book.path) + format.pathTerminator)
        case .table: .cells(fields.map { cells(book, columns: $0, progress: progress) } ?? cells(book, progress: progress))
        }
    }

    /// Writes the lines to standard output: a table and paths as they are made, a piece at a
    /// time (``StandardOutput/Writer``).
    func write(_ lines: [Line]) throws {
        var output = StandardOutput.Writer()
        switch format {
        case .json:
            try BookRecords.writeJSONArray(lines.compactMap { if case .jsonItem(let item) = $0 { item } else { nil } }) {
                (piece: String) throws(CommandFailure) in try output.write(piece)
            }
        case .csv:
            try BookRecords.writeCSV(lines.compactMap { if case .csvRow(let row) = $0 { row } else { nil } }, columns: fields) {
                try output.write($0)
            }
        case .jsonl, .paths, .paths0:
            for case .text(let text) in lines { try output.write(text) }
        case .table:
            guard !lines.isEmpty else { return }
            try table(lines).forEachLine(width: terminal.width, terminal: terminal) { line throws(CommandFailure) in
                try output.write(line)
                try output.write("\n")
            }
        }
        try output.flush()
    }

    /// The table of the lines' cells. The usual table leaves out a column no book fills (no
    /// book rated, none with sessions), so that its room goes to the titles; columns chosen with
    /// `--fields` stay.
    private func table(_ lines: [Line]) -> Table {
        var table = Table(columns: fields.map(columns) ?? Self.usualColumns)
        table.rows = lines.map { if case .cells(let cells) = $0 { cells } else { [] } }
        if fields == nil {
            let filled = table.columns.indices.filter { index in table.rows.contains { index < $0.count && !$0[index].full.isEmpty } }
            if filled.count < table.columns.count {
                table.columns = filled.map { table.columns[$0] }
                table.rows = table.rows.map { row in filled.map { row[$0] } }
            }
        }
        return table
    }

    /// The usual table's columns: authors give way first, as lists (`…, +3`), then titles down
    /// to 20 columns, and only then the status: a title cut short still names its book, while
    /// `reading/cla…` no longer says where the book is.
    private static let usualColumns: [Table.Column] = [
        .init(title: "TITLE", givesWay: 1, minimum: 20), .init(title: "AUTHORS", givesWay: 0, least: 10),
        .init(title: "STATUS", givesWay: 2),
        .init(title: "RATING"), .init(title: "PROGRESS"),
    ]

    /// A row of the usual table.
    private func cells(_ book: Book, progress: ReadingProgress?) -> [Table.Cell] {
        let status = book.folder.isEmpty ? book.status.name : "\(book.status.name)/\(book.folder)"
        return [.text(book.title), .list(book.authors), .text(status), .text(BookDisplay.stars(book.rating)),
                .text(BookDisplay.progress(progress, of: book.pages))]
    }

    /// The columns `--fields` chose, headed by their names: lists shortened first, titles cut
    /// last, as in the usual table.
    private func columns(_ columns: [BookRecords.Column]) -> [Table.Column] {
        let lists = Set(BookSchema.fields.filter { $0.valueType == .textList }.map(\.key))
        let numbers = Set(BookSchema.fields.filter { [.integer, .number].contains($0.valueType) }.map(\.key)).subtracting(["rating"])
        return columns.map { column in
            switch column {
            case .book("title"): .init(title: column.header.uppercased(), givesWay: 2, minimum: 20)
            case .book(let key) where lists.contains(key): .init(title: column.header.uppercased(), givesWay: 0, least: 10)
            case .book(let key) where numbers.contains(key), .computed(let key) where key != "progress":
                .init(title: column.header.uppercased(), alignment: .right)
            default: .init(title: column.header.uppercased(), givesWay: 1)
            }
        }
    }

    /// A row of the `--fields` table.
    private func cells(_ book: Book, columns: [BookRecords.Column], progress: ReadingProgress?) -> [Table.Cell] {
        let fields = Dictionary(book.bookFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return columns.map { column -> Table.Cell in
            switch column {
            case .location(.path): .text(paths(book.path))
            case .location(let location): .text(location.value(of: book))
            case .book("rating"): .text(BookDisplay.stars(book.rating))
            case .book(let key):
                if case .list(let items)? = fields[key] { .list(items.map { $0.plainText() }) } else { .text(fields[key]?.plainText() ?? "") }
            case .computed("progress"): .text(BookDisplay.progress(progress, of: book.pages))
            case .computed(let name): .text(BookTemplate.value(of: name, in: book, progress: progress, configuration: configuration) ?? "")
            case .custom(let key): .text(book.extra(key)?.plainText() ?? "")
            }
        }
    }
}
