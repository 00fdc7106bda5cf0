import ArgumentParser
import ShelfKit

/// `shelf rm BOOK`: moves a book and its sessions to the trash.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a book: move it and its sessions to .shelf/trash/.",
        discussion: """
            Nothing is erased: `shelf restore BOOK` brings the book back where it was.

            Example:
              shelf rm clean-code
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The book: a slug, path, slug prefix or title fragment.", completion: ShelfCompletion.books)
    var book: String

    func run() async throws {
        let library = try library.open()
        let book = try await library.resolve(library.reference(book))
        _ = try await library.delete(book.id)
        try StandardOutput.writeLine("removed \(library.displayPaths(book.path)) to .shelf/trash/")
        printError("shelf: `shelf restore \(book.id)` brings it back")
    }
}
