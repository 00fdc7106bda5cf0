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
            field, custom keys too; a trailing (or leading) - sorts descending.

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
        let books = try await library.books(matching: query, sortedBy: sort.map(SortOption.sort), limit: limit)
        // Taken before reading sessions, which report problems of their own.
        var problems = await library.lastScanProblems
        for key in sort.map(SortOption.key) where !SortOption.isKnown(key) && !books.contains(where: { $0.value(forKey: key) != nil }) {
            printError("shelf: warning: no book listed has \"\(key)\"; --sort \(key) changed nothing")
        }
        let terminal = Terminal.current(environment: ProcessInfo.processInfo.environment)
        var progress: [BookID: ReadingProgress] = [:]
        if format == .named(.table) {
            let configuration = library.configuration
            let reading = configuration.statuses.dropFirst().first ?? .reading
            (progress, problems) = try await Self.progress(of: books.filter { $0.status == reading }, in: library, problems)
        }
        switch format {
        case .named(let format):
            let printer = BookListPrinter(format: format, terminal: terminal, root: library.root)
            print(try printer.render(books, progress: progress), terminator: "")
        case .template(let template):
            var warned: Set<String> = []
            for key in template.fields where !BookTemplate.knownFields.contains(key) && !warned.contains(key) {
                warned.insert(key)
                if !books.contains(where: { $0.value(forKey: key) != nil }) {
                    printError("shelf: warning: no book listed has \"\(key)\"; {\(key)} is left empty")
                }
            }
            if template.needsSessions { (progress, problems) = try await Self.progress(of: books, in: library, problems) }
            print(books.map { template.render($0, progress: progress[$0.id]) + "\n" }.joined(), terminator: "")
        }
        LibraryWarning.print(problems)
    }

    /// The reading progress of `books`, and `problems` with those of the books' session files
    /// that could not be read: the progress shown leaves them out, so the warning names them.
    private static func progress(of books: [Book], in library: FileLibrary, _ problems: [Problem]) async throws
        -> ([BookID: ReadingProgress], [Problem]) {
        let progress = try await library.progress(of: books)
        let folders = Set(books.map { $0.path.hasSuffix(".md") ? String($0.path.dropLast(3)) : $0.path })
        var problems = problems
        for problem in await library.lastScanProblems where !problems.contains(problem) {
            guard let slash = problem.path.lastIndex(of: "/"), folders.contains(String(problem.path[..<slash])) else { continue }
            problems.append(problem)
        }
        return (progress, problems.sorted())
    }
}
