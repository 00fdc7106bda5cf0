import ArgumentParser
import ShelfKit
import ShelfInterchange

/// `shelf import goodreads FILE`.
struct ImportGoodreadsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goodreads",
        abstract: "Import Goodreads' \"Export Library\" CSV (My Books → Import and export).",
        discussion: """
            Exclusive shelves become statuses: read → finished, currently-reading → reading, \
            to-read → to-read, did-not-finish → abandoned; other shelves become tags. A series \
            in the title, "The Way of Kings (The Stormlight Archive, #1)", becomes series and \
            series_index; more series, "Mort (Discworld, #4; Death, #1)", go to other_series, \
            an omnibus range "#1-3" to series_range. An ASIN goes to asin, a malformed ISBN to \
            isbn_invalid, with a warning. Reviews become the book's notes, in Markdown. Rows \
            with an empty Exclusive Shelf go to to-read (--status none=STATUS puts them \
            elsewhere).

            Examples:
              $ shelf import goodreads goodreads_library_export.csv --dry-run
              $ shelf import goodreads goodreads_library_export.csv
              Imported goodreads_library_export.csv: 33 added, 0 updated, 0 unchanged, 2 skipped
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var arguments: ImportArguments

    func run() async throws {
        try await arguments.run(.goodreads, library: library)
    }
}
