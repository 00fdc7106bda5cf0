import ArgumentParser
import ShelfKit

/// `shelf start BOOK`: moves a book to reading and sets `started`.
struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start reading a book: move it to reading/ and set started.",
        discussion: """
            The book keeps its folder; its sessions move with it. `started` is set only if \
            empty, to today or to --date, which may not be in the future. A book put down \
            (abandoned) is picked up again where it stopped: its read goes on, with its sessions. \
            A book finished on the day given (today) had its finish by mistake: the finish is \
            taken back and the read goes on. Starting a book finished on an earlier day, or \
            any finished or abandoned book with --again, begins a re-read: the read so far \
            (started, finished or stopped, rating) goes to the book's reads list, its sessions \
            stay, and progress starts again.

            Examples:
              shelf start piranesi
              shelf start piranesi --date yesterday
              shelf start dune --again
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @OptionGroup var date: DayOption

    @Flag(help: "Begin a new read of a finished or abandoned book, from page 1, even one finished that day.")
    var again = false

    func run() async throws {
        let library = try library.open()
        let status = library.configuration.status(for: .reading)
        let current = try await library.resolve(library.reference(book))
        let role = library.configuration.role(of: current.status)
        let day = date.day ?? Day.today()
        let takesBack = !again && (role == .abandoned || (role == .finished && current.finished.map { $0 >= day } ?? true))
        guard role == .finished || role == .abandoned, !takesBack else {
            // Moving to reading takes back a finish or an abandon: the read goes on.
            _ = try await StatusChange.move(current, to: status, folder: nil, on: date.day, in: library)
            if role == .abandoned {
                printError("shelf: \(current.id): picked up again where it was put down; `shelf start \(current.id) --again` would have begun a new read")
            } else if role == .finished {
                printError("shelf: \(current.id): the finish of \(current.finished.map(String.init(describing:)) ?? day.description) is taken back; the read goes on")
            }
            return
        }
        let moved = try await library.start(current.id, on: day)
        let paths = library.displayPaths
        try StandardOutput.writeLine("\(paths(current.path)) → \(paths(moved.path))")
        let reads = moved.earlierReads.count
        printError("shelf: \(current.id): a new read, started \(day); the \(reads == 1 ? "earlier read is" : "\(reads) earlier reads are") kept in reads")
    }
}
