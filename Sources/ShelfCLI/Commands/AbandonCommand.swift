import ArgumentParser
import ShelfKit

/// `shelf abandon BOOK`: moves a book to abandoned.
struct AbandonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "abandon",
        abstract: "Stop reading a book: move it to abandoned/ and set stopped.",
        discussion: """
            Its sessions move with it, so `shelf show` still tells how far you got. `stopped` is \
            set only if empty, to today or to --date, which may not be in the future.

            Examples:
              shelf abandon ulysses
              shelf abandon ulysses --date yesterday
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @OptionGroup var date: DayOption

    func run() async throws {
        let library = try library.open()
        let status = library.configuration.status(for: .abandoned)
        _ = try await StatusChange.move(book, to: status, folder: nil, on: date.day, in: library)
    }
}
