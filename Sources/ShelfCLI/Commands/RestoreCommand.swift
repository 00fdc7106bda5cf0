import ArgumentParser
import ShelfKit

/// `shelf restore BOOK`: brings a book back from the trash.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring a removed book back from .shelf/trash/ to where it was.",
        discussion: """
            Example:
              shelf restore clean-code
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The slug of the removed book.")
    var book: String

    func run() async throws {
        let library = try library.open()
        let restored = try await library.restore(BookID(book))
        try StandardOutput.writeLine(library.displayPaths(restored.path))
    }
}
