import ArgumentParser
import ShelfKit

/// `shelf finish BOOK [--rating R]`: moves a book to finished, sets `finished`, and rates it.
struct FinishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "Finish a book: move it to finished/, set finished, optionally rate it.",
        discussion: """
            `finished` is set only if empty, to today or to --date, which may not be in the \
            future. A rating is 0.5 to 5 in halves.

            Examples:
              shelf finish dune
              shelf finish dune --date 2026-11-20
              shelf finish "left hand" --rating 4.5
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    // Checked by ShelfKit when written, as `set rating=` is: the same mistake, the same message and exit status.
    @Option(help: "A rating from 0.5 to 5 in halves.")
    var rating: Double?

    @OptionGroup var date: DayOption

    func run() async throws {
        let library = try library.open()
        let status = library.configuration.status(for: .finished)
        let rating = rating
        let current = try await library.resolve(library.reference(book))
        // The finish is this day: a date left in the file by an earlier finish taken back (the
        // book moved out of finished and back to reading) is not it; `--date` on a book already
        // finished corrects the day.
        let finished: Day? = current.status != status ? date.day ?? Day.today() : date.day
        _ = try await StatusChange.move(current, to: status, folder: nil, on: date.day, in: library) { book throws(ShelfError) in
            if let finished { book.finished = finished }
            if let rating { book = try book.setting("rating", to: ValueParsing.value(BookDisplay.number(rating), asString: false)) }
        }
    }
}
