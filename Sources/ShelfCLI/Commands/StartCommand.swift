import ArgumentParser
import ShelfKit

/// `shelf start BOOK`: moves a book to reading and sets `started`.
struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start reading a book: move it to reading/ and set started.",
        discussion: """
            The book keeps its folder; its sessions move with it. `started` is set only if \
            empty, to today or to --date, which may not be in the future.

            Examples:
              shelf start piranesi
              shelf start piranesi --date yesterday
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @OptionGroup var date: DayOption

    func run() async throws {
        let library = try library.open()
        let status = library.configuration.status(for: .reading)
        _ = try await StatusChange.move(book, to: status, folder: nil, on: date.day, in: library)
    }
}
