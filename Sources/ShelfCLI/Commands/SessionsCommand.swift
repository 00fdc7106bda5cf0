import ArgumentParser
import Foundation
import ShelfKit

/// `shelf sessions [BOOK]`: reading sessions of one book or the whole library.
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List reading sessions, of one book or of the whole library.",
        discussion: """
            Sessions are listed oldest first, each with its book's title. --since and --until \
            take a day (2026-11-01, yesterday, 30d) or a month or year (2026-11, last-month, \
            2025), from its first day and to its last. --limit keeps the most recent sessions. \
            A template names a session's values, {date}, {time} (HH:MM), {name} (what `session \
            edit` takes), {book} (the slug), {path}, {from}, \
            {to}, {pages}, {minutes}, {read} (pages read), {note} (its first line) and its own \
            keys, and any field of its book, as `shelf list --format` does ({title}, {authors}).

            Examples:
              shelf sessions dune
              shelf sessions --since 2026-11-01 --until 2026-11-15
              shelf sessions --since last-month --format '{date}  {read} pages  {title}'
              shelf sessions --limit 5 --format jsonl
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var color: ColorOptions

    @Argument(help: "The book (default: every book).", completion: ShelfCompletion.books)
    var book: String?

    @Option(help: ArgumentHelp("Only sessions on or after this day: YYYY-MM-DD, yesterday, 30d, 2026-11, last-month, 2025.",
                               valueName: "day"))
    var since: String?

    @Option(help: ArgumentHelp("Only sessions on or before this day, written as for --since.", valueName: "day"))
    var until: String?

    @Option(parsing: .unconditional, help: "Show at most this many sessions, the most recent.")
    var limit: Int?

    // Read through `transform`, so that the help lists what sessions print rather than every
    // value of `list --format`.
    @Option(help: ArgumentHelp("table (the default), json, jsonl, csv, or a template like '{date}  {title}  {read} pages'.",
                               valueName: "format"),
            transform: { argument in
                guard let format = ListFormat(argument: argument) else {
                    throw ValidationError("expected table, json, jsonl, csv or a template with {fields}")
                }
                return format
            })
    var format: ListFormat?

    func validate() throws {
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, Day.days(value, today: Day.today()) == nil {
                throw InvalidValue("\(name) takes a day (\(Day.relativeForms)), a month or a year, got \"\(value)\"")
            }
        }
        if let limit, limit < 0 { throw InvalidValue("--limit must be 0 or more, got \(limit)") }
        if format == .named(.paths) || format == .named(.paths0) {
            throw ValidationError("sessions print as table, json, jsonl, csv or a template")
        }
    }

    func run() async throws {
        let library = try library.open()
        let today = Day.today()
        let first = since.flatMap { Day.days($0, today: today)?.lowerBound }
        let last = until.flatMap { Day.days($0, today: today)?.upperBound }
        // Every session of the books, whatever the days asked for: a session's pages read
        // depend on the one before it.
        var sessions: [ReadingSession]
        var books: [BookID: Book] = [:]
        if let book {
            let found = try await library.resolve(library.reference(book))
            sessions = try await library.sessions(of: found.id)
            books[found.id] = found
        } else if let first {
            // The books read since the first day, with all their sessions: the others' sessions
            // would only be read to be filtered out.
            let recent = try await library.recentReading(since: first)
            sessions = recent.sessions
            for book in recent.books { books[book.id] = book }
            LibraryWarning.print(recent.problems, paths: library.displayPaths)
        } else {
            let listing = try await library.sessions(since: nil)
            // A template may print any field of a book; the other formats print its title and
            // count in its length, all a book is kept with here (100,000 whole books were 290 MB).
            let wholeBooks = if case .template? = format { true } else { false }
            let listed = try await library.mapBooks(matching: Query.all, sortedBy: [], limit: nil, withProgress: false) { book, _ in
                guard !wholeBooks else { return book }
                var kept = Book(id: book.id, title: book.title)
                kept.pages = book.pages
                kept.locations = book.locations
                kept.duration = book.duration
                return kept
            }
            sessions = listing.items
            for book in listed.items { books[book.id] = book }
            LibraryWarning.print(Array(Set(listing.problems + listed.problems)).sorted(), paths: library.displayPaths)
        }
        // Pages read in pages whatever unit each session is in (a percent, a location, a time).
        var rows = Array(zip(sessions, ReadingSession.pagesRead(ReadingSession.inPages(sessions, books: Array(books.values)))))
            .filter { session, _ in first.map { session.day >= $0 } ?? true }
            .filter { session, _ in last.map { session.day <= $0 } ?? true }
        if let limit { rows = Array(rows.suffix(limit)) }
        try print(rows, books: books, configuration: library.configuration)
    }

    private func print(_ rows: [(session: ReadingSession, pagesRead: Int)], books: [BookID: Book],
                       configuration: LibraryConfiguration) throws {
        let title = { (session: ReadingSession) in books[session.bookID]?.title }
        switch format ?? .named(.table) {
        case .named(.json):
            let records = rows.map { JSONValue.object(SessionRecords.record($0, pagesRead: $1, title: title($0))) }
            try StandardOutput.writeLine(JSONValue.array(records).text(.pretty))
        case .named(.jsonl):
            try StandardOutput.write(rows.map {
                JSONValue.object(SessionRecords.record($0, pagesRead: $1, title: title($0))).text(.compact) + "\n"
            }.joined())
        case .named(.csv):
            try StandardOutput.write(try csv(rows, title: title))
        case .template(let template):
            try StandardOutput.write(rows.map { template.render($0, pagesRead: $1, of: books[$0.bookID], configuration: configuration) + "\n" }.joined())
        case .named(.table), .named(.paths), .named(.paths0):
            let terminal = color.terminal()
            var table = Table(columns: [
                .init(title: "DATE"), .init(title: "BOOK", givesWay: 1), .init(title: "PAGES", alignment: .right),
                .init(title: "FROM–TO"), .init(title: "MINUTES", alignment: .right), .init(title: "NOTE", givesWay: 0, minimum: 10, least: 4),
            ])
            for (session, pagesRead) in rows {
                let range = SessionRecords.range(session) ?? ""
                table.append([SessionRecords.when(session), title(session) ?? session.bookID.rawValue, String(pagesRead), range,
                                   session.minutes.map(String.init) ?? "", SessionRecords.firstLine(session.note) ?? ""])
            }
            if !rows.isEmpty { try StandardOutput.write(table.render(width: terminal.width, terminal: terminal)) }
        }
    }

    private func csv(_ rows: [(session: ReadingSession, pagesRead: Int)], title: (ReadingSession) -> String?) throws -> String {
        let columns = ["book", "title", "date", "time", "path", "from", "to", "pages", "minutes", "pages_read", "note"]
        let lines = rows.map { session, pagesRead -> [String] in
            let record = Dictionary(SessionRecords.record(session, pagesRead: pagesRead, title: title(session)),
                                    uniquingKeysWith: { first, _ in first })
            return columns.map { key in
                switch record[key] {
                // A note's final line break would end the CSV cell on a line of its own.
                case .string(let text)? where key == "note": String(text.reversed().drop { $0 == "\n" }.reversed())
                case .string(let text)?: text
                case .int(let number)?: String(number)
                default: ""
                }
            }
        }
        return try CSVText.write(header: columns, rows: lines)
    }
}
