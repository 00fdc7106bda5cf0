import ArgumentParser
import ShelfKit

/// `shelf abandon BOOK`: moves a book to abandoned.
struct AbandonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "abandon",
        abstract: "Stop reading a book: move it to abandoned/ and set stopped and stopped_page.",
        discussion: """
            Its sessions move with it, so `shelf show` still tells how far you got. `stopped` is \
            set only if empty, to today or to --date, which may not be in the future. \
            `stopped_page` is the page you stopped at: --page, or else the page your sessions \
            reached, when they say one; it may not be past the book's pages, and stays when the \
            book is moved back.

            Examples:
              shelf abandon ulysses
              shelf abandon ulysses --page 120 --date yesterday
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @OptionGroup var date: DayOption

    @Option(parsing: .unconditional, help: ArgumentHelp("The page you stopped at (default: the page your sessions reached).",
                                                         valueName: "n"))
    var page: Int?

    func validate() throws {
        if let page, page < 1 { throw InvalidValue("--page takes a page, 1 or more, got \(page)") }
    }

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        let moved = try await library.abandon(book.id, on: date.day, atPage: page)
        try StatusChange.report(book, movedTo: moved, in: library)
        if let stopped = BookDisplay.stoppedAt(moved) { try StandardOutput.writeLine(stopped) }
    }
}
