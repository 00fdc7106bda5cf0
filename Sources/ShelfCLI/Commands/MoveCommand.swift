import ArgumentParser
import ShelfKit

/// `shelf move BOOK STATUS [--folder F]`: moves a book to any status or folder.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a book to another status or folder, with its sessions.",
        discussion: """
            Moving to reading sets started, moving to finished sets finished, when they are empty. \
            --folder "" moves the book out of its folder, directly under the status.

            Examples:
              shelf move dune finished --folder sci-fi/classics
              shelf move piranesi to-read
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    @Argument(help: "The status to move it to.", completion: ShelfCompletion.statuses)
    var status: String

    @Option(help: "The folder below the status (default: keep the book's folder).", completion: ShelfCompletion.folders)
    var folder: String?

    func run() async throws {
        let library = try library.open()
        _ = try await StatusChange.move(book, to: Status(status), folder: folder, in: library)
    }
}
