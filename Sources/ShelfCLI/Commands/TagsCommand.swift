import ArgumentParser
import ShelfKit

/// `shelf tags [QUERY]`: each tag with its count of books.
struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags with the number of books that have each, most first.",
        discussion: """
            Tags that differ only in case are counted as one, shown as most books write it. A \
            query narrows the books counted, as in `shelf list`.

            Examples:
              shelf tags
              shelf tags status:finished --sort name
              shelf tags finished:this-year --format json
            """
    )

    @OptionGroup var options: FacetCountOptions

    func run() async throws {
        try await options.run(.tags, title: "TAG")
    }
}
