import ArgumentParser
import Foundation
import ShelfKit

/// `shelf log BOOK --to PAGE`: records a reading session as its own dated file.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a reading session: pages and minutes, as a dated file beside the book.",
        discussion: """
            The session is written to <book folder>/<slug>/<date>-<HHMM>-<letters>.md, named by the \
            day and the time you began (now less --minutes, or --at) and four random letters that \
            keep it apart from a session another device logs in the same minute. --to is where you reached: a page, \
            a percent (45%, for e-readers), a location ("loc 3400", with the book's locations) or a \
            time into an audiobook (3h20m or 3:20, with the book's duration); --from defaults to \
            where you left off. --minutes takes 90, 1h30, 45m or 1:30. Logging a book you have not started moves it to reading. A session must \
            fit the book: it is refused when it is empty, after today, longer than a day, past \
            the book's last page (give --pages-total when the edition is longer), or at odds \
            with the sessions logged before and after its day. --note - reads the note from \
            standard input, byte for byte; --edit writes it in $VISUAL or $EDITOR first. --undo \
            removes the book's last session to .shelf/trash/ (`shelf session` corrects one).

            Examples:
              shelf log dune --to 120 --minutes 45
              shelf log circe --to 45% --minutes 1h30
              shelf log piranesi --to 3h20m --minutes 50
              shelf log dune --to "loc 3400"
              shelf log dune --pages 30 --date yesterday --at 8:15 --note "Read on the train."
              shelf log wind --to 700 --pages-total 722
              pbpaste | shelf log dune --minutes 20 --note -
              shelf log dune --to 150 --edit
              shelf log dune --undo
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Option(parsing: .unconditional, help: "Where you reached: a page, 45%, \"loc 3400\" or 3h20m.")
    var to: PositionArgument?

    @Option(parsing: .unconditional, help: "Where you started (default: the page after where the last session ended; in other units, where it ended).")
    var from: PositionArgument?

    @Option(parsing: .unconditional, help: "How many pages you read, when you do not track page numbers.")
    var pages: Int?

    @Option(parsing: .unconditional, help: "How long you read: minutes (90) or 1h30, 45m, 1:30.")
    var minutes: MinutesArgument?

    @Option(help: "The day: YYYY-MM-DD, today, yesterday, or 3d for three days ago (default: today).")
    var date: String?

    @Option(help: ArgumentHelp("When you began, HH:MM (default: now less --minutes; for another day, the time you log it).",
                               valueName: "time"))
    var at: String?

    @Option(help: "A note, the session file's body; - reads it from standard input.")
    var note: String?

    @Flag(help: "Write the note in $VISUAL or $EDITOR (starting from --note), then log the session.")
    var edit = false

    @Flag(help: "Remove the book's last session instead: its file goes to .shelf/trash/.")
    var undo = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Correct the book's page count in the same write, for an edition longer than it says.",
                               valueName: "pages"))
    var pagesTotal: Int?

    func validate() throws {
        if undo {
            let others = [pages, pagesTotal].contains { $0 != nil } || [to?.text, from?.text, minutes?.text, date, at, note].contains { $0 != nil }
            if others || edit { throw ValidationError("--undo removes the last session; give it alone") }
            return
        }
        if pages != nil && (to != nil || from != nil) {
            throw ValidationError("give either --pages or --from/--to, not both")
        }
        if to == nil && pages == nil && minutes == nil && note == nil && !edit {
            throw ValidationError("say what you read: --to PAGE, --pages N, --minutes M or --note TEXT")
        }
        try PositionInput.validate(from: from, to: to, pages: pages, minutes: minutes, date: date, at: at)
        if let pagesTotal, pagesTotal < 0 { throw InvalidValue("--pages-total must be 0 or more, got \(pagesTotal)") }
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        if undo {
            let last = try await library.session(.last, of: book.id)
            let trashed = try await library.delete(last)
            try StandardOutput.writeLine("removed \(library.displayPaths(last.path)) to \(library.displayPaths(trashed))")
            return
        }
        var note = try note.map(NoteInput.read)
        if edit { note = try NoteInput.edit(note ?? "") }
        let day = date.flatMap { Day.parse($0, today: Day.today()) } ?? Day.today()
        var session = ReadingSession(bookID: book.id, day: day, time: at.flatMap { TimeOfDay($0) }, pages: pages,
                                     minutes: try minutes.map { try PositionInput.minutes($0.text, option: "--minutes") }, note: note ?? "")
        session.fromPosition = try from.map { try PositionInput.position($0.text, option: "--from") }
        session.toPosition = try to.map { try PositionInput.position($0.text, option: "--to") }
        let logged: ReadingSession
        do {
            logged = try await library.log(session, for: book.id, pagesTotal: pagesTotal)
        } catch {
            // A finished book read again: the new read has to begin first.
            let role = library.configuration.role(of: book.status)
            guard case .sessionPageBelowProgress = error, role == .finished || role == .abandoned else { throw error }
            throw CommandFailure(message: error.description + "; to read it again, begin a new read with `shelf start \(book.id)`")
        }
        let current = try await Self.printLogged(logged, library: library)
        if current.status != book.status { printError("shelf: \(book.id) moved to \(current.status.name)") }
        if let started = current.started, let before = book.started, started < before {
            printError("shelf: \(book.id) was started on \(started), the day of this session, not \(before)")
        }
    }

    /// What `log` and `read` print for a session logged: its file, and where the book now is.
    /// - Returns: The book as it is after the session.
    @discardableResult
    static func printLogged(_ logged: ReadingSession, library: FileLibrary) async throws -> Book {
        // Found as the command found the book, through the index when it knows the slug:
        // `book(_:)` walks the whole library to refuse a copy made since, 0.24 s at 100,000 books.
        let current = try await library.resolve(logged.bookID.rawValue)
        let progress = ReadingProgress(try await library.sessions(of: logged.bookID), of: current)
        var message = library.displayPaths(logged.path)
        if let page = progress.page {
            message += ": page \(current.pages.map { min(page, $0) } ?? page)" + (current.pages.map { " of \($0)" } ?? "")
            if let percent = progress.percent(of: current.pages) { message += " (\(percent)%)" }
        } else if let percent = progress.percent(of: current.pages) {
            message += ": \(percent)%"
        }
        try StandardOutput.writeLine(message)
        return current
    }
}
