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
              shelf list status:reading --fields title,progress,minutes
              shelf ls tag:sci-fi -0 | xargs -0 grep -l "ansible"
            """,
        aliases: ["ls"]
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @OptionGroup var filter: BookFilterOptions

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sort by any field; a leading or trailing - sorts descending (repeat).", valueName: "field"))
    var sort: [String] = []

    @Option(parsing: .unconditional, help: "Show at most this many books.")
    var limit: Int?

    @Option(help: ArgumentHelp("table, json, jsonl, csv, paths, paths0 (ended by NUL, for xargs -0), or a template like "
                               + "'{title} ({published}) — {authors}'.",
                               valueName: "format"))
    var format: ListFormat = .named(.table)

    // `-0` reaches here as `--null` (``ShelfMain/nullFlag(_:)``): declared as a short flag,
    // its `0` would be read out of a query term such as `-year:2024`, as grouped short flags.
    @Flag(name: .customLong("null"), help: "The same as --format paths0; -0 for short.")
    var nulSeparated = false

    @Option(help: ArgumentHelp("The columns of the table or CSV, by field name: id, path, status, folder, any book key, "
                               + "sessions, progress, read, minutes, year, custom.KEY.", valueName: "a,b,c"))
    var fields: String?

    /// `--fields` as columns; `nil` for the usual ones.
    private func columns() throws -> [BookRecords.Column]? {
        guard let fields else { return nil }
        let names = fields.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return try names.map { name in
            guard !name.isEmpty else { throw ValidationError("--fields takes field names separated by commas, got \"\(fields)\"") }
            guard let column = BookRecords.Column(field: name) else {
                let close = Suggestions.closeMatches(to: name, among: BookRecords.Column.names)
                let advice = close.isEmpty ? "the fields are " + BookRecords.Column.names.joined(separator: ", ") + ", custom.KEY"
                    : "did you mean " + Suggestions.alternatives(close) + "?"
                throw ValidationError("--fields: unknown field \"\(name)\"; \(advice)")
            }
            return column
        }
    }

    func validate() throws {
        if nulSeparated, ![.named(.table), .named(.paths), .named(.paths0)].contains(format) {
            throw ValidationError("-0 prints paths ended by NUL; it cannot be used with another --format")
        }
        if fields != nil, ![.named(.table), .named(.csv)].contains(chosenFormat) {
            throw ValidationError("--fields chooses the columns of the table and the CSV, not of --format \(format.defaultValueDescription)")
        }
        _ = try columns()
        if let limit, limit < 0 { throw InvalidValue("--limit must be 0 or more, got \(limit)") }
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
            // The usual table shows it for the books being read; other outputs wherever asked for.
            let reading = library.configuration.status(for: .reading)
            for (book, bookProgress) in listed.items where chosenFormat != .named(.table) || fields != nil || book.status == reading {
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
        switch chosenFormat {
        case .named(let format):
            let terminal = color.terminal()
            let printer = BookListPrinter(format: format, terminal: terminal, root: library.root, fields: try columns(),
                                          configuration: library.configuration)
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
            try StandardOutput.write(books.map { template.render($0, progress: progress[$0.id], configuration: library.configuration) + "\n" }.joined())
        }
        LibraryWarning.print(problems, paths: library.displayPaths)
    }

    /// `--format`, or `paths0` with `-0`.
    private var chosenFormat: ListFormat { nulSeparated ? .named(.paths0) : format }

    /// Whether the output shows reading progress, which comes from the books' sessions: the
    /// table's column, JSON's `progress`, a CSV column or a template's computed fields.
    private var showsProgress: Bool {
        switch chosenFormat {
        case .named(.table), .named(.json), .named(.jsonl): true
        case .named(.csv): (try? columns())??.contains(where: \.needsSessions) ?? false
        case .named(.paths), .named(.paths0): false
        case .template(let template): template.needsSessions
        }
    }
}
