import ArgumentParser
import Foundation
import ShelfKit

/// `shelf list`: books, filtered, sorted and printed in a format.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List books, filtered and sorted, as a table, JSON, CSV or paths.",
        discussion: """
            The query is words to search for and field terms, ANDed: author:herbert, \
            finished:2024, rating>=4, -tag:kindle, (a or b); see docs/query.md. Sort by any \
            field, custom keys too; a trailing (or leading) - sorts descending. In JSON your own \
            keys are under "custom" and in CSV their columns are custom.KEY; a template reads \
            one as {custom.KEY}, which a key named like one of shelf's (status, id) needs. \
            A query that matches no book prints nothing and exits 0, since list is a listing; \
            `shelf search` takes the same query and exits 1 when nothing matches, as grep does.

            Examples:
              shelf list
              shelf list status:finished -tag:kindle rating>=4 --sort finished-
              shelf list author:marquez --format json
              shelf list finished:this-year --format '{finished}  {title} — {authors}'
              shelf list status:reading --format '{progress}%  {title}' --sort -progress
              shelf ls tag:sci-fi --format paths | xargs grep -l "ansible"
            """,
        aliases: ["ls"]
    )

    @OptionGroup var library: LibraryOptions

    @OptionGroup var filter: BookFilterOptions

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sort by any field; a leading or trailing - sorts descending (repeat).", valueName: "field"))
    var sort: [String] = []

    @Option(help: "Show at most this many books.")
    var limit: Int?

    @Option(help: ArgumentHelp("table, json, jsonl, csv, paths, or a template like '{title} ({published}) — {authors}'.",
                               valueName: "format"))
    var format: ListFormat = .named(.table)

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        for key in sort where SortOption.key(key).isEmpty {
            throw ValidationError("--sort needs a field name, got \"\(key)\"")
        }
    }

    func run() async throws {
        let library = try library.open()
        let query = try filter.query(today: Day.today())
        let order = sort.map(SortOption.sort)
        let books: [Book]
        let problems: [Problem]
        var progress: [BookID: ReadingProgress] = [:]
        if showsProgress {
            let listed = try await library.booksWithProgress(matching: query, sortedBy: order, limit: limit)
            books = listed.items.map(\.book)
            problems = listed.problems
            // The table shows it for the books being read; a template wherever it is asked for.
            let reading = library.configuration.status(for: .reading)
            for (book, bookProgress) in listed.items where format != .named(.table) || book.status == reading {
                progress[book.id] = bookProgress
            }
        } else {
            let listed = try await library.books(matching: query, sortedBy: order, limit: limit)
            books = listed.items
            problems = listed.problems
        }
        for key in sort.map(SortOption.key) where !SortOption.isKnown(key) && !books.contains(where: { $0.value(forKey: key) != nil }) {
            printError("shelf: warning: no book listed has \"\(key)\"; --sort \(key) changed nothing")
        }
        switch format {
        case .named(let format):
            let terminal = Terminal.current(environment: ProcessInfo.processInfo.environment)
            let printer = BookListPrinter(format: format, terminal: terminal, root: library.root)
            try StandardOutput.write(try printer.render(books, progress: progress))
        case .template(let template):
            var warned: Set<String> = []
            for field in template.fields where !warned.contains(field) {
                guard let key = BookTemplate.customKey(field) else { continue }
                warned.insert(field)
                if !books.contains(where: { $0.extra(key) != nil }) {
                    printError("shelf: warning: no book listed has \"\(field)\"; {\(field)} is left empty")
                }
            }
            try StandardOutput.write(books.map { template.render($0, progress: progress[$0.id]) + "\n" }.joined())
        }
        LibraryWarning.print(problems)
    }

    /// Whether the output shows reading progress, which comes from the books' sessions: the
    /// table's column, or a template's computed fields.
    private var showsProgress: Bool {
        switch format {
        case .named(let named): named == .table
        case .template(let template): template.needsSessions
        }
    }
}
