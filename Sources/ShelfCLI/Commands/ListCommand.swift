import ArgumentParser
import Foundation
import ShelfKit

/// `shelf list`: books, filtered, sorted and printed in a format.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List books, filtered and sorted, as a table, JSON, CSV or paths.",
        discussion: """
            Words after the options search titles, authors, series, tags and notes.
            Sort by title, author, status, rating, pages, published, added, started, finished \
            or path; a trailing - sorts descending.

            Examples:
              shelf list
              shelf list --status finished --sort rating- --limit 10
              shelf list --author "le guin" --format json
              shelf ls --tag sci-fi --format paths | xargs grep -l "ansible"
            """,
        aliases: ["ls"]
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Words to search for in titles, authors, series, tags and notes.")
    var words: [String] = []

    @Option(help: "Only books in this status (repeat for several).")
    var status: [String] = []

    @Option(help: "Only books with an author whose name contains this, ignoring case and accents.")
    var author: String?

    @Option(help: "Only books with this tag.")
    var tag: String?

    @Option(help: "Only books in this folder or below it, e.g. sci-fi.")
    var folder: String?

    @Option(help: ArgumentHelp("Sort by a field; a trailing - sorts descending (repeat).", valueName: "field[-]"))
    var sort: [String] = []

    @Option(help: "Show at most this many books.")
    var limit: Int?

    @Option(help: "table, json, jsonl, csv or paths.")
    var format: OutputFormat = .table

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        _ = try sortOrder()
    }

    func sortOrder() throws -> [BookSort] {
        try sort.map { text in
            let descending = text.hasSuffix("-")
            let name = descending ? String(text.dropLast()) : text
            guard let field = BookSort.Field(rawValue: name) else {
                let known = BookSort.Field.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("cannot sort by \"\(name)\"; sort by one of \(known)")
            }
            return BookSort(field, descending: descending)
        }
    }

    func run() async throws {
        let library = try library.open()
        let query = BookQuery(
            statuses: status.isEmpty ? nil : Set(status.map { Status($0) }), folder: folder, author: author, tag: tag,
            text: words.isEmpty ? nil : words.joined(separator: " "))
        let books = try await library.books(matching: query, sortedBy: try sortOrder(), limit: limit)
        let terminal = Terminal.current(environment: ProcessInfo.processInfo.environment)
        var progress: [BookID: ReadingProgress] = [:]
        if format == .table {
            let configuration = library.configuration
            let reading = configuration.statuses.dropFirst().first ?? .reading
            for book in books where book.status == reading {
                progress[book.id] = ReadingProgress(try await library.sessions(of: book.id))
            }
        }
        let printer = BookListPrinter(format: format, terminal: terminal, root: library.root)
        print(try printer.render(books, progress: progress), terminator: "")
        LibraryWarning.print(await library.lastScanProblems)
    }
}
