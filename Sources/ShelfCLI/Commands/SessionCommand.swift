import ArgumentParser
import ShelfKit

/// `shelf session edit|rm BOOK SESSION`: corrects or removes a session already logged.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Correct or remove a session already logged.",
        discussion: """
            SESSION is the session's file name without .md (2026-11-20-0740, 2026-11-20, \
            2026-11-20-2), a day when the book has exactly one session that day (2026-11-20, \
            yesterday, 3d), or last. `shelf sessions BOOK` lists them.

            Examples:
              shelf session edit dune last --to 130
              shelf session edit dune 2026-11-20-0740 --date yesterday --at 21:30
              shelf session edit dune 2026-11-20
              shelf session rm dune 2026-11-20-0740
            """,
        subcommands: [SessionEditCommand.self, SessionRemoveCommand.self]
    )
}

/// The help of a SESSION argument, shared by the subcommands.
private let sessionHelp = ArgumentHelp("The session: its file name without .md (2026-11-20-0740), a day with one session, or last.",
                                       valueName: "session")

/// The book and the session of it that `session edit` and `session rm` act on, as typed.
struct NamedSession: ParsableArguments {
    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: sessionHelp)
    var session: String

    /// The book the first argument names.
    func book(in library: FileLibrary) async throws -> Book {
        try await library.resolve(library.reference(book))
    }

    /// The session of `book` the second argument names.
    func session(of book: Book, in library: FileLibrary) async throws -> ReadingSession {
        try await library.session(SessionReference(session), of: book.id)
    }
}

/// `shelf session edit BOOK SESSION [--to N] …`: changes the keys given, or opens the file.
struct SessionEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct a session: change the values given, or open its file in $VISUAL or $EDITOR.",
        discussion: """
            Only the lines of the values you change are rewritten; comments, other keys and \
            line endings stay as they were. A new --date or --at renames the file \
            (2026-11-19-2130.md). The correction must be possible in itself (not after today, \
            not longer than a day, within the book's pages, not empty); when it leaves later \
            sessions at odds with it (pages going backwards) it is saved and the contradictions \
            are printed, to correct next. With no value to change the file opens in your editor, \
            as `shelf edit BOOK --session SESSION` does. --note - reads the note from standard input.

            Examples:
              shelf session edit dune last --to 130 --minutes 40
              shelf session edit circe yesterday --to 45% --minutes 1h10
              shelf session edit dune 2026-11-20-0740 --date 2026-11-19 --at 21:30
              echo "Finished part one." | shelf session edit dune last --note -
              shelf session edit dune yesterday
            """
    )

    @OptionGroup var library: LibraryOptions

    @OptionGroup var named: NamedSession

    @Option(parsing: .unconditional, help: "Where the session ended: a page, 45%, \"loc 3400\" or 3h20m.")
    var to: PositionArgument?

    @Option(parsing: .unconditional, help: "Where it started: a page, 45%, \"loc 3400\" or 3h20m.")
    var from: PositionArgument?

    @Option(parsing: .unconditional, help: "How many pages were read, for a session without page numbers.")
    var pages: Int?

    @Option(parsing: .unconditional, help: "How long: minutes (90) or 1h30, 45m, 1:30.")
    var minutes: MinutesArgument?

    @Option(help: "The day: YYYY-MM-DD, today, yesterday, or 3d for three days ago; renames the file.")
    var date: String?

    @Option(help: ArgumentHelp("When the session began, HH:MM; renames the file.", valueName: "time"))
    var at: String?

    @Option(help: "The note, the file's body; - reads it from standard input.")
    var note: String?

    private var changesSomething: Bool {
        pages != nil || [to?.text, from?.text, minutes?.text, date, at, note].contains { $0 != nil }
    }

    func validate() throws {
        try PositionInput.validate(from: from, to: to, pages: pages, minutes: minutes, date: date, at: at)
    }

    func run() async throws {
        let library = try library.open()
        let book = try await named.book(in: library)
        var session = try await named.session(of: book, in: library)
        guard changesSomething else {
            try await EditCommand.editAndCheck(session.path, in: library, again: "shelf session edit \(book.id) \(session.name)")
            return
        }
        if let to { session.toPosition = try PositionInput.position(to.text, option: "--to") }
        if let from { session.fromPosition = try PositionInput.position(from.text, option: "--from") }
        if let pages { session.pages = pages }
        if let minutes { session.minutes = try PositionInput.minutes(minutes.text, option: "--minutes") }
        if let date, let day = Day.parse(date, today: Day.today()) { session.day = day }
        if let at { session.time = TimeOfDay(at) }
        if let note { session.note = try NoteInput.read(note) }
        let update: SessionUpdate
        do {
            update = try await library.update(session)
        } catch {
            // The page count is corrected with `set` here; `log` has --pages-total for it.
            if case .impossibleSession(_, _, .pastLastPage(let page, _)) = error {
                throw CommandFailure(message: "\(error) (`shelf set \(book.id) pages=\(page)`)")
            }
            throw error
        }
        try StandardOutput.writeLine(library.displayPaths(update.session.path))
        if update.renamed { printError("shelf: renamed from \(library.displayPaths(update.previousPath))") }
        guard !update.contradictions.isEmpty else { return }
        for problem in update.contradictions { printError(library.displayPaths.problem(problem)) }
        printError("shelf: saved; \(book.id)'s sessions now contradict each other in "
                   + Plural.counted(update.contradictions.count, "place") + ", correct them with `shelf session edit`")
    }
}

/// `shelf session rm BOOK SESSION`: moves a session's file to the trash.
struct SessionRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a session: move its file to .shelf/trash/.",
        discussion: """
            Nothing is erased: the file waits in .shelf/trash/<today>/ at its old path, from \
            where you can move it back. `shelf log BOOK --undo` removes the last session.

            Examples:
              shelf session rm dune 2026-11-20-0740
              shelf session rm dune last
            """
    )

    @OptionGroup var library: LibraryOptions

    @OptionGroup var named: NamedSession

    func run() async throws {
        let library = try library.open()
        let book = try await named.book(in: library)
        let session = try await named.session(of: book, in: library)
        let trashed = try await library.delete(session)
        try StandardOutput.writeLine("removed \(library.displayPaths(session.path)) to \(library.displayPaths(trashed))")
    }
}
