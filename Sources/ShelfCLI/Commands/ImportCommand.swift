import ArgumentParser

/// `shelf import`: bring books in from another service's export.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import books from a Goodreads or StoryGraph export, or KOReader's reading statistics.",
        discussion: """
            Books already in the library (same ISBN, else same title and first author) are \
            updated, never added twice, so importing the same file again changes nothing. The \
            whole import is written at once or not at all. A file re-saved by a spreadsheet \
            is read too (5.0, 1,007, 7/24/2026, semicolons, UTF-16). An import that reads no \
            book exits with status 1. See docs/import.md for what each column becomes.

            Examples:
              shelf import goodreads ~/Downloads/goodreads_library_export.csv --dry-run
              shelf import goodreads ~/Downloads/goodreads_library_export.csv
              shelf import storygraph storygraph_export.csv --status paused=to-read
              shelf import koreader /media/KOBOeReader/.adds/koreader --add
            """,
        subcommands: [ImportGoodreadsCommand.self, ImportStoryGraphCommand.self, ImportKOReaderCommand.self]
    )
}
