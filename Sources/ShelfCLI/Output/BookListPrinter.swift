import Foundation
import ShelfKit

/// Prints a list of books in the chosen format. Tables show reading progress for books that
/// have sessions in a reading status; the other formats print the books' fields.
struct BookListPrinter {
    var format: OutputFormat
    var terminal: Terminal
    var root: String

    func render(_ books: [Book], progress: [BookID: ReadingProgress]) throws -> String {
        switch format {
        case .json: return BookRecords(books: books).json()
        case .jsonl: return BookRecords(books: books).jsonLines()
        case .csv: return try BookRecords(books: books).csv()
        case .paths, .paths0: return books.map { DisplayPaths(root: root)($0.path) + format.pathTerminator }.joined()
        case .table: return table(books, progress: progress)
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
            let reached = progress[book.id].flatMap { $0.page }
            table.rows.append([.text(book.title), .list(book.authors), .text(status), .text(BookDisplay.stars(book.rating)),
                               .text(BookDisplay.progress(page: reached, of: book.pages))])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }
}
