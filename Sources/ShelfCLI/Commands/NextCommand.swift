import ArgumentParser
import ShelfKit

/// `shelf next`: the books to read in up-next order, changing it, or a random pick.
struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "List the books to read in up-next order, put a book first, or pick one at random.",
        discussion: """
            The order is `next: N` in each book to read (1 first); the books without it follow, \
            oldest added first. `shelf next` lists the first 20 (--limit N, --all for every one). \
            `shelf next BOOK` puts the book first (--position N, --last: after \
            the other books with a place) and renumbers the books with a place, all in one write; \
            --remove takes it out of the order. Starting a book takes out its `next`. --random picks \
            a book to read at random, among those a query matches when one is given (as in \
            `shelf list`).

            Examples:
              shelf next
              shelf next --all --format json
              shelf next the-overstory
              shelf next circe --position 2
              shelf next --remove circe
              shelf next --random tag:sci-fi
            """
    )

    /// How `next` prints the order.
    typealias Format = TableOrJSON

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @OptionGroup var filter: BookFilterOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Put the book at this place instead of first (1 is first).",
                                                         valueName: "n"))
    var position: Int?

    @Flag(help: "Put the book after the other books with a place.")
    var last = false

    @Flag(help: "Take the book out of the up-next order.")
    var remove = false

    @Flag(help: "Pick a book to read at random, among those the query matches.")
    var random = false

    @Option(help: ArgumentHelp("List the first n books up next (20 unless given).", valueName: "n"))
    var limit: Int?

    @Flag(help: "List every book to read.")
    var all = false

    @Option(help: "table or json.")
    var format: Format = .table

    /// The book the command changes, when it names one.
    private var bookReference: String? { filter.terms.first { $0 != "--" } }

    func validate() throws {
        try filter.validate()
        let words = filter.terms.filter { $0 != "--" }
        let filtered = !filter.status.isEmpty || filter.author != nil || filter.tag != nil || filter.folder != nil
        if random {
            if position != nil || last || remove { throw ValidationError("--random picks a book; it cannot be used with --position, --last or --remove") }
            // One book is picked: a length of the listing would be ignored, not obeyed.
            if limit != nil || all { throw ValidationError("--random picks one book; it cannot be used with --limit or --all") }
            return
        }
        if filtered { throw ValidationError("--status, --author, --tag and --folder narrow --random; `shelf next BOOK` names one book") }
        if words.count > 1 {
            throw ValidationError("shelf next takes one book, got \(words.count) words; quote a title with spaces, or use --random with a query")
        }
        if words.isEmpty && (position != nil || last || remove) { throw ValidationError("--position, --last and --remove need a book") }
        if [position != nil, last, remove].filter({ $0 }).count > 1 {
            throw ValidationError("--position, --last and --remove cannot be used together")
        }
        if let position, position < 1 { throw InvalidValue("--position takes 1 or more, got \(position)") }
        if let limit, limit < 1 { throw InvalidValue("--limit takes 1 or more, got \(limit)") }
        if limit != nil && all { throw ValidationError("--limit lists the first books and --all every one; give one of them") }
        if !words.isEmpty && all { throw ValidationError("--all lists the books up next; it cannot be used with a book") }
    }

    func run() async throws {
        let library = try library.open()
        guard random || bookReference != nil else {
            if all { return try await printAll(library) }
            // The first books alone are read whole: the order of the others is their places.
            let page = try await library.upNext(limit: limit ?? 20)
            try print(page.books, positions: Dictionary(page.books.enumerated().map { ($1.id, $0 + 1) }) { first, _ in first },
                      library: library)
            if page.total > page.books.count {
                printError("shelf: the first \(page.books.count) of \(page.total) books to read; --all lists every one")
            }
            LibraryWarning.print(page.problems, paths: library.displayPaths)
            return
        }
        // The books to read alone: the order is theirs (from the index, a query of one status).
        let toRead = BookQuery(statuses: [library.configuration.status(for: .toRead)]).query
        if random {
            let listing = try await library.books(matching: toRead, sortedBy: [], limit: nil)
            let order = UpNextOrder(books: listing.items, configuration: library.configuration)
            // The place shown is the book's among all the books to read, not among the matches.
            let matches = Set(try await library.books(matching: try filter.query(today: Day.today()), sortedBy: [], limit: nil).items.map(\.id))
            guard let pick = order.books.filter({ matches.contains($0.id) }).randomElement() else {
                LibraryWarning.print(listing.problems, paths: library.displayPaths)
                throw InvalidValue("no book in \(order.status.name) matches" + (filter.terms.isEmpty ? "" : " the query"))
            }
            try print([pick], positions: [pick.id: (order.books.firstIndex { $0.id == pick.id } ?? 0) + 1], library: library)
            LibraryWarning.print(listing.problems, paths: library.displayPaths)
            return
        }
        guard let reference = bookReference else { return }
        let book = try await library.resolve(library.reference(reference))
        // The books with a place and this one: a change renumbers only those, and the others,
        // in order by `added`, need not be read (45,000 books to read at 100,000 books).
        let hasPlace = QueryExpression.term(QueryTerm(.has(QueryField(name: "next")), source: "has:next"))
        let placed = try await library.books(matching: Query(.and([toRead.expression, hasPlace])), sortedBy: [], limit: nil)
        let order = UpNextOrder(books: placed.items.filter { $0.path != book.path } + [book], configuration: library.configuration)
        let changes = remove ? try order.removing(book)
            : last ? try order.placingLast(book) : try order.placing(book, at: position ?? 1)
        let written = try await library.update(changes)
        let paths = library.displayPaths
        if written.isEmpty {
            try StandardOutput.writeLine(book.next == nil ? "\(book.id) has no place up next; nothing changed"
                                         : "\(book.id) is already next: \(book.next ?? 0); nothing changed")
        }
        for book in written {
            try StandardOutput.writeLine("\(paths(book.path)): " + (book.next.map { "next: \($0)" } ?? "next removed"))
        }
    }

    /// The books as a table or JSON, each with its place in the order.
    private func print(_ books: [Book], positions: [BookID: Int], library: FileLibrary) throws {
        switch format {
        case .json:
            try StandardOutput.write(BookRecords.jsonArray(books.map { BookRecords.jsonItem(BookRecords.record($0, progress: nil)) }))
        case .table:
            guard !books.isEmpty else { return }
            var table = Self.table()
            table.rows = books.map { Self.row($0, position: positions[$0.id]) }
            try StandardOutput.write(table.render(width: color.terminal().width, terminal: color.terminal()))
        }
    }

    /// Every book to read, as its chunk of the order comes: JSON is written as it goes, and a
    /// table keeps its rows, not the books (45,000 to read at 100,000 books).
    private func printAll(_ library: FileLibrary) async throws {
        let page: UpNextOrder.Page
        switch format {
        case .json:
            let array = JSONArrayOutput()
            page = try await library.forEachUpNext(wholeBooks: true) { books in
                array.append(books.map { BookRecords.jsonItem(BookRecords.record($0, progress: nil)) })
            }
            try array.finish()
        case .table:
            // The widths of the columns wait for the last row.
            let output = StreamedOutput(keeping: Self.table())
            page = try await library.forEachUpNext(wholeBooks: false) { books in
                output.write { _, table in
                    let first = table.rows.count + 1
                    table.rows += books.enumerated().map { Self.row($1, position: first + $0) }
                }
            }
            let terminal = color.terminal()
            try output.finish { writer, table throws(CommandFailure) in
                if !table.rows.isEmpty { try writer.write(table.render(width: terminal.width, terminal: terminal)) }
            }
        }
        LibraryWarning.print(page.problems, paths: library.displayPaths)
    }

    private static func table() -> Table {
        Table(columns: [.init(title: "#", alignment: .right), .init(title: "TITLE", givesWay: 1, minimum: 20),
                        .init(title: "AUTHORS", givesWay: 0, least: 10), .init(title: "PAGES", alignment: .right),
                        .init(title: "ADDED")])
    }

    /// A book's row: its place (1 first), title, authors, pages and day added.
    private static func row(_ book: Book, position: Int?) -> [Table.Cell] {
        [.text(position.map(String.init) ?? ""), .text(book.title), .list(book.authors),
         .text(book.pages.map(String.init) ?? ""), .text(book.added?.description ?? "")]
    }
}
