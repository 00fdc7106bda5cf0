import ArgumentParser
import ShelfKit

/// `shelf authors [QUERY]`: each author with their count of books.
struct AuthorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authors",
        abstract: "List the authors with the number of books by each, most first.",
        discussion: """
            Names that differ only in case are counted as one, shown as most books write it. A \
            query narrows the books counted, as in `shelf list`.

            Examples:
              shelf authors
              shelf authors status:finished 'rating>=4'
              shelf authors --sort name --format json
            """
    )

    @OptionGroup var options: FacetCountOptions

    func run() async throws {
        try await options.run(.authors, title: "AUTHOR")
    }
}
