import ArgumentParser
import ShelfKit

/// `shelf start BOOK`: moves a book to reading and sets `started`.
struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start reading a book: move it to reading/ and set started.",
        discussion: """
            The book keeps its folder; its sessions move with it. `started` is set only if \
            empty, to today or to --date, which may not be in the future. Starting a finished \
            or abandoned book begins a re-read: the read so far (started, finished or stopped, \
            rating) goes to the book's reads list, its sessions stay, and progress starts again.

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
        let current = try await library.resolve(library.reference(book))
        let role = library.configuration.role(of: current.status)
        guard role == .finished || role == .abandoned else {
            _ = try await StatusChange.move(book, to: status, folder: nil, on: date.day, in: library)
            return
        }
        let day = date.day ?? Day.today()
        let moved = try await library.start(current.id, on: day)
        let paths = library.displayPaths
        try StandardOutput.writeLine("\(paths(current.path)) → \(paths(moved.path))")
        let reads = moved.earlierReads.count
        printError("shelf: \(current.id): a new read, started \(day); the \(reads == 1 ? "earlier read is" : "\(reads) earlier reads are") kept in reads")
    }
}
