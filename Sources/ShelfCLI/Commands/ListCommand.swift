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
            finished:2024, 'rating>=4', -tag:kindle, '(a or b)'; see docs/query.md. Quote a term \
            with >, <, parentheses or spaces, or the shell takes them (rating>=4 unquoted writes a \
            file named =4). Sort by any \
            field, custom keys too; a trailing (or leading) - sorts descending. In JSON your own \
            keys are under "custom" and in CSV their columns are custom.KEY; a template reads \
            one as {custom.KEY}, which a key named like one of shelf's (status, id) needs. \
            A query that matches no book prints nothing and exits 0, since list is a listing; \
            `shelf search` takes the same query and exits 1 when nothing matches, as grep does.

            Examples:
              shelf list
              shelf list status:finished -tag:kindle 'rating>=4' --sort finished-
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
        let format = chosenFormat
        let configuration = library.configuration
        // The usual table shows progress for the books being read; other outputs wherever asked for.
        let reading = configuration.status(for: .reading)
        let progressForAll = format != .named(.table) || fields != nil
        // Keys the warnings below ask about: sort keys shelf does not know, and the custom keys
        // a template reads, once each.
        let sortKeys = sort.map(SortOption.key).filter { !SortOption.isKnown($0) }
        var templateKeys: [(field: String, key: String)] = []
        if case .template(let template) = format {
            for field in template.fields where !templateKeys.contains(where: { $0.field == field }) {
                if let key = BookTemplate.customKey(field) { templateKeys.append((field, key)) }
            }
        }
        let printer: BookListPrinter? = switch format {
        case .named(let named):
            BookListPrinter(format: named, terminal: color.terminal(), root: library.root, fields: try columns(),
                            configuration: configuration)
        case .template: nil
        }
        let keys = templateKeys.map(\.key)
        if let printer, format == .named(.json) || format == .named(.jsonl) {
            return try await stream(library: library, query: query, order: order, printer: printer, sortKeys: sortKeys)
        }
        // Each book is made into what is printed of it as it is read, so the books need not all be
        // held: a table of a large library holds its rows.
        let listing = try await library.mapBooks(matching: query, sortedBy: order, limit: limit, withProgress: showsProgress) {
            book, bookProgress in
            let progress = progressForAll || book.status == reading ? bookProgress : nil
            let line: BookListPrinter.Line = switch format {
            case .named: printer?.line(book, progress: progress) ?? .text("")
            case .template(let template): .text(template.render(book, progress: progress, configuration: configuration) + "\n")
            }
            return ListedLine(line: line, hasSortKey: sortKeys.map { book.value(forKey: $0) != nil },
                              hasTemplateKey: keys.map { book.extra($0) != nil })
        }
        let lines = listing.items
        for (position, key) in sortKeys.enumerated() where !lines.contains(where: { $0.hasSortKey[position] }) {
            printError("shelf: warning: no book listed has \"\(key)\"; --sort \(key) changed nothing")
        }
        for (position, (field, _)) in templateKeys.enumerated() where !lines.contains(where: { $0.hasTemplateKey[position] }) {
            printError("shelf: warning: no book listed has \"\(field)\"; {\(field)} is left empty")
        }
        if let printer {
            try printer.write(lines.map(\.line))
        } else {
            var output = StandardOutput.Writer()
            for listed in lines { if case .text(let text) = listed.line { try output.write(text) } }
            try output.flush()
        }
        LibraryWarning.print(listing.problems, paths: library.displayPaths)
    }

    /// JSON and JSON Lines, printed a chunk of books at a time as the library hands them on
    /// (``LibraryCommands/forEachBook(matching:sortedBy:limit:withProgress:_:)``): a listing of
    /// every book of a large library holds their order and a chunk, not every book's record.
    private func stream(library: FileLibrary, query: Query, order: [BookSort], printer: BookListPrinter,
                        sortKeys: [String]) async throws {
        let array = JSONArrayOutput()
        let lines = StreamedOutput<Void>()
        // For each `--sort` key shelf does not know, whether a book listed has it.
        let sortKeysSeen = Locked([Bool](repeating: false, count: sortKeys.count))
        let problems = try await library.forEachBook(matching: query, sortedBy: order, limit: limit, withProgress: true) { chunk in
            sortKeysSeen.withLock { seen in
                for (position, key) in sortKeys.enumerated() where !seen[position] {
                    seen[position] = chunk.contains { $0.book.value(forKey: key) != nil }
                }
            }
            var items: [String] = []
            var texts: [String] = []
            for listed in chunk {
                switch printer.line(listed.book, progress: listed.progress) {
                case .jsonItem(let item): items.append(item)
                case .text(let text): texts.append(text)
                case .cells, .csvRow: break
                }
            }
            return array.append(items) && lines.append(texts)
        }
        if format == .named(.json) { try array.finish() } else { try lines.finish() }
        for (position, key) in sortKeys.enumerated() where !sortKeysSeen.withLock({ $0[position] }) {
            printError("shelf: warning: no book listed has \"\(key)\"; --sort \(key) changed nothing")
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

/// One listed book as `list` prints it, and which of the keys its warnings ask about it has.
private struct ListedLine: Sendable {
    /// A template's line is text.
    var line: BookListPrinter.Line
    /// For each `--sort` key shelf does not know, in order, whether the book has a value for it.
    var hasSortKey: [Bool]
    /// For each custom key the template reads, in order, whether the book has it.
    var hasTemplateKey: [Bool]
}
