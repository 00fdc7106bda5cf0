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
        let printer = SessionListPrinter(format: format ?? .named(.table), terminal: color.terminal(),
                                         configuration: library.configuration)
        if let book {
            let found = try await library.resolve(library.reference(book))
            let sessions = try await library.sessions(of: found.id)
            // Pages read in pages whatever unit each session is in (a percent, a location, a time).
            var lines = zip(sessions, ReadingSession.pagesRead(ReadingSession.inPages(sessions, books: [found])))
                .filter { session, _ in first.map { session.day >= $0 } ?? true }
                .filter { session, _ in last.map { session.day <= $0 } ?? true }
                .map { SessionLine(session: $0, pagesRead: $1, book: found) }
            if let limit { lines = Array(lines.suffix(limit)) }
            if !lines.isEmpty { _ = printer.print(lines) }
        } else {
            // A template may print any field of a book; the other formats print its title.
            let wholeBooks = if case .template? = format { true } else { false }
            let problems = try await library.forEachSession(from: first, through: last, limit: limit, wholeBooks: wholeBooks) {
                printer.print($0)
            }
            LibraryWarning.print(problems, paths: library.displayPaths)
        }
        try printer.finish()
    }
}
