import ArgumentParser
import ShelfKit

/// `shelf folders [QUERY]`: each folder with its count of books.
struct FoldersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folders",
        abstract: "List the folders below the statuses with the number of books in each, most first.",
        discussion: """
            A folder is counted across the statuses (finished/sci-fi and to-read/sci-fi are both \
            sci-fi), each nested folder on its own; books directly under their status are in no \
            folder. A query narrows the books counted, as in `shelf list`.

            Examples:
              shelf folders
              shelf folders status:to-read
              shelf folders --format json
            """
    )

    @OptionGroup var options: FacetCountOptions

    func run() async throws {
        try await options.run(.folders, title: "FOLDER")
    }
}
